/*
 * check_list.h - every check, once, in id order: CHECK(sym) names the
 * `const struct check check_<sym>` its file defines, and `sym` is its id in
 * lower case.  Included with CHECK defined (dispatch.c builds the table;
 * cmake/embed_rule_docs.py reads it to match docs/rules/).  No include
 * guard: it is an X-macro list.
 */
CHECK(mmio001)
CHECK(mmio002)
CHECK(mmio003)
CHECK(mmio004)
CHECK(mmio005)
CHECK(mmio006)
CHECK(mmio007)
CHECK(mmio008)
