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
/* Refuse a key of obj not in the NULL-ended list `allowed`, so a typo is
 * an error ("WHAT: unknown field 'KEY'"): 0 or -1 (load.c). */
int load_check_keys(struct load_ctx *c, json_t *obj, const char *what, const char *const *allowed);

/* Parse one "models" entry and add or replace it (model_prog.c). */
int rules_load_model(struct load_ctx *c, json_t *e);

/* Parse one "checks" entry and add or replace it (check_entries.c). */
int rules_load_check_entry(struct load_ctx *c, json_t *e);
/* Free the check entries and the bound checks (check_entries.c). */
void rules_free_check_entries(struct rules *r);

/* FRAMEWORKS: parse one "frameworks" entry and add or replace it (frameworks.c). */
int frameworks_load_entry(struct load_ctx *c, json_t *e);
/* Parse one "entry_points" entry and add or replace it (entry_points.c). */
int entry_points_load_entry(struct load_ctx *c, json_t *e);

/* Field readers shared by the frameworks and entry_points sections
 * (frameworks.c); each returns 0 or -1 with the error written. */
int fw_string(struct load_ctx *c, json_t *obj, const char *key, bool required, const char *what, char **out);
int fw_string_list(struct load_ctx *c, json_t *obj, const char *key, const char *what, void *outv);
int fw_pick(struct load_ctx *c, const char *value, const char *key, const char *const *names, int *out);
/* Line of "name" in the file being loaded. */
int fw_entry_line(const struct load_ctx *c, const char *name);

/* Free what a model owns, programs included (lookup.c). */
void rules_free_model(struct rules *r, struct model *m);

/* Build the called-name table from the loaded entries (lookup.c). */
void rules_bind_names(struct rules *r);
/* Free the loader's name index (load.c). */
void rules_free_load_index(struct rules *r);

/* A rules file larger than this is refused before it is parsed. */
#define RULES_MAX_FILE_BYTES (16 << 20)

/* Refuse a file that is too large, has a NUL byte or is not valid UTF-8:
 * 0, or -1 with "PATH:LINE: reason" in err (text_check.c). */
int rules_check_text(const char *path, const char *text, size_t len, struct strbuf *err);

/* Append Jansson's error text to out, reworded where it names Jansson's
 * API or says too little (text_check.c). */
void rules_explain_json_error(const char *jansson_text, struct strbuf *out);

#endif
