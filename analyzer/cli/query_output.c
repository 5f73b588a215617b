/*
 * query_output.c - table, JSON and CSV output of query rows (query_output.h).
 */
#include "query_output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void query_output_init(struct query_output *qo, FILE *out, int format)
{
	memset(qo, 0, sizeof(*qo));
	qo->out = out;
	qo->format = format;
}

/* A JSON string literal of s: escapes, and U+FFFD for invalid UTF-8. */
static void json_string(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);

	fputc('"', out);
	while (*p) {
		size_t n = utf8_seq_len(p, (size_t)(end - p));
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", out);
		else if (*p == '\t')
			fputs("\\t", out);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(out, "\\u%04x", *p);
		else if (n == 0)
			fputs("\\ufffd", out);
		else
			fwrite(p, 1, n, out);
		p += n ? n : 1;
	}
	fputc('"', out);
}

/* s with every byte that is not well-formed UTF-8 replaced by `bad`
 * (caller frees). */
static char *valid_utf8(const char *s, const char *bad)
{
	struct strbuf sb = STRBUF_INIT;
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t left = strlen((const char *)p);

	strbuf_init(&sb);
	while (left) {
		size_t n = utf8_seq_len(p, left);
		if (n)
			strbuf_add(&sb, (const char *)p, n);
		else
			strbuf_adds(&sb, bad);
		n = n ? n : 1;
		p += n;
		left -= n;
	}
	return strbuf_detach(&sb);
}

/*
 * One CSV field (RFC 4180), quoted when it holds a comma, quote, a control
 * character or an edge space; always valid UTF-8 (U+FFFD for bytes that
 * are not).  Control characters are shown as '?', as in the table and the
 * text report: a CSV printed into a CI log must not start a new line (a
 * workflow command) or send an escape sequence.
 */
static void csv_field(FILE *out, const char *raw)
{
	char *s = valid_utf8(raw, "\xef\xbf\xbd");
	size_t n = strlen(s);
	bool ctrl = false;

	for (char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			*p = '?';
			ctrl = true;
		}
	if (!ctrl && !strpbrk(s, ",\"") && !(n && (s[0] == ' ' || s[n - 1] == ' '))) {
		fputs(s, out);
		free(s);
		return;
	}
	fputc('"', out);
	for (const char *p = s; *p; p++) {
		if (*p == '"')
			fputc('"', out);
		fputc(*p, out);
	}
	fputc('"', out);
	free(s);
}

/* A copy of s for the table: control characters and bytes that are not
 * UTF-8 shown as '?'. */
static char *table_cell(const char *s)
{
	char *c = valid_utf8(s, "?");

	for (char *p = c; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return c;
}

/* The header: remember the names; CSV prints them, JSON opens the array. */
static void take_header(struct query_output *qo, const struct mc_row *row)
{
	qo->ncols = row->ncols;
	qo->names = xcalloc(row->ncols ? row->ncols : 1, sizeof(*qo->names));
	for (int i = 0; i < row->ncols; i++)
		qo->names[i] = xstrdup(row->names[i] ? row->names[i] : "");
	if (qo->format == QUERY_OUT_CSV) {
		for (int i = 0; i < row->ncols; i++) {
			if (i)
				fputc(',', qo->out);
			csv_field(qo->out, qo->names[i]);
		}
		fputs("\r\n", qo->out);
	} else if (qo->format == QUERY_OUT_JSON) {
		fputc('[', qo->out);
	}
}

/* One JSON object: numbers as numbers, NULL as null, text as strings. */
static void json_row(struct query_output *qo, const struct mc_row *row)
{
	fputs(qo->nrows ? ",\n  {" : "\n  {", qo->out);
	for (int i = 0; i < row->ncols; i++) {
		if (i)
			fputs(", ", qo->out);
		json_string(qo->out, qo->names[i]);
		fputs(": ", qo->out);
		if (row->types[i] == MC_VALUE_NULL || !row->values[i])
			fputs("null", qo->out);
		else if (row->types[i] == MC_VALUE_INT || row->types[i] == MC_VALUE_REAL)
			fputs(row->values[i], qo->out);
		else
			json_string(qo->out, row->values[i]);
	}
	fputc('}', qo->out);
}

int query_output_row(void *ud, const struct mc_row *row)
{
	struct query_output *qo = ud;

	if (!row->values) {
		take_header(qo, row);
		return 0;
	}
	if (qo->format == QUERY_OUT_JSON) {
		json_row(qo, row);
	} else if (qo->format == QUERY_OUT_CSV) {
		for (int i = 0; i < row->ncols; i++) {
			if (i)
				fputc(',', qo->out);
			csv_field(qo->out, row->values[i] ? row->values[i] : "");
		}
		fputs("\r\n", qo->out);
	} else {
		if (qo->rows.n >= QUERY_TABLE_MAX_ROWS) {
			qo->failure = QUERY_OUT_TOO_MANY;
			return 1;
		}
		char **cells = xcalloc(row->ncols ? row->ncols : 1, sizeof(*cells));
		for (int i = 0; i < row->ncols; i++)
			cells[i] = table_cell(row->values[i]);
		VEC_PUSH(qo->rows, cells);
	}
	qo->nrows++;
	if (ferror(qo->out)) {		/* e.g. EPIPE when SIGPIPE is ignored */
		qo->write_errno = errno;
		qo->failure = errno == EPIPE ? QUERY_OUT_CLOSED : QUERY_OUT_WRITE_ERROR;
		return 1;
	}
	return 0;
}

/* Print one table line of ncols cells padded to widths. */
static void table_line(FILE *out, char *const *cells, const size_t *widths, int ncols)
{
	for (int i = 0; i < ncols; i++) {
		if (i == ncols - 1)
			fprintf(out, "%s\n", cells[i]);
		else
			fprintf(out, "%-*s  ", (int)widths[i], cells[i]);
	}
}

/* The buffered rows as columns aligned to their widest cell. */
static void print_table(struct query_output *qo)
{
	size_t *widths = xcalloc(qo->ncols ? qo->ncols : 1, sizeof(*widths));
	char **header = xcalloc(qo->ncols ? qo->ncols : 1, sizeof(*header));

	for (int i = 0; i < qo->ncols; i++) {
		header[i] = table_cell(qo->names[i]);
		widths[i] = strlen(header[i]);
		for (size_t r = 0; r < qo->rows.n; r++)
			if (strlen(qo->rows.v[r][i]) > widths[i])
				widths[i] = strlen(qo->rows.v[r][i]);
	}
	if (qo->ncols)
		table_line(qo->out, header, widths, qo->ncols);
	for (size_t r = 0; r < qo->rows.n; r++)
		table_line(qo->out, qo->rows.v[r], widths, qo->ncols);
	fprintf(qo->out, "(%zu row%s)\n", qo->rows.n, qo->rows.n == 1 ? "" : "s");
	for (int i = 0; i < qo->ncols; i++)
		free(header[i]);
	free(header);
	free(widths);
}

void query_output_finish(struct query_output *qo)
{
	if (qo->format == QUERY_OUT_TABLE && qo->names)
		print_table(qo);
	else if (qo->format == QUERY_OUT_JSON && qo->names)
		fputs(qo->nrows ? "\n]\n" : "]\n", qo->out);
	for (size_t r = 0; r < qo->rows.n; r++) {
		for (int i = 0; i < qo->ncols; i++)
			free(qo->rows.v[r][i]);
		free(qo->rows.v[r]);
	}
	VEC_FREE(qo->rows);
	for (int i = 0; i < qo->ncols; i++)
		free(qo->names[i]);
	free(qo->names);
	qo->names = NULL;
}
