/* placeholder: removed when this layer's sources land */
