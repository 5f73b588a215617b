/*
 * query_output.h - printing query rows (mmiocheck query) as an aligned
 * table, JSON (an array of objects) or CSV (RFC 4180).
 *
 * Values come from the database, i.e. from analyzed trees and other tools:
 * JSON output is always valid UTF-8 (bad bytes become U+FFFD), CSV quotes
 * every field that needs it, the table shows control characters as '?'.
 */
#ifndef MMIOCHECK_QUERY_OUTPUT_H
#define MMIOCHECK_QUERY_OUTPUT_H

#include "mmiocheck/mmiocheck.h"
#include "util/util.h"

#include <stdio.h>

enum { QUERY_OUT_TABLE, QUERY_OUT_JSON, QUERY_OUT_CSV };

/* The most rows a table holds (it is printed at the end, aligned). */
#define QUERY_TABLE_MAX_ROWS 100000

/* Why query_output_row stopped the query. */
enum { QUERY_OUT_OK, QUERY_OUT_TOO_MANY, QUERY_OUT_CLOSED, QUERY_OUT_WRITE_ERROR };

struct query_output {
	FILE *out;
	int format;
	int failure;			/* QUERY_OUT_*: why it stopped */
	int write_errno;
	int ncols;
	char **names;			/* copies of the column names */
	VEC(char **) rows;		/* table only: rows kept to align columns */
	size_t nrows;
};

void query_output_init(struct query_output *qo, FILE *out, int format);
/* An mc_row_fn: the header first, then every row. */
int query_output_row(void *qo, const struct mc_row *row);
/* Print what is buffered (table) or the closing bracket (JSON); frees all. */
void query_output_finish(struct query_output *qo);

#endif
