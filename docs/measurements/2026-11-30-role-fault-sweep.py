#!/usr/bin/env python3
"""Roles killed or frozen by themselves while the lab runs on (issue 47's sweep): each case starts one networked
run (`run forwarder`, `run sha-pipeline`, `run socket-pump`, `run brick`, each --smoke), and at a random moment sends
SIGKILL (a crash) or SIGSTOP (a hang: the process holds its sockets open and answers nothing) to one of the role JVMs
the run started, drawn at random. Then it checks what a user would see:

  BAD   the lab still running LIMIT s after the fault; a process of the run still alive 5 s after the lab ended
        (a frozen role must be ended by the lab, not left stopped); a stack trace; exit 0 although the stricken
        role's rung is not reported as failed
  WEAK  a non-zero exit with no line (stdout or stderr) naming a role of the run and what happened to it
  GOOD  otherwise (exit 0 is GOOD when the stricken role had finished its part: its rung then has a result)

The roles run with -Dperflab.liveness.seconds=LIVENESS (through LAB_JAVA_OPTS): a frozen peer is named within that
limit or a read's 5 s of silence; LIMIT adds a margin for the JVMs' exits on a loaded 2-core machine.

Usage: python3 2026-11-30-role-fault-sweep.py LAB WORKDIR CASES_PER_COMMAND [SEED [ONLY [VICTIM]]]
"""
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

LIVENESS = 10
# a line that tells what happened to a role holds one of these beside the role's name
FAILURE_WORDS = ("killed", "failed", "died", "ended (", "exited with", "sent nothing", "took nothing", "frozen", "froze",
                 "stopped", "still running", "did not", "went away", "closed the connection")
LIMIT = LIVENESS + 5 + 25

LAB, WORK, PER = os.path.abspath(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
ONLY = sys.argv[5] if len(sys.argv) > 5 else ""
VICTIM = sys.argv[6] if len(sys.argv) > 6 else ""  # strike only roles whose command line holds this (e.g. "client")
CASE = [0]  # each case's output is kept as WORK/case-NN.txt
ENV = dict(os.environ, LAB_JAVA_OPTS=f"-Dperflab.liveness.seconds={LIVENESS}")

# name, arguments, words a line naming the stricken role may use
COMMANDS = [
    ("run forwarder", ["run", "forwarder", "--smoke", "--no-ceiling", "--rung", "naive,tuned", "--history", "none"],
     ["forwarder", "client", "simulator"]),
    ("run sha-pipeline", ["run", "sha-pipeline", "--smoke", "--no-ceiling", "--rung", "naive,tuned", "--history", "none"],
     ["generator", "executor", "collector"]),
    ("run socket-pump", ["run", "socket-pump", "--smoke", "--no-ceiling", "--rung", "naive,tuned", "--history", "none"],
     ["sender", "receiver"]),
    ("run brick", ["run", "brick", "--smoke", "--rung", "naive,tuned", "--history", "none"],
     ["serve", "server", "client", "fetch"]),
]


def children(pid):
    """Every descendant of PID, from /proc."""
    kids = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
                ppid = int(stat[stat.rindex(")") + 2:].split()[1])
                kids.setdefault(ppid, []).append(int(entry))
            except (OSError, ValueError):
                pass
    found, todo = [], [pid]
    while todo:
        for k in kids.get(todo.pop(), []):
            found.append(k)
            todo.append(k)
    return found


def cmdline(pid):
    try:
        return open(f"/proc/{pid}/cmdline").read().replace("\0", " ")
    except OSError:
        return ""


def roles(lab_pid):
    """The role JVMs of the run: the lab's descendants that run a role's main (not JMH, not the lab itself)."""
    return [p for p in children(lab_pid) if "java" in cmdline(p).split(" ")[0] and " --" in cmdline(p)]


def alive_in_group(pgid):
    out = subprocess.run(["pgrep", "-g", str(pgid)], capture_output=True, text=True).stdout.split()
    return [int(p) for p in out]


def run_case(name, args, words, duration):
    out = WORK / name.replace(" ", "-")
    p = subprocess.Popen([LAB, *args, "--out", str(out)], cwd=WORK, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=ENV, start_new_session=True)
    delay = rng.uniform(0.5, duration * 0.9)
    sig = rng.choice([signal.SIGKILL, signal.SIGSTOP])
    deadline = time.time() + delay
    victim = None
    while time.time() < deadline + 5 and p.poll() is None:
        time.sleep(0.05)
        if time.time() >= deadline:
            alive = [r for r in roles(p.pid) if VICTIM in cmdline(r)]
            if alive:
                victim = rng.choice(alive)
                break
    if victim is None:
        p.communicate()
        print(f"SKIP {name:18} no role alive at {delay:5.1f} s", flush=True)
        return "SKIP"
    what = cmdline(victim)
    # a role's JVM runs `dev.perflab.cli.Lab GROUP ROLE …` (forwarder client, sha executor, brick serve)
    words_ = what.split(" ")
    at = words_.index("dev.perflab.cli.Lab") if "dev.perflab.cli.Lab" in words_ else -1
    role = words_[at + 2] if 0 <= at < len(words_) - 2 else "?"
    rung = what.split("--rung ")[1].split(" ")[0] if "--rung " in what else "?"
    struck = time.time()
    try:
        os.kill(victim, sig)
    except ProcessLookupError:
        pass
    verdict, why = "GOOD", []
    try:
        stdout, err = p.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        verdict, why = "BAD", [f"still running {LIMIT} s after the fault"]
        os.killpg(p.pid, signal.SIGKILL)
        stdout, err = p.communicate()
    took = time.time() - struck
    CASE[0] += 1
    (WORK / f"case-{CASE[0]:02d}.txt").write_text(f"{name} {signal.Signals(sig).name} {what}\n--- stdout\n{stdout}\n--- stderr\n{err}")
    ended = time.time()
    orphans = alive_in_group(p.pid)
    while orphans and time.time() - ended < 5:
        time.sleep(0.2)
        orphans = alive_in_group(p.pid)
    if orphans:
        verdict = "BAD"
        why.append(f"processes of the run alive 5 s after it ended: {[cmdline(o)[:60] for o in orphans]}")
        for o in orphans:
            try:
                os.kill(o, signal.SIGKILL)
            except ProcessLookupError:
                pass
    if "\tat " in err or "Exception in thread" in err:
        verdict = "BAD"
        why.append("a stack trace")
    # what a user reads: the rung's own lines (stdout) and the errors (stderr), in a terminal or a CI log alike
    lines = [l.strip() for l in (stdout + "\n" + err).splitlines() if l.strip()]
    told = [l for l in lines if any(w in l for w in words) and any(f in l for f in FAILURE_WORDS)]
    if p.returncode == 0 and verdict == "GOOD":
        if told:
            verdict = "BAD"
            why.append(f"exit 0, yet: {told[0][:100]}")
        else:
            why.append(f"exit 0: the {role} had finished its part")
    elif p.returncode != 0 and verdict == "GOOD" and not told:
        verdict = "WEAK"
        why.append("no line naming the role and what happened to it")
    last = told[0][:120] if told else (lines[-1][:120] if lines else "(no output)")
    print(f"{verdict:4} {name:18} {signal.Signals(sig).name:7} the {role} of {rung} at {delay:5.1f} s: exit "
          f"{p.returncode} {took:5.1f} s after; {'; '.join(why) or last}", flush=True)
    return verdict


def main():
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True)
    totals = {}
    for name, args, words in COMMANDS:
        if ONLY not in name:
            continue
        start = time.time()
        first = subprocess.run([LAB, *args, "--out", str(WORK / "first")], cwd=WORK, capture_output=True, text=True,
                               env=ENV)
        duration = time.time() - start
        if first.returncode != 0:
            print(f"SKIP {name}: its first run failed: {first.stderr.strip()[-200:]}", flush=True)
            continue
        print(f"---- {name}: a whole run takes {duration:.0f} s", flush=True)
        for _ in range(PER):
            v = run_case(name, args, words, duration)
            totals[v] = totals.get(v, 0) + 1
    print("summary: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.items())))


if __name__ == "__main__":
    main()
