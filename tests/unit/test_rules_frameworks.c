/*
 * test_rules_frameworks.c - the shipped rules/frameworks/ entries load and
 * say exactly what Linux 6.1 does (slots, locks, kinds, irq modes, the
 * NETIF_F_LLTX condition, versions, sources); broken framework entries are
 * refused with FILE:LINE and the reason; a user file replaces an entry by
 * name and adds a slot of its own.
 */
#include <stdlib.h>
#include <unistd.h>

#include "rules/frameworks.h"
#include "testlib.h"

static const char *kind_name(const struct rules *r, const struct framework_lock *l)
{
	return l ? r->kinds.v[l->kind].name : NULL;
}

/* The one lock of a slot, or NULL (with a message) if it has not exactly one. */
static const struct framework_lock *only_lock(const struct rules *r, const char *st, const char *field)
{
	const struct framework_slot *s = rules_framework_slot(r, st, field);

	if (!s || s->nlocks != 1) {
		fprintf(stderr, "%s.%s: %s\n", st, field, s ? "not exactly one lock" : "no slot");
		return NULL;
	}
	return &s->locks[0];
}

/* Driver state for framework_lock_held(): does it set NETIF_F_LLTX? */
static bool sets_lltx(void *ctx, const char *flag, const char *field)
{
	return *(bool *)ctx && !strcmp(flag, "NETIF_F_LLTX") && !strcmp(field, "struct net_device::features");
}

static void test_net(const struct rules *r)
{
	const struct framework_slot *s = rules_framework_slot(r, "net_device_ops", "ndo_start_xmit");
	const struct framework_lock *l = only_lock(r, "net_device_ops", "ndo_start_xmit");
	bool lltx = false;

	CHECK(s && s == rules_framework_slot(r, "struct net_device_ops", "ndo_start_xmit"));
	CHECK(s && s->entry->fields.n == 1 && s->entry->sources.n == 5);
	CHECK_STR(s ? s->entry->name : NULL, "net-xmit");
	CHECK_STR(s ? s->entry->framework : NULL, "net");
	CHECK_STR(s ? s->entry->versions : NULL, "6.1");
	CHECK(s && s->entry->version_from == FW_KERNEL_VERSION(6, 1, 0) &&
	      s->entry->version_to == FW_KERNEL_VERSION(6, 1, 255));
	CHECK(s && s->entry->line > 1 && strstr(s->entry->file, "frameworks/net.json"));
	CHECK(l && l->irq == IRQ_BH && !l->coarse && l->arg == -1 && !l->arg_path && l->nconds == 1);
	CHECK_STR(l ? l->name : NULL, "txq->_xmit_lock");
	CHECK_STR(l ? l->type_path : NULL, "struct netdev_queue::_xmit_lock");
	CHECK_STR(kind_name(r, l), "spinlock");
	if (l && l->nconds == 1) {
		CHECK(l->conds[0].when == FW_WHEN_FLAG_SET && l->conds[0].effect == FW_EFFECT_NOT_HELD);
		CHECK_STR(l->conds[0].flag, "NETIF_F_LLTX");
		CHECK_STR(l->conds[0].field, "struct net_device::features");
		CHECK(strstr(l->conds[0].source, "HARD_TX_LOCK") != NULL);
		CHECK(framework_lock_held(l, sets_lltx, &lltx));
		lltx = true;
		CHECK(!framework_lock_held(l, sets_lltx, &lltx));
		CHECK(framework_lock_held(l, NULL, NULL));
	}
	l = only_lock(r, "net_device_ops", "ndo_tx_timeout");
	CHECK_STR(l ? l->name : NULL, "dev->tx_global_lock");
	CHECK(l && l->irq == IRQ_BH && !l->coarse && l->nconds == 0);
	l = only_lock(r, "net_device_ops", "ndo_open");
	CHECK_STR(kind_name(r, l), "mutex");
	CHECK(l && l->coarse && l->irq == IRQ_NONE);
	CHECK(only_lock(r, "net_device_ops", "ndo_stop") == l);
	l = only_lock(r, "net_device_ops", "ndo_set_rx_mode");
	CHECK_STR(l ? l->name : NULL, "dev->addr_list_lock");
	CHECK_STR(l ? l->type_path : NULL, "struct net_device::addr_list_lock");
	CHECK(l && l->irq == IRQ_BH && !l->coarse && l->nconds == 0);
	CHECK(rules_framework_slot(r, "net_device_ops", "ndo_set_mac_address") == NULL);
	CHECK(rules_framework_slot(r, "net_device_ops", "ndo_get_stats64") == NULL);
}

static void test_serial(const struct rules *r)
{
	static const char *const locked[] = { "set_mctrl", "get_mctrl", "stop_tx", "start_tx", "start_rx",
					      "stop_rx", "enable_ms", "flush_buffer" };
	static const char *const unlisted[] = { "tx_empty", "throttle", "unthrottle", "send_xchar", "startup",
						"shutdown", "set_termios", "pm", "type", "config_port", "ioctl" };
	const struct framework_lock *l;

	for (size_t i = 0; i < sizeof(locked) / sizeof(locked[0]); i++) {
		l = only_lock(r, "uart_ops", locked[i]);
		CHECK(l && l->irq == IRQ_SAVE && l->arg == 0 && !l->coarse);
		CHECK_STR(l ? l->name : NULL, "port->lock");
		CHECK_STR(l ? l->arg_path : NULL, "lock");
		CHECK_STR(l ? l->type_path : NULL, "struct uart_port::lock");
		CHECK_STR(kind_name(r, l), "spinlock");
	}
	for (size_t i = 0; i < sizeof(unlisted) / sizeof(unlisted[0]); i++)
		CHECK(rules_framework_slot(r, "uart_ops", unlisted[i]) == NULL);
	l = only_lock(r, "uart_ops", "break_ctl");
	CHECK(l && l->coarse && l->arg == -1);
	CHECK_STR(kind_name(r, l), "mutex");
	CHECK_STR(l ? l->type_path : NULL, "struct tty_port::mutex");
	CHECK(only_lock(r, "uart_ops", "set_ldisc") == l);
}

static void test_irq_clk(const struct rules *r)
{
	static const char *const locked[] = { "irq_startup", "irq_shutdown", "irq_enable", "irq_disable",
					      "irq_mask", "irq_unmask", "irq_mask_ack", "irq_set_type",
					      "irq_set_affinity", "irq_retrigger", "irq_set_wake" };
	const struct framework_lock *l;

	for (size_t i = 0; i < sizeof(locked) / sizeof(locked[0]); i++) {
		l = only_lock(r, "irq_chip", locked[i]);
		CHECK_STR(l ? l->name : NULL, "desc->lock");
		CHECK_STR(kind_name(r, l), "raw_spinlock");
		CHECK(l && l->irq == IRQ_SAVE && !l->coarse);
	}
	CHECK(rules_framework_slot(r, "irq_chip", "irq_ack") == NULL);
	CHECK(rules_framework_slot(r, "irq_chip", "irq_eoi") == NULL);
	CHECK(rules_framework_slot(r, "irq_chip", "irq_bus_lock") == NULL);

	l = only_lock(r, "clk_ops", "enable");
	CHECK_STR(l ? l->name : NULL, "enable_lock");
	CHECK_STR(kind_name(r, l), "spinlock");
	CHECK(l && l->irq == IRQ_SAVE && !l->coarse && !l->type_path);
	CHECK(only_lock(r, "clk_ops", "disable") == l && only_lock(r, "clk_ops", "disable_unused") == l);
	l = only_lock(r, "clk_ops", "prepare");
	CHECK_STR(l ? l->name : NULL, "prepare_lock");
	CHECK_STR(kind_name(r, l), "mutex");
	CHECK(l && l->coarse);
	CHECK(only_lock(r, "clk_ops", "unprepare") == l && only_lock(r, "clk_ops", "unprepare_unused") == l);
	CHECK(rules_framework_slot(r, "clk_ops", "set_rate") == NULL);
	CHECK(rules_framework_slot(r, "clk_ops", "is_enabled") == NULL);
}

/* Totals: every shipped entry, and every slot exactly once. */
static void test_totals(const struct rules *r)
{
	CHECK(rules_framework_nentries(r) == 9);
	CHECK(rules_framework_nslots(r) == 32);
	for (size_t i = 0; i < rules_framework_nslots(r); i++) {
		const struct framework_slot *s = rules_framework_slot_at(r, i);
		CHECK(rules_framework_slot(r, s->struct_type, s->field) == s);
		CHECK(s->entry->sources.n >= 1 && framework_applies(s->entry, FW_KERNEL_VERSION(6, 1, 192)));
		CHECK(framework_applies(s->entry, 0));
		CHECK(!framework_applies(s->entry, FW_KERNEL_VERSION(6, 2, 0)));
	}
	CHECK(rules_framework_slot(r, "no_such_ops", "start_tx") == NULL);
	CHECK(rules_framework_slot(r, NULL, "start_tx") == NULL);
}

static void test_versions(void)
{
	int from = -1, to = -1;

	CHECK(framework_parse_versions("5.2-6.1", &from, &to) == 0);
	CHECK(from == FW_KERNEL_VERSION(5, 2, 0) && to == FW_KERNEL_VERSION(6, 1, 255));
	CHECK(framework_parse_versions("4.19-", &from, &to) == 0);
	CHECK(from == FW_KERNEL_VERSION(4, 19, 0) && to == 0);
	CHECK(framework_parse_versions("6.1.80", &from, &to) == 0);
	CHECK(from == FW_KERNEL_VERSION(6, 1, 80) && to == from);
	CHECK(framework_parse_versions("6.1.80-6.1.100", &from, &to) == 0);
	CHECK(to == FW_KERNEL_VERSION(6, 1, 100));
	CHECK(framework_parse_versions("6", &from, &to) < 0);
	CHECK(framework_parse_versions("6.1-5.2", &from, &to) < 0);
	CHECK(framework_parse_versions("6.1.", &from, &to) < 0);
	CHECK(framework_parse_versions("v6.1", &from, &to) < 0);
	CHECK(framework_parse_versions("6.1 ", &from, &to) < 0);
	CHECK(framework_parse_versions("", &from, &to) < 0);
}

static char tmpdir[64];

static char *write_file(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", tmpdir, name);
	FILE *f = fopen(path, "w");

	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	return path;
}

/* Load the real rules plus one file; expect "PATH:LINE: ...words..." and no rules. */
static void expect_refused(const char *name, const char *text, int line, const char *words)
{
	char *path = write_file(name, text);
	char *want = xasprintf("%s:%d: ", path, line);
	const char *extra[] = { path };
	struct strbuf err = STRBUF_INIT;
	struct rules *r = rules_load(MMIOCHECK_RULES_DIR, extra, 1, &err);

	CHECK(r == NULL);
	test_checks++;
	if (!err.buf || strncmp(err.buf, want, strlen(want)) || !strstr(err.buf, words)) {
		test_failures++;
		fprintf(stderr, "%s: expected \"%s...%s\", got \"%s\"\n", name, want, words,
			err.buf ? err.buf : "(none)");
	}
	rules_free(r);
	strbuf_release(&err);
	unlink(path);
	free(path);
	free(want);
}

#define HDR "{\n  \"mmiocheck_rules\": 1,\n  \"frameworks\": [\n"
#define OK_LOCK "\"locks\": [ { \"name\": \"l\", \"kind\": \"spinlock\" } ]"
#define TAIL "\"versions\": \"6.1\", \"source\": [ \"x.c f\" ] }\n  ]\n}\n"

static void test_broken(void)
{
	expect_refused("kind.json", HDR "    { \"name\": \"a\", \"framework\": \"f\", \"struct\": \"s_ops\", \"fields\": [\"cb\"],\n"
		       "      \"locks\": [ { \"name\": \"l\",\n        \"kind\": \"spinlok\" } ],\n      " TAIL,
		       6, "unknown lock kind 'spinlok'");
	expect_refused("field.json", HDR "    { \"name\": \"a\", \"framework\": \"f\", \"struct\": \"s_ops\", \"fields\": [\"cb\"],\n"
		       "      " OK_LOCK ",\n      \"sources\": [] ,\n      " TAIL, 6, "unknown field 'sources'");
	expect_refused("missing.json", HDR "\n    { \"name\": \"a\", \"framework\": \"f\", \"fields\": [\"cb\"],\n"
		       "      " OK_LOCK ", " TAIL, 5, "missing required field 'struct'");
	expect_refused("tag.json", HDR "    { \"name\": \"a\", \"framework\": \"f\",\n      \"struct\": \"struct s_ops\", \"fields\": [\"cb\"],\n"
		       "      " OK_LOCK ", " TAIL, 5, "bare struct tag");
	expect_refused("irq.json", HDR "    { \"name\": \"a\", \"framework\": \"f\", \"struct\": \"s_ops\", \"fields\": [\"cb\"],\n"
		       "      \"locks\": [ { \"name\": \"l\", \"kind\": \"spinlock\",\n        \"irq\": \"softirq\" } ], " TAIL,
		       6, "bad value 'softirq' for 'irq'");
	expect_refused("ver.json", HDR "    { \"name\": \"a\", \"framework\": \"f\", \"struct\": \"s_ops\", \"fields\": [\"cb\"],\n"
		       "      " OK_LOCK ",\n      \"versions\": \"6.1-5.2\", \"source\": [\"x\"] }\n  ]\n}\n", 6, "bad versions '6.1-5.2'");
	expect_refused("cond.json", HDR "    { \"name\": \"a\", \"framework\": \"f\", \"struct\": \"s_ops\", \"fields\": [\"cb\"],\n"
		       "      \"locks\": [ { \"name\": \"l\", \"kind\": \"spinlock\", \"conditions\": [\n"
		       "        { \"when\": \"flag_set\", \"flag\": \"F\", \"field\": \"struct s::f\",\n"
		       "          \"effect\": \"held_twice\", \"source\": \"x\" } ] } ], " TAIL, 7, "bad value 'held_twice' for 'effect'");
	expect_refused("arg.json", HDR "    { \"name\": \"a\", \"framework\": \"f\", \"struct\": \"s_ops\", \"fields\": [\"cb\"],\n"
		       "      \"locks\": [ { \"name\": \"l\", \"kind\": \"spinlock\",\n        \"arg\": 0 } ], " TAIL, 6, "'arg' and 'path' go together");
	expect_refused("nolocks.json", HDR "    { \"name\": \"a\", \"framework\": \"f\", \"struct\": \"s_ops\", \"fields\": [\"cb\"],\n"
		       "      \"locks\": [],\n      " TAIL, 5, "'locks' must be a non-empty list");
	expect_refused("nosource.json", HDR "    { \"name\": \"a\", \"framework\": \"f\", \"struct\": \"s_ops\", \"fields\": [\"cb\"],\n"
		       "      " OK_LOCK ", \"versions\": \"6.1\" }\n  ]\n}\n", 4, "missing required field 'source'");
	expect_refused("twice.json", HDR "    { \"name\": \"a\", \"framework\": \"f\", \"struct\": \"s_ops\",\n"
		       "      \"fields\": [\"cb\", \"cb2\",\n \"cb\"], " OK_LOCK ", " TAIL, 5, "field 'cb' listed twice");
	expect_refused("taken.json", HDR "    { \"name\": \"my-xmit\", \"framework\": \"net\", \"struct\": \"net_device_ops\",\n"
		       "      \"fields\": [\"ndo_start_xmit\"], " OK_LOCK ", " TAIL, 5,
		       "slot net_device_ops.ndo_start_xmit is already given by entry 'net-xmit'");
	expect_refused("noname.json", HDR "    { \"framework\": \"f\", \"struct\": \"s_ops\", \"fields\": [\"cb\"], " OK_LOCK ", " TAIL,
		       3, "missing required field 'name'");
	expect_refused("notlist.json", "{\n  \"mmiocheck_rules\": 1,\n\n  \"frameworks\": {}\n}\n", 4, "'frameworks' must be a list");
	expect_refused("section.json", "{\n  \"mmiocheck_rules\": 1,\n  \"framework\": []\n}\n", 3, "unknown top-level key 'framework'");
}

/* A user file replaces net-xmit by name (no LLTX condition) and adds its own subsystem. */
static void test_user_file(void)
{
	char *path = write_file("user.json", HDR
				"    { \"name\": \"net-xmit\", \"framework\": \"net\", \"struct\": \"net_device_ops\",\n"
				"      \"fields\": [\"ndo_start_xmit\"], \"locks\": [ { \"name\": \"txq->_xmit_lock\", \"kind\": \"spinlock\" } ],\n"
				"      \"versions\": \"4.19-\", \"source\": [\"net/core/dev.c\"] },\n"
				"    { \"name\": \"foo-bus\", \"framework\": \"foo\", \"struct\": \"foo_bus_ops\", \"fields\": [\"kick\"],\n"
				"      \"locks\": [ { \"name\": \"bus->lock\", \"kind\": \"raw_spinlock\", \"irq\": \"irq\", \"arg\": 1, \"path\": \"lock\" } ],\n"
				"      \"versions\": \"5.10\", \"source\": [\"drivers/foo/core.c foo_kick\"], \"note\": \"ours\" }\n  ]\n}\n");
	const char *extra[] = { path };
	struct strbuf err = STRBUF_INIT;
	struct rules *r = rules_load(MMIOCHECK_RULES_DIR, extra, 1, &err);

	CHECK(r != NULL);
	if (r) {
		const struct framework_slot *s = rules_framework_slot(r, "net_device_ops", "ndo_start_xmit");
		const struct framework_lock *l = only_lock(r, "foo_bus_ops", "kick");
		CHECK(s && s->nlocks == 1 && s->locks[0].nconds == 0 && s->entry->version_to == 0);
		CHECK(s && framework_applies(s->entry, FW_KERNEL_VERSION(6, 6, 0)));
		CHECK_STR(s ? s->entry->file : NULL, path);
		CHECK(l && l->arg == 1 && l->irq == IRQ_DISABLE);
		CHECK_STR(kind_name(r, l), "raw_spinlock");
		CHECK(rules_framework_nentries(r) == 10 && rules_framework_nslots(r) == 33);
		CHECK(rules_framework_slot(r, "net_device_ops", "ndo_tx_timeout") != NULL);
	} else {
		fprintf(stderr, "user file: %s\n", err.buf);
	}
	rules_free(r);
	strbuf_release(&err);
	unlink(path);
	free(path);
}

int main(void)
{
	struct strbuf err = STRBUF_INIT;
	struct rules *r = rules_load(MMIOCHECK_RULES_DIR, NULL, 0, &err);

	CHECK(r != NULL);
	if (!r) {
		fprintf(stderr, "%s\n", err.buf);
		TEST_DONE();
	}
	test_net(r);
	test_serial(r);
	test_irq_clk(r);
	test_totals(r);
	rules_free(r);
	strbuf_release(&err);
	test_versions();

	strcpy(tmpdir, "/tmp/mc-fw-XXXXXX");
	CHECK(mkdtemp(tmpdir) != NULL);
	test_broken();
	test_user_file();
	rmdir(tmpdir);
	TEST_DONE();
}
