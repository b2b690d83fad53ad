#!/usr/bin/env python3
"""Bad values for every option of sixteen quick command lines (issue 47's sweep): each case takes one valid command
line and replaces one value with a wrong one of its kind (an input path: missing, a folder, empty, garbage, endless,
a path through a file; an output path: a folder, a path through a file, an unwritable file, the command's own input;
a number: negative, zero, beyond an int, 1e308, NaN, not a number; a word: empty, unknown, 5,000 characters), plus
the same command under a non-ASCII file name with LANG=C. Each case is judged as a user would:

  BAD   a stack trace or "internal error"; still running after 60 s; exit 0 for an input that is missing, a
        folder, empty or garbage; an output folder or file written where it was refused before
  WEAK  refused, but not in one line that names the option or the value, or with an exit other than 2
  GOOD  refused in one line naming the option or the value, exit 2; or accepted where the value is valid
        (exit 0: listed as ACCEPTED, for a reader to check that it is)

Usage: python3 2026-11-30-argument-sweep.py LAB WORKDIR   (WORKDIR is made afresh). One line per case, then a table.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

LAB, WORK = sys.argv[1], Path(sys.argv[2])
RUN_JSON = Path(LAB).parent / "lab-scenarios/src/test/resources/gate/orderbook-run.json"


def lab(args, env=None, timeout=60):
    try:
        p = subprocess.run([LAB, *args], cwd=WORK, capture_output=True, text=True, timeout=timeout,
                           env={**os.environ, **(env or {})})
        return p.returncode, p.stderr
    except subprocess.TimeoutExpired:
        return None, ""


def setup():
    if WORK.exists():
        shutil.rmtree(WORK)
    (WORK / "in").mkdir(parents=True)
    (WORK / "out").mkdir()
    shutil.copy(RUN_JSON, WORK / "in/run.json")
    shutil.copy(RUN_JSON, WORK / "in/run2.json")
    (WORK / "in/run.machine.txt").write_text("JDK 17, a CPU, 2 cores\n")
    (WORK / "in/run2.machine.txt").write_text("JDK 17, a CPU, 2 cores\n")
    (WORK / "in/empty").write_bytes(b"")
    (WORK / "in/garbage.bin").write_bytes(bytes(range(256)) * 64)
    (WORK / "in/gates.yaml").write_text("gates:\n  - name: tuned beats naive\n    ratio:\n"
                                        "      numerator:   {benchmark: cancelLast, params: {rung: tuned, depth: 1000}}\n"
                                        "      denominator: {benchmark: cancelLast, params: {rung: naive, depth: 1000}}\n"
                                        "    min: 2\n")
    (WORK / "in/claims.yaml").write_text("claims:\n  - claim: naive to tuned\n    where: README\n    results: run.json\n"
                                         "    command: ./lab run orderbook\n    ratio:\n"
                                         "      numerator: {benchmark: cancelLast, params: {rung: r4, depth: 1000}}\n"
                                         "      denominator: {benchmark: cancelLast, params: {rung: r0, depth: 1000}}\n")
    for args in (["history", "import", "in/run.json", "--machine", "m", "--history", "in/history.db"],
                 ["orderbook", "generate", "--count", "50", "--out", "in/commands.bin"],
                 ["mdf", "generate", "--count", "20", "--out", "in/day.bin"],
                 ["brick", "generate", "--size", "4k", "--out", "in/bricks.txt"]):
        code, err = lab(args)
        if code != 0:
            sys.exit(f"setup failed: {args}: {err}")
    shutil.copytree(WORK / "in", WORK / "in-pristine")


BASES = [
    ["report", "in/run.json", "--html", "out/r.html"],
    ["report", "in/run.json", "--markdown", "out/r.md", "--png", "out/png"],
    ["gate", "--results", "in/run.json", "--gates", "in/gates.yaml", "--junit", "out/g.xml"],
    ["compare", "in/run.json", "in/run2.json", "--threshold", "5%"],
    ["history", "run", "--history", "in/history.db", "--export", "csv", "--out", "out/h.csv", "--last", "5"],
    ["history", "import", "in/run.json", "--machine", "m", "--history", "out/h2.db"],
    ["claims", "--claims", "in/claims.yaml", "--base", "in", "--out", "out/claims.md"],
    ["mdf", "replay", "--in", "in/day.bin", "--out", "out/replay", "--readers", "2"],
    ["orderbook", "replay", "--in", "in/commands.bin", "--events", "out/e.bin"],
    ["brick", "transform", "--in", "in/bricks.txt", "--out", "out/t.txt"],
    ["brick", "move", "--in", "in/bricks.txt", "--out", "out/m.txt", "--rung", "tuned"],
    ["orderbook", "generate", "--count", "50", "--seed", "7", "--out", "out/c.bin"],
    ["mdf", "generate", "--count", "20", "--out", "out/d.bin"],
    ["brick", "generate", "--size", "4k", "--out", "out/b.txt"],
    ["latency", "orderbook", "--rate", "1000", "--warmup", "0", "--seconds", "0.5", "--history", "none",
     "--json", "out/l.json"],
]

INPUT_BAD = {"missing": "in/nowhere.json", "a folder": "in", "empty": "in/empty", "garbage": "in/garbage.bin",
             "endless": "/dev/zero", "through a file": "in/run.json/x"}
OUTPUT_BAD = {"a folder": "in", "through a file": "in/run.json/x", "unwritable": "/proc/version"}
NUMBER_BAD = {"negative": "-1", "zero": "0", "beyond an int": "2147483648", "1e308": "1e308", "NaN": "NaN",
              "not a number": "abc"}
WORD_BAD = {"empty": "", "unknown": "nonsense", "5,000 characters": "x" * 5000}
# inputs whose bad variants must never be accepted; an empty file is a valid stream of no commands, lines or
# messages (as `generate --count 0` writes), so it is refused only where the format needs content (JSON, YAML, SQLite)
STRICT_INPUT = ("missing", "a folder", "garbage", "endless", "through a file")
STRUCTURED = (".json", ".yaml", ".db")


def kinds(args):
    """Each value position of a command line, with its kind."""
    out = []
    for i, a in enumerate(args):
        if i == 0 or a.startswith("--") or (i == 1 and a in ("run", "import", "replay", "generate", "transform", "move", "orderbook")):
            continue
        if a.startswith("in/") and (WORK / a).exists():
            out.append((i, "input"))
        elif a.startswith("out/"):
            out.append((i, "output"))
        elif a.replace(".", "", 1).isdigit() or a.endswith("k"):
            out.append((i, "number"))
        elif args[i - 1].startswith("--"):
            out.append((i, "word"))
    return out


def restore():
    shutil.rmtree(WORK / "in")
    shutil.copytree(WORK / "in-pristine", WORK / "in")
    shutil.rmtree(WORK / "out")
    (WORK / "out").mkdir()


def judge(args, i, kind, label, value):
    code, err = lab(args[:i] + [value] + args[i + 1:])
    lines = [l for l in err.strip().splitlines() if not l.startswith("lab: building perflab")]
    option = args[i - 1] if args[i - 1].startswith("--") else None
    named = any((option and option in l) or (value and value[:60] in l) or (not value and "''" in l) for l in lines)
    if code is None:
        return "BAD", "still running after 60 s"
    if "\tat " in err or "Exception in thread" in err or "internal error" in err:
        return "BAD", "a stack trace or internal error: " + (lines[-1] if lines else "")
    if code == 0:
        if kind == "input" and (label in STRICT_INPUT or label == "empty" and args[i].endswith(STRUCTURED)):
            return "BAD", "accepted a " + label + " input"
        if kind == "output":
            return "BAD", "wrote where it should refuse"
        return "ACCEPTED", ""
    if len(lines) == 1 and named and code == 2:
        return "GOOD", lines[0]
    why = []
    if len(lines) != 1:
        why.append(f"{len(lines)} lines")
    if not named:
        why.append("names neither the option nor the value")
    if code != 2:
        why.append(f"exit {code}")
    return "WEAK", "; ".join(why) + ": " + (lines[-1][:150] if lines else "")


def main():
    setup()
    totals = {}
    n = 0
    for base in BASES:
        for i, kind in kinds(base):
            has_input = any(k == "input" for _, k in kinds(base))
            bad = {"input": INPUT_BAD, "output": {**OUTPUT_BAD, **({"its own input": None} if has_input else {})},
                   "number": NUMBER_BAD, "word": WORD_BAD}[kind]
            for label, value in bad.items():
                if value is None:  # the output pointed at one of the command's inputs
                    value = next(a for j, a in enumerate(base) if (j, "input") in kinds(base))
                restore()
                verdict, why = judge(base, i, kind, label, value)
                n += 1
                totals[verdict] = totals.get(verdict, 0) + 1
                shown = value if len(value) < 40 else value[:20] + "…"
                print(f"{verdict:8} {' '.join(base[:2]):20} {base[i - 1] if base[i - 1].startswith('--') else '#' + str(i):12} "
                      f"{label:16} {shown!r:24} {why[:160]}", flush=True)
        # the same command with its first input under a non-ASCII name, under LANG=C
        first = next((j for j, k in kinds(base) if k == "input"), None)
        if first is not None:
            restore()
            src = WORK / base[first]
            dst = src.with_name("ünïcødé " + src.name)
            shutil.copy(src, dst)
            for machine in src.parent.glob(src.stem + ".machine.txt"):
                shutil.copy(machine, dst.with_name(dst.stem + ".machine.txt"))
            code, err = lab(base[:first] + [str(dst.relative_to(WORK))] + base[first + 1:], env={"LANG": "C", "LC_ALL": "C"})
            verdict = "GOOD" if code == 0 else "WEAK"
            n += 1
            totals[verdict] = totals.get(verdict, 0) + 1
            print(f"{verdict:8} {' '.join(base[:2]):20} {'LANG=C':12} {'non-ASCII name':16} {dst.name!r:24} "
                  f"{'' if code == 0 else 'exit ' + str(code) + ': ' + err.strip()[-150:]}", flush=True)
    print()
    print(f"{n} cases: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.items())))


main()
