/*
 * html.c - the HTML report: one self-contained page (inline style and
 * script, a Content-Security-Policy that allows no network), findings
 * grouped by file and then by check, with filters.
 *
 * Each finding shows its source lines (the finding's line and its trace
 * steps highlighted) and its trace as a lock-nesting timeline: one row per
 * step, one bar per lock held at that step, the write, the barrier, and a
 * release that orders nothing marked as such.  Findings of one rule at one
 * place under several models are one entry naming the models.
 */
#include "html_assets.h"
#include "report_int.h"

#include <stdlib.h>
#include <string.h>

#define SOURCE_CONTEXT 2	/* lines shown around the first and last step */
#define SOURCE_MAX_LINES 60	/* longer excerpts are cut in the middle */

/*
 * Append s[0..n) (up to a NUL) with &, <, >, " and ' escaped; control
 * characters other than tab, LF and CR, and bytes that are not well-formed
 * UTF-8, become U+FFFD (the page is UTF-8, and HTML forbids controls).
 */
static void add_html(struct strbuf *sb, const char *s, size_t n)
{
	for (size_t i = 0; s && i < n && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];
		size_t len = utf8_seq_len((const unsigned char *)s + i, n - i);
		if (!len || ((c < 0x20 || c == 0x7f) && c != '\t' && c != '\n' && c != '\r')) {
			strbuf_adds(sb, "\xef\xbf\xbd");
			continue;
		}
		if (len > 1) {
			strbuf_add(sb, s + i, len);
			i += len - 1;
			continue;
		}
		switch (s[i]) {
		case '&': strbuf_adds(sb, "&amp;"); break;
		case '<': strbuf_adds(sb, "&lt;"); break;
		case '>': strbuf_adds(sb, "&gt;"); break;
		case '"': strbuf_adds(sb, "&quot;"); break;
		case '\'': strbuf_adds(sb, "&#39;"); break;
		default: strbuf_addch(sb, s[i]);
		}
	}
}

static void add_html_s(struct strbuf *sb, const char *s)
{
	add_html(sb, s ? s : "", s ? strlen(s) : 0);
}

/* A source file split into lines, or empty when it cannot be read. */
struct source {
	struct strbuf text;
	VEC(size_t) starts;	/* offset of each line */
};

static void source_load(struct source *src, const char *dir, const char *path)
{
	char *full = path[0] == '/' || !dir ? xstrdup(path) : xasprintf("%s/%s", dir, path);

	memset(src, 0, sizeof(*src));
	strbuf_init(&src->text);
	if (strbuf_read_file(&src->text, full) == 0)
		for (size_t i = 0; i < src->text.len; i++)
			if (i == 0 || src->text.buf[i - 1] == '\n')
				VEC_PUSH(src->starts, i);
	free(full);
}

/* Line n (1-based) as [*s, *s + *len); false if there is no such line. */
static bool source_line(const struct source *src, unsigned n, const char **s, size_t *len)
{
	if (n < 1 || n > src->starts.n)
		return false;
	size_t a = src->starts.v[n - 1];
	size_t b = n < src->starts.n ? src->starts.v[n] - 1 : src->text.len;
	*s = src->text.buf + a;
	*len = b > a && src->text.buf[b - 1] == '\r' ? b - a - 1 : b - a;
	return true;
}

static void source_release(struct source *src)
{
	strbuf_release(&src->text);
	VEC_FREE(src->starts);
}

/* Is line n one of the finding's trace steps? */
static bool is_step_line(const struct mc_finding *f, unsigned n)
{
	for (size_t i = 0; i < f->ntrace; i++)
		if (f->trace[i].line == n && (!f->trace[i].file || !strcmp(f->trace[i].file, f->file)))
			return true;
	return false;
}

/* The source excerpt: from the first to the last step (or the finding's
 * line), with context; long excerpts keep their ends. */
static void add_source(struct strbuf *sb, const struct mc_finding *f, const struct source *src)
{
	unsigned lo = f->line, hi = f->line;
	const char *s;
	size_t len;

	for (size_t i = 0; i < f->ntrace; i++)
		if (f->trace[i].line && (!f->trace[i].file || !strcmp(f->trace[i].file, f->file))) {
			lo = f->trace[i].line < lo ? f->trace[i].line : lo;
			hi = f->trace[i].line > hi ? f->trace[i].line : hi;
		}
	lo = lo > SOURCE_CONTEXT ? lo - SOURCE_CONTEXT : 1;
	hi += SOURCE_CONTEXT;
	if (!source_line(src, lo, &s, &len)) {
		strbuf_adds(sb, "<p class=\"meta\">(source not available)</p>\n");
		return;
	}
	strbuf_adds(sb, "<pre class=\"src\">");
	for (unsigned n = lo; n <= hi && source_line(src, n, &s, &len); n++) {
		if (hi - lo > SOURCE_MAX_LINES && n == lo + SOURCE_MAX_LINES / 2) {
			strbuf_adds(sb, "<span class=\"l\"><span class=\"n\">...</span></span>");
			n = hi - SOURCE_MAX_LINES / 2;
			continue;
		}
		strbuf_addf(sb, "<span class=\"l%s\" data-line=\"%u\"><span class=\"n\">%u</span>",
			    n == f->line ? " hl-finding" : is_step_line(f, n) ? " hl-step" : "", n, n);
		add_html(sb, s, len);
		strbuf_adds(sb, "</span>");
	}
	strbuf_adds(sb, "</pre>\n");
}

static bool kind_is(const char *k, const char *a, const char *b)
{
	return k && (!strcmp(k, a) || (b && !strcmp(k, b)));
}

/* The timeline: one row per step with a bar per lock held at it. */
static void add_timeline(struct strbuf *sb, const struct mc_finding *f)
{
	int depth = 0;
	bool barrier = false, wrote = false;

	if (!f->ntrace)
		return;
	strbuf_adds(sb, "<div class=\"timeline\">\n");
	for (size_t i = 0; i < f->ntrace; i++) {
		const struct mc_trace_step *t = &f->trace[i];
		bool acq = kind_is(t->kind, "acquire", "inner-acquire") || kind_is(t->kind, "trylock", NULL);
		bool rel = kind_is(t->kind, "release", "inner-release");
		int held = rel && depth > 0 ? depth - 1 : depth;
		const char *icon = acq ? "&#9654;" : rel ? "&#9664;" : kind_is(t->kind, "write", NULL) ? "W"
				   : kind_is(t->kind, "barrier", NULL) ? "B" : "&#8226;";
		barrier |= kind_is(t->kind, "barrier", NULL);
		wrote |= kind_is(t->kind, "write", NULL);
		strbuf_adds(sb, "<div class=\"tl-step kind-");
		add_html_s(sb, t->kind ? t->kind : "step");
		strbuf_addf(sb, "\" data-depth=\"%d\"><span class=\"tl-bars\">", acq ? depth : held);
		for (int k = 0; k < (acq ? depth : held) + (acq || rel ? 1 : 0); k++)
			strbuf_adds(sb, "<span class=\"tl-bar\"></span>");
		strbuf_addf(sb, "</span><span class=\"tl-icon\">%s</span><span class=\"loc\">%u:%u</span>"
			    "<span class=\"tl-text\">", icon, t->line, t->col);
		add_html_s(sb, t->message ? t->message : t->kind);
		strbuf_adds(sb, "</span>");
		/* a write, then the release with no barrier between: the
		 * write reaches the device unordered (the escape checks'
		 * traces), whatever the rule */
		if (wrote && kind_is(t->kind, "release", NULL) && !barrier)
			strbuf_adds(sb, "<span class=\"tl-missing\">no barrier orders the write here</span>");
		strbuf_adds(sb, "</div>\n");
		if (acq)
			depth++;
		else if (rel && depth > 0)
			depth = kind_is(t->kind, "release", NULL) ? 0 : depth - 1;
	}
	strbuf_adds(sb, "</div>\n");
}

/* Lower-cased text the filter box searches: rule, message, function, lock. */
static void add_search_text(struct strbuf *sb, const struct mc_finding *f)
{
	struct strbuf t = STRBUF_INIT;

	strbuf_init(&t);
	strbuf_addf(&t, "%s %s %s %s %s %s", f->rule ? f->rule : "", f->rule_name ? f->rule_name : "",
		    f->message ? f->message : "", f->function ? f->function : "",
		    f->lock_name ? f->lock_name : "", f->accessor ? f->accessor : "");
	for (size_t i = 0; i < t.len; i++)
		if (t.buf[i] >= 'A' && t.buf[i] <= 'Z')
			t.buf[i] = (char)(t.buf[i] - 'A' + 'a');
	add_html(sb, t.buf, t.len);
	strbuf_release(&t);
}

/* "function f · lock l (kind) · models a, b · fingerprint x". */
static void add_meta(struct strbuf *sb, const struct ci_item *g, size_t n)
{
	const struct mc_finding *f = g[0].f;

	strbuf_adds(sb, "<p class=\"meta\">function ");
	add_html_s(sb, f->function ? f->function : "?");
	if (f->lock_name) {
		strbuf_adds(sb, " &middot; lock ");
		add_html_s(sb, f->lock_name);
		strbuf_adds(sb, " (");
		add_html_s(sb, f->lock_kind);
		strbuf_adds(sb, ")");
	}
	strbuf_adds(sb, " &middot; models ");
	(void)n;
	for (size_t i = 0; i < f->nmodels; i++) {
		strbuf_adds(sb, i ? ", " : "");
		add_html_s(sb, f->models[i]);
	}
	if (mc_finding_paths(f) > 1)
		strbuf_addf(sb, " &middot; reached from %zu paths", mc_finding_paths(f));
	strbuf_adds(sb, " &middot; fingerprint ");
	add_html_s(sb, f->fingerprint);
	strbuf_adds(sb, "</p>\n");
}

/* One finding (the group g[0..n) at one place). */
static void add_finding(struct strbuf *sb, const struct ci_item *g, size_t n, const struct source *src)
{
	const struct mc_finding *f = g[0].f;
	const char *sev = ci_severity_rank(f->severity) == 2 ? "error"
			  : ci_severity_rank(f->severity) == 1 ? "warning" : "note";

	strbuf_addf(sb, "<article class=\"finding sev-%s\" data-rule=\"", sev);
	add_html_s(sb, f->rule);
	strbuf_addf(sb, "\" data-severity=\"%s\" data-models=\"", sev);
	for (size_t i = 0; i < f->nmodels; i++) {
		if (i)
			strbuf_addch(sb, ' ');
		add_html_s(sb, f->models[i]);
	}
	strbuf_adds(sb, "\" data-text=\"");
	add_search_text(sb, f);
	strbuf_addf(sb, "\">\n<div><span class=\"badge %s\">%s</span><span class=\"loc\">", sev, sev);
	add_html_s(sb, f->file);
	strbuf_addf(sb, ":%u:%u</span> ", f->line, f->col);
	add_html_s(sb, f->rule);
	if (g[0].supp) {
		strbuf_adds(sb, " <span class=\"supp\">suppressed by ");
		add_html_s(sb, g[0].supp->origin);
		strbuf_adds(sb, ": ");
		add_html_s(sb, *g[0].supp->reason ? g[0].supp->reason : "no reason given");
		strbuf_adds(sb, "</span>");
	}
	strbuf_adds(sb, "</div>\n<p class=\"msg\">");
	add_html_s(sb, f->message);
	strbuf_adds(sb, "</p>\n");
	add_meta(sb, g, n);
	add_source(sb, f, src);
	add_timeline(sb, f);
	strbuf_adds(sb, "</article>\n");
}

static int cmp_rule_ptr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The section of one file: items[0..n) all have the same file. */
static void add_file_section(struct strbuf *sb, const struct ci_item *items, size_t n, const char *source_dir,
			     const struct report_ci *ci)
{
	VEC(const char *) rules = VEC_INIT;
	struct source src;

	for (size_t i = 0; i < n; i++) {
		const char *r = items[i].f->rule ? items[i].f->rule : "";
		bool seen = false;
		for (size_t k = 0; k < rules.n && !seen; k++)
			seen = !strcmp(rules.v[k], r);
		if (!seen)
			VEC_PUSH(rules, r);
	}
	qsort(rules.v, rules.n, sizeof(*rules.v), cmp_rule_ptr);
	source_load(&src, source_dir, items[0].f->file ? items[0].f->file : "");
	strbuf_adds(sb, "<section class=\"file\" data-file=\"");
	add_html_s(sb, items[0].f->file);
	strbuf_adds(sb, "\"><h2>");
	add_html_s(sb, items[0].f->file);
	strbuf_adds(sb, "</h2>\n");
	for (size_t r = 0; r < rules.n; r++) {
		const struct report_rule *meta = ci_rule(ci, rules.v[r]);
		strbuf_adds(sb, "<div class=\"check-group\" data-rule=\"");
		add_html_s(sb, rules.v[r]);
		strbuf_adds(sb, "\"><h3>");
		add_html_s(sb, rules.v[r]);
		strbuf_adds(sb, " ");
		add_html_s(sb, meta ? meta->name : "");
		strbuf_adds(sb, "</h3>\n");
		for (size_t i = 0; i < n;) {
			size_t g = 1;
			while (i + g < n && ci_same_place(&items[i], &items[i + g]))
				g++;
			if (!strcmp(items[i].f->rule ? items[i].f->rule : "", rules.v[r]))
				add_finding(sb, items + i, g, &src);
			i += g;
		}
		strbuf_adds(sb, "</div>\n");
	}
	strbuf_adds(sb, "</section>\n");
	source_release(&src);
	VEC_FREE(rules);
}

/* The filter bar: a checkbox per check and severity, a model list, text. */
static void add_filters(struct strbuf *sb, const struct report_ci *ci)
{
	static const char *const sevs[] = { "error", "warning", "note" };

	strbuf_adds(sb, "<form id=\"filters\" onsubmit=\"return false\"><fieldset><legend>Checks</legend>");
	for (size_t i = 0; i < ci->nrules; i++) {
		strbuf_adds(sb, "<label><input type=\"checkbox\" class=\"f-rule\" checked id=\"filter-rule-");
		add_html_s(sb, ci->rules[i].id);
		strbuf_adds(sb, "\" value=\"");
		add_html_s(sb, ci->rules[i].id);
		strbuf_adds(sb, "\"> ");
		add_html_s(sb, ci->rules[i].id);
		strbuf_adds(sb, "</label>");
	}
	strbuf_adds(sb, "</fieldset><fieldset><legend>Severity</legend>");
	for (size_t i = 0; i < 3; i++)
		strbuf_addf(sb, "<label><input type=\"checkbox\" class=\"f-sev\" checked id=\"filter-sev-%s\" "
			    "value=\"%s\"> %s</label>", sevs[i], sevs[i], sevs[i]);
	strbuf_adds(sb, "</fieldset><fieldset><legend>Model</legend><select id=\"filter-model\">"
		    "<option value=\"\">all</option>");
	for (size_t i = 0; ci->meta && i < ci->meta->nmodels; i++) {
		strbuf_adds(sb, "<option>");
		add_html_s(sb, ci->meta->models[i]);
		strbuf_adds(sb, "</option>");
	}
	strbuf_adds(sb, "</select></fieldset><fieldset><legend>Text</legend><input type=\"search\" "
		    "id=\"filter-text\" placeholder=\"function, lock, message\"></fieldset>"
		    "<span id=\"shown-count\"></span></form>\n");
}

int report_html(FILE *out, const struct mc_result *const *results, size_t n,
		const struct report_ci *ci, const char *source_dir)
{
	struct strbuf sb = STRBUF_INIT;
	size_t count;
	struct ci_item *items = ci_collect(results, n, ci, &count);
	int rc;

	strbuf_init(&sb);
	strbuf_adds(&sb, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		    "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
		    "<link rel=\"icon\" href=\"data:,\">\n<title>mmiocheck report</title>\n<style>");
	strbuf_adds(&sb, html_css);
	strbuf_addf(&sb, "</style></head><body>\n<header><h1>mmiocheck report</h1><p>run %lld &middot; "
		    "%zu finding%s in %zu file%s &middot; models ", ci->meta ? ci->meta->run_id : -1LL, count,
		    count == 1 ? "" : "s", n, n == 1 ? "" : "s");
	for (size_t i = 0; ci->meta && i < ci->meta->nmodels; i++) {
		strbuf_adds(&sb, i ? ", " : "");
		add_html_s(&sb, ci->meta->models[i]);
	}
	strbuf_adds(&sb, "</p></header>\n");
	add_filters(&sb, ci);
	strbuf_adds(&sb, "<main>\n<p id=\"empty\" class=\"hidden\">No finding matches the filters.</p>\n");
	for (size_t i = 0; i < count;) {
		size_t k = 1;
		while (i + k < count && !strcmp(items[i].f->file ? items[i].f->file : "",
						items[i + k].f->file ? items[i + k].f->file : ""))
			k++;
		add_file_section(&sb, items + i, k, source_dir, ci);
		i += k;
	}
	strbuf_adds(&sb, "</main>\n<script>");
	strbuf_adds(&sb, html_js);
	strbuf_adds(&sb, "</script></body></html>\n");
	free(items);
	rc = fputs(sb.buf, out) == EOF ? -1 : 0;
	strbuf_release(&sb);
	return rc;
}
