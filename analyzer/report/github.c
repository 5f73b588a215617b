/*
 * github.c - GitHub Actions workflow commands, one annotation per finding
 * place:
 *
 *   ::warning file=drv.c,line=12,col=2,endLine=12,title=MMIO001 unordered-release::MESSAGE
 *
 * Escaping follows @actions/core: in the message '%', CR and LF become
 * %25, %0D, %0A; in property values ':' and ',' also become %3A, %2C.
 * Other control characters are percent-encoded as well (%1B), and bytes
 * that are not UTF-8 become U+FFFD.
 * GitHub shows at most 10 annotations of each level per step, so at most
 * REPORT_GITHUB_LIMIT of each are written, and the summary line says how
 * many were left out and points to the SARIF report, which has them all.
 * Findings of one rule at one place under several models are one
 * annotation naming the models (as in the text format).  Suppressed
 * findings are not passed here (cmd_report filters them).
 */
#include "report_int.h"

#include <stdlib.h>
#include <string.h>

/*
 * Append s escaped for the message part (or, with property, for a
 * key=value).  Beyond @actions/core, other control characters are
 * percent-encoded too (%1B: an ESC would recolour the log) and bytes that
 * are not well-formed UTF-8 become U+FFFD.
 */
static void add_escaped(struct strbuf *sb, const char *s, bool property)
{
	static const char hex[] = "0123456789ABCDEF";
	const char *end = s ? s + strlen(s) : NULL;

	for (const char *p = s ? s : ""; *p; p++) {
		size_t n = utf8_seq_len((const unsigned char *)p, (size_t)(end - p));
		if (!n) {
			strbuf_adds(sb, "\xef\xbf\xbd");
			continue;
		}
		if (n > 1) {
			strbuf_add(sb, p, n);
			p += n - 1;
			continue;
		}
		if (((unsigned char)*p < 0x20 || *p == 0x7f) && *p != '\r' && *p != '\n') {
			strbuf_addch(sb, '%');
			strbuf_addch(sb, hex[(unsigned char)*p >> 4]);
			strbuf_addch(sb, hex[*p & 15]);
			continue;
		}
		switch (*p) {
		case '%': strbuf_adds(sb, "%25"); break;
		case '\r': strbuf_adds(sb, "%0D"); break;
		case '\n': strbuf_adds(sb, "%0A"); break;
		case ':':
			if (property)
				strbuf_adds(sb, "%3A");
			else
				strbuf_addch(sb, ':');
			break;
		case ',':
			if (property)
				strbuf_adds(sb, "%2C");
			else
				strbuf_addch(sb, ',');
			break;
		default: strbuf_addch(sb, *p);
		}
	}
}

static const char *command_of(int rank)
{
	return rank == 2 ? "error" : rank == 1 ? "warning" : "notice";
}

/* " (models: a, b)" for the group g[0..n), distinct models in order. */
static void add_models(struct strbuf *sb, const struct ci_item *g, size_t n)
{
	size_t shown = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t m = 0; m < g[i].f->nmodels; m++) {
			bool dup = false;
			for (size_t k = 0; k <= i && !dup; k++)
				for (size_t q = 0; q < g[k].f->nmodels && (k < i || q < m) && !dup; q++)
					dup = !strcmp(g[k].f->models[q], g[i].f->models[m]);
			if (dup)
				continue;
			strbuf_adds(sb, shown ? ", " : " (models: ");
			strbuf_adds(sb, g[i].f->models[m]);
			shown++;
		}
	if (shown)
		strbuf_addch(sb, ')');
}

/* The workflow command of one group of findings at one place. */
static void add_annotation(struct strbuf *sb, const struct ci_item *g, size_t n, int rank)
{
	const struct mc_finding *f = g[0].f;
	struct strbuf msg = STRBUF_INIT, title = STRBUF_INIT;

	strbuf_init(&msg);
	strbuf_init(&title);
	strbuf_addf(sb, "::%s file=", command_of(rank));
	add_escaped(sb, f->file, true);
	if (f->line) {
		strbuf_addf(sb, ",line=%u", f->line);
		if (f->col)
			strbuf_addf(sb, ",col=%u", f->col);
		strbuf_addf(sb, ",endLine=%u", f->end_line >= f->line ? f->end_line : f->line);
	}
	strbuf_addf(&title, "%s %s", f->rule ? f->rule : "mmiocheck", f->rule_name ? f->rule_name : "");
	strbuf_adds(sb, ",title=");
	add_escaped(sb, title.buf, true);
	strbuf_adds(&msg, f->message ? f->message : "");
	add_models(&msg, g, n);
	strbuf_adds(sb, "::");
	add_escaped(sb, msg.buf, false);
	strbuf_addch(sb, '\n');
	strbuf_release(&msg);
	strbuf_release(&title);
}

int report_github(FILE *out, const struct mc_result *const *results, size_t n,
		  const struct report_ci *ci)
{
	struct strbuf sb = STRBUF_INIT;
	size_t count, per_level[3] = { 0, 0, 0 }, hidden = 0, places = 0;
	struct ci_item *items = ci_collect(results, n, ci, &count);

	strbuf_init(&sb);
	for (size_t i = 0; i < count;) {
		size_t g = 1;
		int rank;
		while (i + g < count && ci_same_place(&items[i], &items[i + g]))
			g++;
		rank = ci_severity_rank(items[i].f->severity);
		for (size_t k = 1; k < g; k++)
			if (ci_severity_rank(items[i + k].f->severity) > rank)
				rank = ci_severity_rank(items[i + k].f->severity);
		if (per_level[rank] < REPORT_GITHUB_LIMIT)
			add_annotation(&sb, items + i, g, rank);
		else
			hidden++;
		per_level[rank]++;
		places++;
		i += g;
	}
	strbuf_addf(&sb, "mmiocheck: %zu finding%s at %zu place%s in %zu file%s: %zu error%s, %zu warning%s, "
		    "%zu note%s", count, count == 1 ? "" : "s", places, places == 1 ? "" : "s",
		    n, n == 1 ? "" : "s", per_level[2], per_level[2] == 1 ? "" : "s",
		    per_level[1], per_level[1] == 1 ? "" : "s", per_level[0], per_level[0] == 1 ? "" : "s");
	if (hidden)
		strbuf_addf(&sb, "; %zu not shown as annotations (GitHub shows at most %d per level and "
			    "step): upload the SARIF report (mmiocheck report --format sarif) to see all",
			    hidden, REPORT_GITHUB_LIMIT);
	strbuf_addch(&sb, '\n');
	free(items);
	int rc = fputs(sb.buf, out) == EOF ? -1 : 0;
	strbuf_release(&sb);
	return rc;
}
