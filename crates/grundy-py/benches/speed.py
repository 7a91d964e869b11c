"""Benchmarks of the Python package, each against a baseline in the same
run, with the answers asserted equal (a bench that answers wrongly fails):

1. a subtraction game ({1,3,4}) whose moves are a Python function, against
   the same game built in and written in Rhai (rules/sub134.rhai);
2. 10^5 value queries of small sums: `grundy.value_many` and one
   `grundy.value` call each, against the command line's `--batch`.

Run after `pip install ./crates/grundy-py` and `cargo build --release -p grundy-cli`:

    python crates/grundy-py/benches/speed.py [--heaps N] [--queries N]
"""

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import grundy

ROOT = Path(__file__).resolve().parents[3]


def cpu_seconds():
    """CPU time of this process and of the children it waited for: on a
    shared machine it moves less with the load than wall time does."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


CPU = {}


def best(f, runs=3, name=None):
    """The best wall time of `runs` runs of f, and its answer; the best CPU
    time is kept in CPU[name]."""
    times, cpus = [], []
    for _ in range(runs):
        c = cpu_seconds()
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
        cpus.append(cpu_seconds() - c)
    if name:
        CPU[name] = min(cpus)
    return min(times), out


def cpu():
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--heaps", type=int, default=300_000)
    ap.add_argument("--queries", type=int, default=100_000)
    args = ap.parse_args()
    print(f"machine: {cpu()}, {os.cpu_count()} cores; Python {sys.version.split()[0]}")

    n = args.heaps
    # Each run defines its game anew, so no run finds the last one's memo.
    counter = [0]

    def python_rules():
        counter[0] += 1
        name = f"sub134py{counter[0]}"
        grundy.define(name, moves=lambda h: [h - k for k in (1, 3, 4) if k <= h])
        return grundy.seq(name, to=n, progress=False).values

    def rhai_rules():
        counter[0] += 1
        src = (ROOT / "rules" / "sub134.rhai").read_text()
        path = Path(f"/tmp/sub134rh{os.getpid()}_{counter[0]}.rhai")
        path.write_text(src)
        try:
            (name,) = grundy.load_rules(path)
        finally:
            path.unlink()
        return grundy.seq(name, to=n, progress=False).values

    t_builtin, v_builtin = best(lambda: grundy.seq("sub[1,3,4]", to=n, progress=False).values)
    t_py, v_py = best(python_rules, name="python")
    t_rhai, v_rhai = best(rhai_rules)
    assert v_py == v_builtin == v_rhai, "the three games disagree"
    print(f"subtraction {{1,3,4}}, G(0..={n}):")
    print(f"  Python moves: {t_py:.3f} s, {n / t_py:,.0f} positions/s "
          f"({n / CPU['python']:,.0f} per CPU second)")
    print(f"  Rhai moves:   {t_rhai:.3f} s, {n / t_rhai:,.0f} positions/s ({t_rhai / t_py:.2f}x the Python time)")
    print(f"  built in:     {t_builtin:.3f} s ({t_py / t_builtin:.0f}x faster than Python rules)")

    q = args.queries
    lines = [f"nim({i % 7},{i % 5}) + kayles({i % 11}) + queen({i % 4},{i % 6})" for i in range(q)]
    text = "\n".join(lines) + "\n"
    binary = os.environ.get("GRUNDY_BIN", str(ROOT / "target" / "release" / "grundy"))

    def cli(json_flag):
        flags = ["--json"] if json_flag else []
        r = subprocess.run([binary, "value", "--batch", *flags], input=text, capture_output=True, text=True, check=True)
        return r.stdout.splitlines()

    t_cli, cli_lines = best(lambda: cli(False), name="cli")
    t_cli_json, cli_json = best(lambda: cli(True), name="cli_json")
    t_many, many = best(lambda: grundy.value_many(lines), name="many")
    assert [a.to_dict() for a in many[:1000]] == [__import__("json").loads(l) for l in cli_json[:1000]]
    assert all(a.outcome == l.split()[0] for a, l in zip(many, cli_lines))
    assert [str(a) for a in many[:1000]] == cli_lines[:1000], "the lines written when read differ from the CLI's"
    k = min(q, 20_000)
    t_each, each = best(lambda: [grundy.value(l) for l in lines[:k]], runs=1)
    assert [a.outcome for a in each] == [a.outcome for a in many[:k]]
    print(f"{q} value queries of small sums:")
    print(f"  CLI --batch (text):        {t_cli:.3f} s")
    print(f"  CLI --batch --json:        {t_cli_json:.3f} s")
    print(f"  grundy.value_many:         {t_many:.3f} s ({t_many / t_cli:.2f}x the CLI's text, {t_many / t_cli_json:.2f}x its JSON)")
    print(f"  in CPU time:               value_many {CPU['many']:.3f} s, CLI text {CPU['cli']:.3f} s "
          f"({CPU['many'] / CPU['cli']:.2f}x), CLI JSON {CPU['cli_json']:.3f} s")
    print(f"  grundy.value, one a call:  {t_each / k * 1e6:.1f} us a query ({t_each / k * q / t_cli:.2f}x the CLI for {q})")


if __name__ == "__main__":
    main()
