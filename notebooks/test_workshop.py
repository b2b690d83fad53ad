"""The notebooks' shared helpers: JMH's JSON read as JMH writes it, and a figure that drew nothing fails."""
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import workshop  # noqa: E402


def jmh_row(rung, score, unit="ops/s", error=1.0, alloc=None):
    row = {"benchmark": "dev.perflab.bench.orderbook.OrderBookCancelBenchmark.cancelLast", "mode": "thrpt",
           "jdkVersion": "17.0.15", "vmName": "OpenJDK 64-Bit Server VM", "params": {"rung": rung, "depth": "10"},
           "primaryMetric": {"score": score, "scoreError": error, "scoreUnit": unit}, "secondaryMetrics": {}}
    if alloc is not None:
        row["secondaryMetrics"]["gc.alloc.rate.norm"] = {"score": alloc, "scoreUnit": "B/op"}
    return row


def test_jmh_frame_reads_params_scores_and_allocation(tmp_path):
    path = tmp_path / "run.json"
    path.write_text(json.dumps([jmh_row("r0-persistent-scan", 2.0, "ops/ms", error="NaN", alloc=96.0),
                                jmh_row("r4-tick-array", 3e6)]))
    frame = workshop.jmh_frame(path)
    assert list(frame["method"]) == ["cancelLast", "cancelLast"]
    assert list(frame["rung"]) == ["r0-persistent-scan", "r4-tick-array"]
    assert list(workshop.ops_per_second(frame)) == [2000.0, 3e6]
    assert frame["error"].isna().iloc[0], "JMH's \"NaN\" error must read as a missing number"
    assert frame["alloc_b_per_op"].iloc[0] == 96.0 and frame["alloc_b_per_op"].isna().iloc[1]
    assert workshop.jmh_header(path, frame).startswith("JDK 17.0.15 (OpenJDK 64-Bit Server VM)")
    (tmp_path / "run.machine.txt").write_text("JDK 17 · CPU Test · 2 cores\n")
    assert workshop.jmh_header(path, frame) == "JDK 17 · CPU Test · 2 cores"


def test_jmh_frame_rejects_an_empty_file(tmp_path):
    path = tmp_path / "empty.json"
    path.write_text("[]")
    with pytest.raises(ValueError, match="no JMH results"):
        workshop.jmh_frame(path)


def test_ops_per_second_rejects_time_per_op_units(tmp_path):
    path = tmp_path / "avgt.json"
    path.write_text(json.dumps([jmh_row("r0", 5.0, "ns/op")]))
    with pytest.raises(ValueError, match="throughput units"):
        workshop.ops_per_second(workshop.jmh_frame(path))


def test_rungs_sort_numerically_then_peers_then_exhibits():
    ids = ["x-shared-digest", "peer-parity", "r10-digest-per-batch", "r2-pool-counters", "r0-task-per-thread"]
    assert workshop.rung_order(ids) == ["r0-task-per-thread", "r2-pool-counters", "r10-digest-per-batch",
                                        "peer-parity", "x-shared-digest"]


def test_show_fails_on_a_figure_that_drew_nothing(capsys):
    fig, ax = plt.subplots()
    ax.set_title("empty")
    with pytest.raises(AssertionError, match="'empty' drew no data"):
        workshop.show(fig, "JDK 17 · CPU Test · 2 cores")


def test_show_fails_when_one_of_several_axes_is_empty():
    fig, (left, right) = plt.subplots(1, 2)
    left.plot([1, 2], [3, 4])
    right.bar([], [])
    right.set_title("no bars")
    with pytest.raises(AssertionError, match="'no bars' drew no data"):
        workshop.show(fig, "header")


def test_show_prints_the_header_above_a_drawn_figure(capsys):
    fig, ax = plt.subplots()
    ax.bar(["r0", "r1"], [1.0, 2.0])
    workshop.show(fig, "JDK 17 · CPU Test · 2 cores")
    assert capsys.readouterr().out.startswith("JDK 17 · CPU Test · 2 cores")


def test_a_smoke_result_made_without_iperf3_is_made_again_once_iperf3_is_here(tmp_path, monkeypatch):
    made_without = tmp_path / "run.json"
    made_without.write_text(json.dumps({"ceiling_skipped": "ceiling not measured: iperf3 is not on the PATH"}))
    measured = tmp_path / "measured.json"
    measured.write_text(json.dumps({"ceiling_skipped": None, "ceiling_mb_per_s": 2000.0}))
    monkeypatch.setattr(workshop.shutil, "which", lambda name: "/usr/bin/iperf3")
    assert workshop._made_without_a_ceiling_now_measurable(made_without)
    assert not workshop._made_without_a_ceiling_now_measurable(measured)
    monkeypatch.setattr(workshop.shutil, "which", lambda name: None)
    assert not workshop._made_without_a_ceiling_now_measurable(made_without), "still no iperf3: keep the result"
