#!/usr/bin/env python3
"""`mmiocheck rules`: what it lists, and how it refuses bad input.

    test_rules_cli.py --mmiocheck PATH --rules-dir DIR --work DIR

Runs the real binary.  The contract tested:

  * no option: one summary line with the framework entry and slot counts;
  * --list-frameworks prints each shipped entry with its slots, the lock it
    holds (kind, name, type, irq mode), the NETIF_F_LLTX condition, its
    sources and file:line;
  * --list-models / --list-checks print what `mmiocheck --list-models` /
    `--list-checks` print; --list-locks and --list-accessors show the
    loaded entries;
  * --rules FILE adds a user framework entry; MMIOCHECK_RULES and
    --rules-dir choose the directory;
  * a refused rules file, an unknown option or a stray argument exit 2 with
    "mmiocheck: ..." on stderr (the file and line for a rules file) and
    print nothing on stdout;
  * the checks are those of analyzer/checks/check_list.h: --list-checks
    lists exactly them, a rules entry for another check is refused by
    `rules` and by the analyze verb, and the build's docs embedding
    (cmake/embed_rule_docs.py) refuses pages that differ from the list.
Each sub-test prints PASS or FAIL with the reasons; exit 1 if any failed.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

TIMEOUT = 60


def run(opts, args, env=None):
    """Run mmiocheck with args; return (status, stdout, stderr)."""
    full_env = dict(os.environ)
    full_env.pop("MMIOCHECK_RULES", None)
    full_env.update(env or {})
    proc = subprocess.run([opts.mmiocheck] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=TIMEOUT, cwd=opts.work, env=full_env)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def write(opts, name, text):
    path = os.path.join(opts.work, name)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return path


def expect(problems, cond, what):
    if not cond:
        problems.append(what)


def test_summary(opts):
    p = []
    st, out, err = run(opts, ["rules"])
    expect(p, st == 0, "exit %d (%s)" % (st, err.strip()))
    expect(p, re.fullmatch(r"rules from \S+: \d+ lock kinds, \d+ lock apis, \d+ accessors, \d+ barriers, "
                           r"\d+ models, \d+ checks, 9 framework entries \(32 callback slots\)\n", out),
           "summary line: %r" % out)
    return p


NET_XMIT_BLOCK = """\
net-xmit (net, Linux 6.1)  {dir}/frameworks/net.json:6
  slots: net_device_ops.ndo_start_xmit
  holds:  spinlock txq->_xmit_lock [struct netdev_queue::_xmit_lock], bh
          not held when the driver sets NETIF_F_LLTX in struct net_device::features
"""


def test_list_frameworks(opts):
    p = []
    st, out, err = run(opts, ["rules", "--list-frameworks"])
    expect(p, st == 0 and not err, "exit %d, stderr %r" % (st, err))
    want = NET_XMIT_BLOCK.format(dir=opts.rules_dir)
    expect(p, want in out, "net-xmit block missing; got:\n" + out[:3000])
    heads = re.findall(r"^(\S+) \((\w+), Linux ([\d.-]+)\)  \S+:\d+$", out, re.M)
    expect(p, [h[0] for h in heads] == ["clk-enable-lock", "clk-prepare-lock", "irq-desc-lock", "net-xmit",
                                        "net-tx-timeout", "net-rx-mode", "net-rtnl-open-stop", "serial-port-lock",
                                        "serial-port-mutex"], "entries: %r" % heads)
    expect(p, all(h[2] == "6.1" for h in heads), "versions: %r" % heads)
    for line in ["  slots: uart_ops.set_mctrl, uart_ops.get_mctrl, uart_ops.stop_tx, uart_ops.start_tx, "
                 "uart_ops.start_rx, uart_ops.stop_rx, uart_ops.enable_ms, uart_ops.flush_buffer\n",
                 "  holds:  spinlock port->lock [struct uart_port::lock] = &arg0->lock, irqsave\n",
                 "  holds:  raw_spinlock desc->lock [struct irq_desc::lock], irqsave\n",
                 "  holds:  spinlock enable_lock, irqsave\n",
                 "  holds:  mutex prepare_lock (coarse: context only, MMIO006 only with --strict)\n",
                 "  holds:  mutex rtnl_mutex (coarse: context only, MMIO006 only with --strict)\n",
                 "  source: net/sched/sch_generic.c dev_watchdog: spin_lock(&dev->tx_global_lock)"]:
        expect(p, line in out, "missing line %r" % line)
    expect(p, out.count("  source: ") == 9, "one source block per entry: %d" % out.count("  source: "))
    return p


def test_same_as_analyze(opts):
    p = []
    for what in ("models", "checks"):
        st1, out1, _ = run(opts, ["rules", "--list-" + what])
        st2, out2, _ = run(opts, ["--list-" + what])
        expect(p, st1 == 0 and st2 == 0 and out1 == out2 and out1.count("\n") >= 5,
               "--list-%s differs from the analyze verb's:\n%s---\n%s" % (what, out1, out2))
    st, out, err = run(opts, ["rules", "--list-locks", "--list-accessors"])
    expect(p, st == 0, "exit %d" % st)
    expect(p, re.search(r"^  spin_lock_irqsave +acquire +spinlock +irqsave +lock_arg=0$", out, re.M),
           "spin_lock_irqsave line")
    expect(p, re.search(r"^  down_trylock +trylock +semaphore +none +lock_arg=0 success=zero$", out, re.M),
           "down_trylock line")
    expect(p, re.search(r"^  writel_relaxed +write +relaxed +width=32 +addr_arg=1$", out, re.M),
           "writel_relaxed line")
    expect(p, out.index("lock kinds:") < out.index("lock apis:") < out.index("\naccessor classes:")
           < out.index("accessors:\n"), "section order")
    return p


USER_FW = """{
  "mmiocheck_rules": 1,
  "frameworks": [
    { "name": "foo-kick", "framework": "foo", "struct": "foo_bus_ops", "fields": [ "kick" ],
      "locks": [ { "name": "bus->lock", "kind": "spinlock", "irq": "irq" } ],
      "versions": "5.10-", "source": [ "drivers/foo/core.c foo_bus_kick" ] }
  ]
}
"""


def test_user_file(opts):
    p = []
    path = write(opts, "user-fw.json", USER_FW)
    st, out, err = run(opts, ["rules", "--rules", path, "--list-frameworks"])
    expect(p, st == 0, "exit %d (%s)" % (st, err.strip()))
    expect(p, "foo-kick (foo, Linux 5.10-)  %s:4\n  slots: foo_bus_ops.kick\n"
              "  holds:  spinlock bus->lock, irq\n  source: drivers/foo/core.c foo_bus_kick\n" % path in out,
           "user entry block missing:\n" + out[-600:])
    st, out, err = run(opts, ["rules", "--rules", path])
    expect(p, "10 framework entries (33 callback slots)" in out, "summary with user file: %r" % out)
    return p


def test_rules_dir(opts):
    p = []
    empty = os.path.join(opts.work, "empty-rules")
    os.makedirs(empty, exist_ok=True)
    for args, env in ((["rules", "--rules-dir", empty], None), (["rules"], {"MMIOCHECK_RULES": empty})):
        st, out, err = run(opts, args, env)
        expect(p, st == 0 and out.startswith("rules from %s: 0 lock kinds" % empty)
               and "0 framework entries (0 callback slots)" in out, "%r: %d %r %r" % (args, st, out, err))
    missing = os.path.join(opts.work, "no-such-dir")
    st, out, err = run(opts, ["rules", "--rules-dir", missing])
    expect(p, st == 2 and not out and err.startswith("mmiocheck: %s: cannot read the rules directory" % missing),
           "missing dir: %d %r %r" % (st, out, err))
    return p


def test_refused(opts):
    p = []
    bad = write(opts, "bad-fw.json", USER_FW.replace('"kind": "spinlock"', '"kind": "spinlok"'))
    st, out, err = run(opts, ["rules", "--rules", bad, "--list-frameworks"])
    expect(p, st == 2 and not out, "bad file: exit %d, stdout %r" % (st, out))
    expect(p, err == "mmiocheck: %s:5: framework lock 'bus->lock': unknown lock kind 'spinlok'\n" % bad,
           "bad file message: %r" % err)
    syntax = write(opts, "syntax-fw.json", USER_FW.replace('"fields": [ "kick" ],', '"fields": [ "kick" ]'))
    st, out, err = run(opts, ["rules", "--rules", syntax])
    expect(p, st == 2 and not out and err.startswith("mmiocheck: %s:5: " % syntax), "syntax: %d %r" % (st, err))
    for args, words in ((["rules", "--list-everything"], "unknown option '--list-everything'"),
                        (["rules", "--rules"], "option '--rules' needs an argument"),
                        (["rules", "net.json"], "unexpected argument 'net.json'")):
        st, out, err = run(opts, args)
        expect(p, st == 2 and not out and err.startswith("mmiocheck: rules: " + words),
               "%r: %d %r %r" % (args, st, out, err))
    st, out, err = run(opts, ["rules", "--help"])
    expect(p, st == 0 and "--list-frameworks" in out and not err, "--help: %d" % st)
    return p


def listed_checks(opts):
    """The ids of analyzer/checks/check_list.h, in order."""
    path = os.path.join(os.path.dirname(opts.rules_dir), "analyzer", "checks", "check_list.h")
    with open(path, encoding="utf-8") as fh:
        return path, [m.group(1).upper() for m in re.finditer(r"^CHECK\((\w+)\)", fh.read(), re.M)]


def test_check_list(opts):
    p = []
    check_list, ids = listed_checks(opts)
    st, out, err = run(opts, ["rules", "--list-checks"])
    shown = [line.split()[0] for line in out.splitlines()]
    expect(p, st == 0 and shown == ids, "--list-checks %r is not check_list.h's %r" % (shown, ids))
    unknown = write(opts, "unknown-check.json", '{ "mmiocheck_rules": 1,\n  "checks": [\n'
                    '    { "id": "MMIO099", "name": "made-up", "severity": "warning" }\n  ]\n}\n')
    want = "mmiocheck: %s:3: no check has the id 'MMIO099' (the checks: %s)\n" % (unknown, ", ".join(ids))
    for args in (["rules", "--rules", unknown, "--list-checks"], ["--rules", unknown, "--list-checks"]):
        st, out, err = run(opts, args)
        expect(p, st == 2 and not out and err == want, "%r: %d %r %r" % (args, st, out, err))
    docs = os.path.join(os.path.dirname(opts.rules_dir), "docs", "rules")
    pages = [os.path.join(docs, i + ".md") for i in ids]
    embed = os.path.join(os.path.dirname(opts.rules_dir), "cmake", "embed_rule_docs.py")
    out_c = os.path.join(opts.work, "rule_docs_table.c")
    extra = write(opts, "MMIO099.md", "# MMIO099\n")
    for given, words in ((pages, None),
                         (pages[1:], "%s listed in %s but without a page" % (ids[0], check_list)),
                         (pages + [extra], "docs/rules/MMIO099.md without a CHECK() line in %s" % check_list)):
        proc = subprocess.run([sys.executable, embed, "-o", out_c, "--check-list", check_list] + given,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
        err = proc.stderr.decode()
        if words is None:
            expect(p, proc.returncode == 0 and not err, "the shipped pages: %d %r" % (proc.returncode, err))
        else:
            expect(p, proc.returncode == 1 and words in err, "%d pages: %d %r" % (len(given), proc.returncode, err))
    return p


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--rules-dir", required=True, help="the rules directory the binary was built with")
    ap.add_argument("--work", required=True)
    opts = ap.parse_args()
    opts.mmiocheck = os.path.abspath(opts.mmiocheck)
    opts.rules_dir = os.path.abspath(opts.rules_dir)
    shutil.rmtree(opts.work, ignore_errors=True)
    os.makedirs(opts.work)
    failed = 0
    tests = [test_summary, test_list_frameworks, test_same_as_analyze, test_user_file, test_rules_dir,
             test_refused, test_check_list]
    for t in tests:
        problems = t(opts)
        print("%s %s" % ("FAIL" if problems else "PASS", t.__name__))
        for line in problems:
            print("     " + line)
        failed += bool(problems)
    print("%d tests, %d failed" % (len(tests), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
