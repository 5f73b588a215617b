/*
 * rules_int.h - what the files of the rules layer share and nobody else
 * sees: the loading context and the helpers between load.c, model_prog.c
 * and lookup.c.  Jansson appears only in this layer.
 */
#ifndef MMIOCHECK_RULES_INT_H
#define MMIOCHECK_RULES_INT_H

#include <jansson.h>
#include "rules.h"

/* One file being loaded: errors are reported against its text. */
struct load_ctx {
	struct rules *r;
	const char *path;
	const char *text;	/* whole file, to find the line of an entry */
	const char *anchor;	/* name of the entry being loaded, or NULL */
	struct strbuf *err;
};

/* Write "PATH:LINE: message" into c->err (line of `near` in the file); returns -1. */
int load_error(struct load_ctx *c, const char *near, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Parse one "models" entry and add or replace it (model_prog.c). */
int rules_load_model(struct load_ctx *c, json_t *e);

/* FRAMEWORKS: parse one "frameworks" entry and add or replace it (frameworks.c). */
int frameworks_load_entry(struct load_ctx *c, json_t *e);

/* Free what a model owns, programs included (lookup.c). */
void rules_free_model(struct rules *r, struct model *m);

/* Build the called-name table from the loaded entries (lookup.c). */
void rules_bind_names(struct rules *r);

#endif
