"""What the workshop notebooks share: finding results (or making them with the lab's smoke mode), reading
JMH's JSON into pandas, the machine header every figure carries, and a check that a figure drew something.

It reads only JMH's own JSON fields (benchmark, params, primaryMetric, secondaryMetrics) and the fields the
lab documents in its JSON outputs, so a notebook keeps working when the lab's printed tables change.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd

NOTEBOOKS = Path(__file__).resolve().parent
ROOT = NOTEBOOKS.parent
LAB = ROOT / "lab"

# JMH's secondary metric for bytes allocated per operation (-prof gc, which ./lab run always turns on).
ALLOC_METRIC = "gc.alloc.rate.norm"


def results(wanted: str | Path, smoke_file: str | Path, smoke_args: list[str]) -> Path:
    """The results file to read: `wanted` when it exists (a real run), else `smoke_file`, made first by
    running `./lab SMOKE_ARGS…` when it is missing too. Paths are relative to this folder."""
    wanted, smoke_file = (NOTEBOOKS / wanted).resolve(), (NOTEBOOKS / smoke_file).resolve()
    if wanted.is_file():
        print(f"reading {_shown(wanted)} (a real run)")
        return wanted
    if smoke_file.is_file() and _made_without_a_ceiling_now_measurable(smoke_file):
        print(f"{_shown(smoke_file)} was made without iperf3, which is on the PATH now: making it again")
        smoke_file.unlink()
    if not smoke_file.is_file():
        print(f"{_shown(wanted)} not found: running the lab's smoke mode (figures from a smoke run "
              f"are for the workshop's mechanics, not for quoting)")
        print("$ ./lab " + " ".join(smoke_args), flush=True)
        smoke_file.parent.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([str(LAB), *smoke_args], cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        print(done.stdout[-4000:])
        if done.returncode != 0:
            raise RuntimeError(f"./lab {' '.join(smoke_args)} exited {done.returncode}; its output is above")
        if not smoke_file.is_file():
            raise RuntimeError(f"./lab {' '.join(smoke_args)} did not write {smoke_file}")
    print(f"reading {_shown(smoke_file)} (smoke run)")
    return smoke_file


def _made_without_a_ceiling_now_measurable(path: Path) -> bool:
    """True for a smoke result whose socket ceiling was skipped for want of iperf3, when iperf3 is here now:
    a cached result must not keep a notebook from showing what the machine can now measure."""
    if path.suffix != ".json" or shutil.which("iperf3") is None:
        return False
    try:
        run = json.loads(path.read_text())
    except (OSError, ValueError):
        return False
    skipped = run.get("ceiling_skipped") if isinstance(run, dict) else None
    return isinstance(skipped, str) and "iperf3" in skipped


def _shown(path: Path) -> str:
    """A path as the repository names it where it lies inside, else as it is."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def jmh_frame(path: Path, secondary: tuple[str, ...] = ()) -> pd.DataFrame:
    """One row per JMH result: method (short name), every @Param as a column, score, error, unit,
    alloc_b_per_op (NaN where the run had no -prof gc), and a column per named secondary metric (NaN where
    a row lacks it). The lab's end-to-end scenarios write the same schema (JmhRows)."""
    rows = []
    for r in json.loads(Path(path).read_text()):
        metric = r["primaryMetric"]
        metrics = r.get("secondaryMetrics", {})
        alloc = metrics.get(ALLOC_METRIC, {})
        rows.append({
            **{name: metrics.get(name, {}).get("score", float("nan")) for name in secondary},
            "benchmark": r["benchmark"],
            "method": r["benchmark"].rsplit(".", 1)[-1],
            "mode": r.get("mode"),
            **r.get("params", {}),
            "score": metric["score"],
            "error": metric.get("scoreError"),
            "unit": metric.get("scoreUnit"),
            "alloc_b_per_op": alloc.get("score", float("nan")),
            "jdk": r.get("jdkVersion"),
            "vm": r.get("vmName"),
        })
    if not rows:
        raise ValueError(f"{path}: no JMH results in the file")
    frame = pd.DataFrame(rows)
    # JMH writes "NaN" (a string) for the error of a run too short to have one.
    frame["error"] = pd.to_numeric(frame["error"], errors="coerce")
    return frame


def jmh_header(path: Path, frame: pd.DataFrame) -> str:
    """The machine line the lab wrote beside its JSON (COMPONENT.machine.txt: JDK, CPU, cores); from JMH's
    own fields when the file came from elsewhere (JMH records the JDK, not the CPU)."""
    machine = Path(path).with_suffix(".machine.txt")
    if machine.is_file():
        return machine.read_text().strip()
    return f"JDK {frame['jdk'].iloc[0]} ({frame['vm'].iloc[0]}) · CPU and cores not recorded (JSON from elsewhere)"


def ops_per_second(frame: pd.DataFrame, column: str = "score") -> pd.Series:
    """Scores (or their errors: column="error") as operations per second, whatever JMH unit (ops/s, ops/ms,
    ops/us) the run used."""
    per = {"ops/s": 1.0, "ops/ms": 1e3, "ops/us": 1e6, "ops/ns": 1e9}
    unknown = set(frame["unit"]) - per.keys()
    if unknown:
        raise ValueError(f"expected throughput units, found {unknown}")
    return frame[column] * frame["unit"].map(per)


def rung_order(ids) -> list[str]:
    """Rungs r0, r1, … r12 in numeric order, then peers, then exhibits."""
    def key(rung: str):
        if rung.startswith("r") and rung[1:].split("-", 1)[0].isdigit():
            return (0, int(rung[1:].split("-", 1)[0]), rung)
        return (1 if rung.startswith("peer") else 2, 0, rung)
    return sorted(set(ids), key=key)


def show(fig, header: str) -> None:
    """Prints the machine header above the figure and fails when any of its axes drew nothing."""
    print(header)
    for ax in fig.axes:
        drawn = ([line for line in ax.lines if len(line.get_xdata()) > 0]
                 + [p for p in ax.patches if not hasattr(p, "get_height") or p.get_height() != 0]
                 + [c for c in ax.collections if len(c.get_offsets()) > 0])
        assert drawn, f"figure axes '{ax.get_title()}' drew no data"
    fig.suptitle(header, fontsize=8, y=0.01, va="bottom")
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    if "matplotlib_inline" in sys.modules or "ipykernel" in sys.modules:
        from IPython.display import display
        display(fig)
    import matplotlib.pyplot as plt
    plt.close(fig)
