/*
 * cmd_rules.c - `mmiocheck rules [--list-WHAT]... [--rules FILE]...`: load
 * the rule set exactly as an analysis would (the rules directory, then its
 * frameworks/ folder, then each --rules file) and print what it holds, so a
 * user can see which lock APIs, accessors, models, checks and framework lock
 * contexts are in force and where each framework claim comes from.
 *
 * Exit status: 0 printed, 2 usage error or a rules file refused (the message
 * names the file and line).
 */
#include "cli.h"
#include "mmiocheck/mmiocheck.h"
#include "checks/checks.h"
#include "rules/frameworks.h"
#include "util/util.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum listing { LIST_LOCKS, LIST_ACCESSORS, LIST_MODELS, LIST_CHECKS, LIST_FRAMEWORKS, NLISTINGS };

static const char rules_usage[] =
	"usage: mmiocheck rules [--list-WHAT]... [--rules FILE]... [--rules-dir DIR]\n"
	"\n"
	"Prints the loaded rule set (rules directory, its frameworks/ folder, then each --rules FILE).\n"
	"\n"
	"  --list-locks       lock kinds and lock APIs\n"
	"  --list-accessors   accessor classes and MMIO accessors\n"
	"  --list-models      ordering models\n"
	"  --list-checks      checks\n"
	"  --list-frameworks  framework lock contexts: callback slots, locks held, sources\n"
	"  --rules FILE       load an extra rules file (repeatable)\n"
	"  --rules-dir DIR    rules directory (default: $MMIOCHECK_RULES, else the installed one)\n"
	"  -h, --help         print this help and exit\n"
	"\n"
	"Without a --list option: how many entries of each section are loaded.\n"
	"Exit status: 0 printed, 2 usage error or a rules file refused.\n";

/* Lock kinds, then every lock API with its op, kind and variant details. */
static void list_locks(const struct rules *r, FILE *out)
{
	fprintf(out, "lock kinds:\n");
	for (size_t i = 0; i < r->kinds.n; i++) {
		const struct lock_kind *k = &r->kinds.v[i];
		fprintf(out, "  %-14s %-9s %-14s %-9s %s\n", k->name, k->hooked ? "hooked" : "unhooked",
			k->hooked_rt ? "hooked-on-rt" : "unhooked-on-rt", k->sleeping ? "sleeping" : "spinning",
			k->description ? k->description : "");
	}
	fprintf(out, "lock apis:\n");
	for (size_t i = 0; i < r->apis.n; i++) {
		const struct lock_api *a = &r->apis.v[i];
		fprintf(out, "  %-36s %-8s %-13s %-8s lock_arg=%d%s%s\n", a->name, lock_op_name(a->op),
			r->kinds.v[a->kind].name, irq_mode_name(a->irq), a->lock_arg, a->shared ? " shared" : "",
			a->op == LOCK_TRYLOCK ? (a->success_zero ? " success=zero" : " success=nonzero") : "");
	}
	for (size_t i = 0; i < r->lock_wrappers.n; i++)
		fprintf(out, "  %-36s wrapper  (argument 0 is the lock)\n", r->lock_wrappers.v[i]);
	for (size_t i = 0; i < r->static_key_tests.n; i++)
		fprintf(out, "  %-36s static key test  (argument 0 is the key)\n", r->static_key_tests.v[i]);
	for (size_t i = 0; i < r->untracked_contexts.n; i++)
		fprintf(out, "  %-36s context  (no lock API takes it: no annotation contract)\n",
			r->untracked_contexts.v[i]);
}

/* Accessor classes, then every accessor. */
static void list_accessors(const struct rules *r, FILE *out)
{
	fprintf(out, "accessor classes:\n");
	for (size_t i = 0; i < r->classes.n; i++)
		fprintf(out, "  %-9s %s\n", r->classes.v[i].name,
			r->classes.v[i].description ? r->classes.v[i].description : "");
	fprintf(out, "accessors:\n");
	for (size_t i = 0; i < r->accessors.n; i++) {
		const struct accessor *a = &r->accessors.v[i];
		fprintf(out, "  %-24s %-5s %-8s width=%-3d addr_arg=%d\n", a->name, a->dir == MMIO_WRITE ? "write" : "read",
			r->classes.v[a->klass].name, a->width, a->addr_arg);
	}
}

static void list_models(const struct rules *r, FILE *out)
{
	for (size_t i = 0; i < r->models.n; i++)
		fprintf(out, "%-14s %s\n", r->models.v[i].name, r->models.v[i].summary ? r->models.v[i].summary : "");
}

static void list_checks(const struct rules *r, FILE *out)
{
	for (size_t i = 0; i < r->checks.n; i++) {
		const struct check_info *c = &r->checks.v[i];
		fprintf(out, "%s %-20s %-8s %s\n", c->id, c->name, c->enabled ? c->severity : "off",
			c->summary ? c->summary : "");
	}
}

/* One held lock: "spinlock txq->_xmit_lock [type], bh" and its conditions. */
static void print_framework_lock(const struct rules *r, const struct framework_lock *l, FILE *out)
{
	fprintf(out, "  holds:  %s %s", r->kinds.v[l->kind].name, l->name);
	if (l->type_path)
		fprintf(out, " [%s]", l->type_path);
	if (l->arg >= 0)
		fprintf(out, " = &arg%d->%s", l->arg, l->arg_path);
	if (l->irq != IRQ_NONE)
		fprintf(out, ", %s", irq_mode_name(l->irq));
	if (l->coarse)
		fprintf(out, " (coarse: context only, MMIO006 only with --strict)");
	fputc('\n', out);
	for (size_t i = 0; i < l->nconds; i++) {
		const struct framework_condition *c = &l->conds[i];
		fprintf(out, "          not held when the driver sets %s in %s\n            (%s)\n", c->flag, c->field,
			c->source);
	}
}

/* Every framework entry: its slots, locks, versions, sources and note. */
static void list_frameworks(const struct rules *r, FILE *out)
{
	for (size_t i = 0; i < rules_framework_nentries(r); i++) {
		const struct framework_entry *e = rules_framework_entry_at(r, i);
		fprintf(out, "%s%s (%s, Linux %s)  %s:%d\n", i ? "\n" : "", e->name, e->framework, e->versions,
			e->file, e->line);
		fprintf(out, "  slots: ");
		for (size_t k = 0; k < e->fields.n; k++)
			fprintf(out, "%s%s.%s", k ? ", " : "", e->struct_type, e->fields.v[k]);
		fputc('\n', out);
		for (size_t k = 0; k < e->nlocks; k++)
			print_framework_lock(r, &e->locks[k], out);
		for (size_t k = 0; k < e->sources.n; k++)
			fprintf(out, "  %s %s\n", k ? "       " : "source:", e->sources.v[k]);
		if (e->note)
			fprintf(out, "  note:   %s\n", e->note);
	}
}

/* No --list option: one line of counts. */
static void list_summary(const struct rules *r, const char *dir, FILE *out)
{
	fprintf(out, "rules from %s: %zu lock kinds, %zu lock apis, %zu accessors, %zu barriers, %zu models, "
		"%zu checks, %zu framework entries (%zu callback slots)\n", dir, r->kinds.n, r->apis.n,
		r->accessors.n, r->barriers.n, r->models.n, r->checks.n, rules_framework_nentries(r),
		rules_framework_nslots(r));
}

static const struct option rules_options[] = {
	{ "list-locks", no_argument, NULL, 256 + LIST_LOCKS },
	{ "list-accessors", no_argument, NULL, 256 + LIST_ACCESSORS },
	{ "list-models", no_argument, NULL, 256 + LIST_MODELS },
	{ "list-checks", no_argument, NULL, 256 + LIST_CHECKS },
	{ "list-frameworks", no_argument, NULL, 256 + LIST_FRAMEWORKS },
	{ "rules", required_argument, NULL, 'r' },
	{ "rules-dir", required_argument, NULL, 'd' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

struct rules_args {
	bool want[NLISTINGS];
	bool any;
	const char *dir;
	VEC(const char *) extra;
};

/* Parse the verb's options; -1 to go on, else an exit status. */
static int parse_rules_args(struct rules_args *a, int argc, char **argv)
{
	opterr = 0;
	optind = 1;
	for (;;) {
		int o = getopt_long(argc, argv, ":h", rules_options, NULL);
		if (o == -1)
			break;
		if (o >= 256 && o < 256 + NLISTINGS) {
			a->want[o - 256] = a->any = true;
			continue;
		}
		switch (o) {
		case 'r': VEC_PUSH(a->extra, optarg); break;
		case 'd': a->dir = optarg; break;
		case 'h': fputs(rules_usage, stdout); return MC_EXIT_CLEAN;
		case ':': return cli_usage_error("rules", "option '%s' needs an argument", argv[optind - 1]);
		default: return cli_usage_error("rules", "unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return cli_usage_error("rules", "unexpected argument '%s'", argv[optind]);
	return -1;
}

int cmd_rules(int argc, char **argv)
{
	static void (*const printers[NLISTINGS])(const struct rules *, FILE *) = {
		list_locks, list_accessors, list_models, list_checks, list_frameworks,
	};
	struct rules_args a;
	struct mc_options opt;
	struct strbuf err = STRBUF_INIT;
	struct rules *r;
	int status;

	memset(&a, 0, sizeof(a));
	status = parse_rules_args(&a, argc, argv);
	if (status >= 0)
		goto out;
	/* The directory an analysis would use: option, environment, installed. */
	mc_options_init(&opt);
	opt.rules_dir = a.dir;
	a.dir = mc_rules_dir(&opt);
	r = rules_load(a.dir, a.extra.v, (int)a.extra.n, &err);
	if (r && checks_bind(r, &err) < 0) {
		rules_free(r);
		r = NULL;
	}
	if (!r) {
		mc_error("%s", err.buf);	/* "FILE:LINE: reason" */
		status = MC_EXIT_ERROR;
		goto out;
	}
	if (!a.any)
		list_summary(r, a.dir, stdout);
	for (int i = 0, first = 1; i < NLISTINGS; i++)
		if (a.want[i]) {
			if (!first)
				fputc('\n', stdout);
			printers[i](r, stdout);
			first = 0;
		}
	rules_free(r);
	status = MC_EXIT_CLEAN;
out:
	strbuf_release(&err);
	VEC_FREE(a.extra);
	return status;
}
