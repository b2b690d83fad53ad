#!/usr/bin/env python3
"""Signals at random moments of the lab's commands (issue 47's sweep): each case stops one command with SIGINT
(to its process group, as Ctrl-C does), SIGTERM or SIGKILL (to the lab's JVM alone) after a random delay, then
checks what a user would find:

  BAD   the previous output changed although the command did not end with exit 0; the command still running
        30 s after the signal; a process of the run alive 5 s after the lab ended; a stack trace
  WEAK  after SIGINT/SIGTERM: an exit other than 130/143 (or 0 when it had finished), no line on stderr, a
        temporary or partial file left beside the output; after SIGKILL: a previous output not put back by the
        next run
  GOOD  otherwise

Usage: python3 2026-11-30-signal-sweep.py LAB WORKDIR CASES_PER_COMMAND [SEED [ONLY]]
(ONLY: a regex; only the commands whose name it is found in, e.g. 'run brick|grade'.)
(LAB is the path of ./lab; WORKDIR is made afresh.) Prints one line per case and a summary table.
"""
import hashlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

LAB, WORK, PER = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
ONLY = sys.argv[5] if len(sys.argv) > 5 else ""  # run only the commands whose name this regex is found in
RUN_JSON = Path(LAB).parent / "lab-scenarios/src/test/resources/gate/orderbook-run.json"
BENCH = str(Path(LAB).resolve().parent / "lab-benchmarks/target/benchmarks.jar")


def lab(*args, check=True):
    p = subprocess.run([LAB, *args], capture_output=True, text=True, cwd=WORK)
    if check and p.returncode != 0:
        sys.exit(f"setup failed: {' '.join(args)}: {p.stderr.strip()}")
    return p


def snapshot(folder: Path):
    """Every file under the output's folder (names relative to it) with a digest."""
    files = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            files[str(p.relative_to(folder))] = hashlib.sha1(p.read_bytes()).hexdigest()
    return files


def alive_in_group(pgid):
    try:
        out = subprocess.run(["pgrep", "-g", str(pgid)], capture_output=True, text=True).stdout.split()
        return [pid for pid in out if pid != str(os.getpid())]
    except FileNotFoundError:
        return []


def setup():
    if WORK.exists():
        shutil.rmtree(WORK)
    (WORK / "in").mkdir(parents=True)
    shutil.copy(RUN_JSON, WORK / "in/run.json")
    (WORK / "in/run.machine.txt").write_text("JDK 17, a CPU, 2 cores\n")
    lab("history", "import", "in/run.json", "--machine", "m", "--history", "in/history.db")
    lab("mdf", "generate", "--count", "200000", "--out", "in/day.bin")
    lab("brick", "generate", "--size", "64m", "--out", "in/bricks.txt")
    lab("orderbook", "generate", "--count", "2000000", "--out", "in/commands.bin")
    for shard in ("1/2", "2/2"):
        lab("run", "orderbook", "--smoke", "--rung", "naive,tuned", "--benchmark", "cancelLast", "--history", "none",
            "--shard", shard, "--out", "in/shard-" + shard[0])


# name, the folder that holds the output (checked whole), arguments
CASES = [
    ("report --html", "out/report", ["report", "in/run.json", "--html", "out/report/run.html"]),
    ("report --png", "out/rpng", ["report", "in/run.json", "--png", "out/rpng"]),
    ("history --png", "out/hpng", ["history", "run", "--history", "in/history.db", "--png", "out/hpng"]),
    ("history --export csv", "out/csv", ["history", "run", "--history", "in/history.db", "--export", "csv", "--out", "out/csv/h.csv"]),
    ("history import", "out/hist", ["history", "import", "in/run.json", "--machine", "m", "--history", "out/hist/h.db"]),
    ("mdf replay", "out/replay", ["mdf", "replay", "--in", "in/day.bin", "--out", "out/replay", "--readers", "2"]),
    ("orderbook replay", "out/events", ["orderbook", "replay", "--in", "in/commands.bin", "--events", "out/events/e.bin"]),
    ("brick move", "out/move", ["brick", "move", "--in", "in/bricks.txt", "--out", "out/move/m.txt"]),
    ("brick generate", "out/gen", ["brick", "generate", "--size", "64m", "--out", "out/gen/b.txt"]),
    ("latency --json --hlog", "out/lat", ["latency", "orderbook", "--rate", "2000", "--warmup", "1", "--seconds", "6",
                                          "--history", "none", "--json", "out/lat/l.json", "--hlog", "out/lat/l.hlog"]),
    ("run orderbook --smoke", "out/run", ["run", "orderbook", "--smoke", "--rung", "naive,tuned", "--benchmark", "cancelLast",
                                          "--history", "none", "--out", "out/run"]),
    ("merge", "out/merged", ["merge", "in/shard-1", "in/shard-2", "--out", "out/merged"]),
    ("ab (prebuilt jars)", "out/ab", ["ab", "orderbook", "--base-jar", "BENCH", "--head-jar", "BENCH", "--smoke", "--rung", "tuned",
                                      "--benchmark", "cancelLast", "--no-ruler", "--pairs", "2", "--max-pairs", "2",
                                      "--history", "none", "--out", "out/ab"]),
    ("run forwarder --smoke (its roles)", "out/fwd", ["run", "forwarder", "--smoke", "--no-ceiling", "--rung", "naive,tuned",
                                                     "--history", "none", "--out", "out/fwd"]),
    ("run sha-pipeline --sample-out", "out/sha", ["run", "sha-pipeline", "--smoke", "--no-ceiling", "--rung", "naive,tuned",
                                                  "--history", "none", "--out", "out/sha", "--sample-out", "out/sha-sample/s.txt"]),
    # later passes: the end-to-end runs whose roles are child JVMs, and the JMH commands not swept above
    ("run brick (its serve role)", "out/brick", ["run", "brick", "--size", "256m", "--rung", "tuned", "--history", "none",
                                               "--out", "out/brick"]),
    ("run kv --smoke (its writers)", "out/kv", ["run", "kv", "--smoke", "--history", "none", "--out", "out/kv"]),
    ("run socket-pump --smoke", "out/pump", ["run", "socket-pump", "--smoke", "--no-ceiling", "--history", "none",
                                            "--out", "out/pump"]),
    ("profile orderbook", "out/prof", ["profile", "orderbook", "--rung", "tuned", "--benchmark", "cancelLast",
                                       "--param", "depth=1000", "--out", "out/prof"]),
    ("grade orderbook --smoke", "out/grade", ["grade", "orderbook", "--smoke", "--rung", "mystery", "--out", "out/grade"]),
]


def finished_codes(name):
    """The exits of a run that ended by itself: ab's undecided verdict (4); grade's NOT YET (1) and UNDECIDED (3)."""
    if name.startswith("ab"):
        return {0, 4}
    if name.startswith("grade"):
        return {0, 1, 3}
    return {0}


def run_case(name, folder, args, duration):
    out = WORK / folder
    before = snapshot(out)
    extra = WORK / "out/sha-sample" if "sha" in name else None
    before_extra = snapshot(extra) if extra else {}
    sig = rng.choice([signal.SIGINT, signal.SIGTERM, signal.SIGKILL])
    delay = rng.uniform(0.05, duration * 1.1)
    p = subprocess.Popen([LAB, *args], cwd=WORK, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    time.sleep(delay)
    if sig == signal.SIGINT:
        try:
            os.killpg(p.pid, sig)
        except ProcessLookupError:
            pass
    else:
        # ./lab execs the JVM, so its pid is the lab's JVM
        try:
            os.kill(p.pid, sig)
        except ProcessLookupError:
            pass
    verdict, why = "GOOD", []
    try:
        err = p.communicate(timeout=30)[1]
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        err = p.communicate()[1]
        verdict, why = "BAD", ["still running 30 s after the signal"]
    code = p.returncode
    # the run's other processes (JMH, a latency child, roles) must end with it: a few seconds' grace for a JVM's
    # own shutdown, and a lab child killed with the lab notices by polling
    ended = time.time()
    orphans = alive_in_group(p.pid)
    while orphans and time.time() - ended < 5:
        time.sleep(0.2)
        orphans = alive_in_group(p.pid)
    if orphans:
        verdict = "BAD"
        why.append(f"processes of the run alive 5 s after it ended: {orphans}")
        os.killpg(p.pid, signal.SIGKILL)
    if "\tat " in err or "Exception in thread" in err:
        verdict = "BAD"
        why.append("a stack trace")
    after = snapshot(out)
    after_extra = snapshot(extra) if extra else {}
    finished = code in finished_codes(name)
    # a file named as partial (brick's RESULT.partial, a DIR.partial) is what arrived, kept under that name on purpose
    changed = [f for f in before if after.get(f) != before[f] and ".partial" not in f] \
        + [f for f in before_extra if after_extra.get(f) != before_extra[f]]
    new = [f for f in after if f not in before and ".partial" not in f] + [f for f in after_extra if f not in before_extra]
    if sig == signal.SIGKILL:
        # a killed run cannot put back what it had begun to replace: the copies wait in DIR/.previous-PID/ for the
        # next run into the folder, which puts them back before it writes (docs/bad-input.md)
        kept = {f.split("/", 1)[1]: d for f, d in after.items() if f.startswith(".previous-") and "/" in f}
        changed = [f for f in changed if kept.get(f) != before[f]]
    if not finished and changed:
        verdict = "BAD"
        why.append(f"previous output changed: {changed[:3]}")
    if sig != signal.SIGKILL:
        expected = 130 if sig == signal.SIGINT else 143
        if not finished and code != expected:
            verdict = "WEAK" if verdict == "GOOD" else verdict
            why.append(f"exit {code}, not {expected}")
        if not finished and not err.strip():
            verdict = "WEAK" if verdict == "GOOD" else verdict
            why.append("no line on stderr")
        if not finished and new:
            verdict = "WEAK" if verdict == "GOOD" else verdict
            why.append(f"left {new[:3]}")
    else:
        # the next run must put the previous files back (or finish whole) and say nothing is lost
        p2 = subprocess.run([LAB, *args], cwd=WORK, capture_output=True, text=True, timeout=600)
        if p2.returncode not in finished_codes(name):
            verdict = "WEAK" if verdict == "GOOD" else verdict
            why.append(f"the next run after kill -9 exited {p2.returncode}: {p2.stderr.strip()[-200:]}")
        left = [f for f in snapshot(out) if ".tmp" in f or ".previous-" in f or f.endswith(".partial")]
        if left:
            verdict = "WEAK" if verdict == "GOOD" else verdict
            why.append(f"after the next run, still left: {left[:3]}")
    line = err.strip().splitlines()[-1] if err.strip() else ""
    print(f"{verdict:4} {name:32} {signal.Signals(sig).name:7} at {delay:6.2f}s exit {code}: {'; '.join(why) or line[:110]}",
          flush=True)
    return verdict


def main():
    # a shell's background job starts with SIGINT ignored, and an ignored signal stays ignored across exec: the JVM
    # would then never see a Ctrl-C. A handler (not an ignore) is reset to the default in each child.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    setup()
    totals = {}
    for name, folder, args in CASES:
        if not re.search(ONLY, name):
            continue
        args = [BENCH if a == "BENCH" else a for a in args]
        (WORK / folder).mkdir(parents=True, exist_ok=True)
        if "sha" in name:
            (WORK / "out/sha-sample").mkdir(parents=True, exist_ok=True)
        start = time.time()
        first = lab(*args, check=False)
        duration = time.time() - start
        if first.returncode not in finished_codes(name):
            print(f"SKIP {name}: its first run failed: {first.stderr.strip()[-200:]}", flush=True)
            continue
        for _ in range(PER):
            v = run_case(name, folder, args, duration)
            totals.setdefault(name, {}).setdefault(v, 0)
            totals[name][v] += 1
            # a finished run is the next case's previous output; a kill -9 was repaired by the next run above
    print()
    print(f"{'command':32} GOOD WEAK  BAD")
    for name, t in totals.items():
        print(f"{name:32} {t.get('GOOD', 0):4} {t.get('WEAK', 0):4} {t.get('BAD', 0):4}")
    all_ = {k: sum(t.get(k, 0) for t in totals.values()) for k in ("GOOD", "WEAK", "BAD")}
    print(f"{'all':32} {all_['GOOD']:4} {all_['WEAK']:4} {all_['BAD']:4}")


main()
