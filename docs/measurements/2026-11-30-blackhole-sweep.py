#!/usr/bin/env python3
"""Black-holed ports (issue 47's last sweep): every client the lab has, pointed at a port that drops its packets, in
a network namespace this script makes for each case (so nothing outside it is touched), and every pair of roles cut
by such a drop in mid-flow. Needs root, `unshare`, `ip` and `nft` (Debian's nftables).

Two kinds of case:
  before   the port drops every TCP packet before the client starts: its SYN is never answered. The client must
           end, exit non-zero, within its connect limit (the lab's liveness limit; 10 s for a JDBC history), and
           name the peer in one line.
  midflow  the server role and the client role run and the data flows; then the port drops every packet both
           ways. Each role must end, exit non-zero, within its stated limit for a peer gone silent (a read's
           5 s, a writer's stall limit or deadline), and name what happened in one line.

  BAD   a role still running past its limit + MARGIN s (it is then killed); a stack trace; exit 0 on a cut
  WEAK  ended in time, but no one line on stderr naming the peer (its address or its role)
  GOOD  otherwise

The roles run with -Dperflab.liveness.seconds=LIVENESS (through LAB_JAVA_OPTS), so a connect limit is that many
seconds; what is checked is that the limit the lab states is the limit it keeps.

Usage (as root): python3 2026-11-30-blackhole-sweep.py LAB WORKDIR [ONLY]
"""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LIVENESS = 5        # s: the roles' connect and stall limit in this sweep
SILENCE = 5         # s: Sockets.LIVENESS_MILLIS, a read's limit once a peer is connected
JDBC_CONNECT = 10   # s: JdbcLimits' connect limit
DEADLINE = 25       # s: --deadline-seconds given to the forwarder's roles
DRAIN = 10          # s: the SHA executor's --drain-seconds
MARGIN = 12         # s: a JVM's start and exit on a loaded 2-core machine, beyond the stated limit
PORT, PORT2 = 7555, 7556


def inside():
    """Re-runs this script for one case in a fresh network namespace: nothing here reaches the host's network."""
    return ["unshare", "--net", sys.executable, os.path.abspath(__file__)]


def nft(*rules):
    for rule in rules:
        subprocess.run(["nft"] + rule.split(), check=True)


def drop(port):
    """Every TCP packet to or from PORT on loopback is dropped from now on."""
    nft("add table inet blackhole",
        "add chain inet blackhole input { type filter hook input priority 0 ; }",
        f"add rule inet blackhole input tcp dport {port} drop",
        f"add rule inet blackhole input tcp sport {port} drop")


def start(args, log, lab, env):
    """Starts a role; its stdout goes to LOG, its stderr to LOG.err (a file, so a chatty role never blocks on a pipe)."""
    p = subprocess.Popen([lab, *args], stdout=open(log, "w"), stderr=open(str(log) + ".err", "w"), env=env,
                         start_new_session=True)
    p.err = str(log) + ".err"
    return p


def finish(p, limit, since):
    """Waits for P until LIMIT + MARGIN s after SINCE; returns (exit or None, seconds, stderr)."""
    try:
        p.wait(timeout=max(0.1, since + limit + MARGIN - time.time()))
        took = time.time() - since
    except subprocess.TimeoutExpired:
        took = time.time() - since
        os.killpg(p.pid, 9)
        p.wait()
        return None, took, open(p.err).read()
    return p.returncode, took, open(p.err).read()


def judge(name, rc, took, err, limit, names):
    lines = [l for l in err.splitlines() if l.strip()]
    trace = any(l.startswith("\tat ") or "Exception in thread" in l for l in lines)
    if rc is None:
        verdict, why = "BAD", f"still running {took:.0f} s after the cut (limit {limit} s + {MARGIN} s); killed"
    elif trace:
        verdict, why = "BAD", "stack trace"
    elif rc == 0:
        verdict, why = "BAD", "exit 0"
    elif not lines or not any(n in " ".join(lines) for n in names):
        verdict, why = "WEAK", f"exit {rc} in {took:.1f} s, stderr does not name the peer: {lines[-1] if lines else '(none)'}"
    else:
        verdict, why = "GOOD", f"exit {rc} in {took:.1f} s: {lines[-1][:150]}"
    print(f"{verdict:4} {name}: {why}", flush=True)
    return verdict


# before: (name, args, limit, words that name the peer)
P = f"127.0.0.1:{PORT}"
BEFORE = [(f"pump sender {r}", ["pump", "sender", "--connect", P, "--rung", r, "--messages", "2000", "--seconds", "1"],
           LIVENESS, [P]) for r in ["r0-message-writes", "r1-buffered-streams", "r2-block-writes", "r3-nio-heap",
                                    "r4-nio-direct-gathering", "r5-transfer-to", "r6-verifier-thread"]]
BEFORE += [(f"forwarder simulator {r}", ["forwarder", "simulator", "--connect", P, "--rung", r, "--messages", "2000"],
            LIVENESS, [P]) for r in ["r0", "r1", "r2"]]
BEFORE += [("forwarder simulator --rate", ["forwarder", "simulator", "--connect", P, "--rate", "1000", "--messages", "2000",
                                           "--warm-up-messages", "0"], LIVENESS, [P]),
           ("forwarder client", ["forwarder", "client", "--connect", P, "--warm-up-messages", "0"], LIVENESS, [P]),
           ("sha generator", ["sha", "generator", "--connect", P, "--seconds", "1"], LIVENESS, [P]),
           ("sha executor", ["sha", "executor", "--bind", f"127.0.0.1:{PORT2}", "--connect", P], LIVENESS, [P]),
           ("clock probe", ["clock", "probe", "--connect", P], LIVENESS, [P])]
BEFORE += [(f"brick fetch {r}", ["brick", "fetch", "--connect", P, "--out", "fetched.txt", "--rung", r], LIVENESS, [P])
           for r in ["r0-blocking-per-line", "r4-nio-direct"]]
BEFORE += [("history on PostgreSQL", ["history", "orderbook", "--history", f"jdbc:postgresql://{P}/perflab"],
            JDBC_CONNECT, [P, "PostgreSQL", "postgresql"])]

# roles whose own link is not the one cut (the collector's is executor → collector): they may end whole, exit 0
UNCUT = {"collector"}

# midflow: (name, [(role, args, limit after the cut, names)], seconds to let it flow before the cut)
MIDFLOW = [
    ("pump r2", [("receiver", ["pump", "receiver", "--bind", P, "--rung", "r2-block-writes"], SILENCE, [P, "sender"]),
                 ("sender", ["pump", "sender", "--connect", P, "--rung", "r2-block-writes", "--seconds", "120"],
                  LIVENESS, [P, "receiver"])], 6),
    ("pump r5", [("receiver", ["pump", "receiver", "--bind", P, "--rung", "r5-transfer-to"], SILENCE, [P, "sender"]),
                 ("sender", ["pump", "sender", "--connect", P, "--rung", "r5-transfer-to", "--seconds", "120"],
                  LIVENESS, [P, "receiver"])], 6),
    ("sha r3", [("collector", ["sha", "collector", "--bind", f"127.0.0.1:{PORT2}", "--rung", "r3-buffered-streams"],
                 SILENCE + DRAIN, ["executor", "generator"]),
                # the executor digests the tasks it had read for up to --drain-seconds after its generator went
                ("executor", ["sha", "executor", "--bind", P, "--connect", f"127.0.0.1:{PORT2}", "--rung",
                              "r3-buffered-streams", "--drain-seconds", str(DRAIN)], SILENCE + DRAIN, [P, "generator"]),
                ("generator", ["sha", "generator", "--connect", P, "--rung", "r3-buffered-streams", "--seconds", "120"],
                 LIVENESS, [P, "executor"])], 6),
    ("forwarder r2 paced", [
        ("forwarder", ["forwarder", "forwarder", "--bind", P, "--rung", "r2", "--deadline-seconds", str(DEADLINE)],
         SILENCE, ["simulator", "client"]),
        ("client", ["forwarder", "client", "--connect", P, "--warm-up-messages", "0", "--deadline-seconds",
                    str(DEADLINE)], SILENCE, [P, "forwarder"]),
        ("simulator", ["forwarder", "simulator", "--connect", P, "--rate", "20000", "--messages", "2000000",
                       "--warm-up-messages", "0", "--deadline-seconds", str(DEADLINE)], DEADLINE, [P, "forwarder"])], 8),
    ("brick r0", [("serve", ["brick", "serve", "--bind", P, "--in", "bricks.txt", "--rung", "r0-blocking-per-line"],
                   LIVENESS, ["client", P]),
                  ("fetch", ["brick", "fetch", "--connect", P, "--out", "fetched.txt", "--rung", "r0-blocking-per-line"],
                   LIVENESS, [P, "server"])], 6),
]


def one_case(kind, index, lab, work):
    env = dict(os.environ, LAB_JAVA_OPTS=f"-Dperflab.liveness.seconds={LIVENESS}")
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    os.chdir(work)
    verdicts = []
    if kind == "before":
        name, args, limit, names = BEFORE[index]
        drop(PORT)
        since = time.time()
        p = start(args, work / "case.out", lab, env)
        rc, took, err = finish(p, limit, since)
        verdicts.append(judge("before · " + name, rc, took, err, limit, names))
    else:
        name, roles, flow = MIDFLOW[index]
        procs = []
        for role, args, limit, names in roles:
            p = start(args, work / f"{role}.out", lab, env)
            procs.append((role, p, limit, names))
            if "--bind" in args:  # a server: the next role comes once it listens (after its own warm-up)
                for _ in range(400):
                    if "listening on" in open(work / f"{role}.out").read() or p.poll() is not None:
                        break
                    time.sleep(0.1)
            else:
                time.sleep(2.5)  # a client connects before the next one comes
        time.sleep(flow)
        early = [(role, p.poll()) for role, p, _, _ in procs if p.poll() is not None]
        if early:
            print(f"SKIP midflow · {name}: ended before the cut: {early}", flush=True)
            for _, p, _, _ in procs:
                if p.poll() is None:
                    os.killpg(p.pid, 9)
            return []
        drop(PORT)
        since = time.time()
        ended = {}  # each role's own end, seconds after the cut: the roles are watched together
        while len(ended) < len(procs) and time.time() < since + max(l for _, _, l, _ in procs) + MARGIN:
            for role, p, _, _ in procs:
                if role not in ended and p.poll() is not None:
                    ended[role] = time.time() - since
            time.sleep(0.05)
        for role, p, limit, names in procs:
            rc, took, err = finish(p, limit, since)
            took = ended.get(role, took)
            if role in UNCUT and rc == 0:
                print(f"GOOD midflow · {name} · {role}: exit 0 in {took:.1f} s; its own link was not cut, and it "
                      f"counted what came: {open(work / f'{role}.out').read().strip().splitlines()[-2][:110]}", flush=True)
                verdicts.append("GOOD")
                continue
            verdicts.append(judge(f"midflow · {name} · {role}", rc, took, err, limit, names))
    return verdicts


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--case":
        kind, index, lab, work = sys.argv[2], int(sys.argv[3]), sys.argv[4], Path(sys.argv[5])
        one_case(kind, index, lab, work)
        return
    lab, work = os.path.abspath(sys.argv[1]), Path(sys.argv[2])
    only = sys.argv[3] if len(sys.argv) > 3 else ""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    subprocess.run([lab, "brick", "generate", "--size", "64m", "--out", str(work / "bricks.txt")], check=True,
                   capture_output=True)
    cases = [("before", i, BEFORE[i][0]) for i in range(len(BEFORE))] + \
            [("midflow", i, MIDFLOW[i][0]) for i in range(len(MIDFLOW))]
    counts = {}
    for kind, i, name in cases:
        if only and only not in name:
            continue
        p = subprocess.run(inside() + ["--case", kind, str(i), lab, str(work)], capture_output=True, text=True)
        sys.stdout.write(p.stdout)
        if p.returncode != 0:
            print(f"ERROR {kind} · {name}: the case itself failed: {p.stderr.strip()[-300:]}")
        for line in p.stdout.splitlines():
            word = line.split(" ", 1)[0]
            counts[word] = counts.get(word, 0) + 1
    print("summary: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
