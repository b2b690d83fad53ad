"""How `ab --max-pairs` decides when to stop, simulated: a row's pairs are independent normal ln(head/base)
values, judged as `ab` judges them (paired t interval, 95%; a regression or an improvement needs the threshold
AND an interval that excludes 1). Three rules:

  fixed N      every row gets N pairs (ab --pairs N)
  verdict      add pairs while the verdict is "no change" and the interval reaches past the threshold (stops at
               the first verdict): looking again after each pair gives an A/A row a new chance of a false positive
  width        add pairs while the interval is wider than the threshold on either side of its ratio, whatever the
               verdict (what ab --max-pairs does: dev.perflab.ab.PairedRatio.widerThan)

Python standard library only; Student's t quantiles from the tables. Run: python3 THIS_FILE
"""
import math
import random

T975 = [None, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120]  # t(0.975, df) for df = 1..16
THRESHOLD = 0.05
RUNS = 4000


def interval(logs):
    n = len(logs)
    mean = sum(logs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in logs) / (n - 1))
    half = T975[n - 1] * sd / math.sqrt(n)
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half)


def verdict(ratio, low, high):
    if high < 1 and ratio < 1 / (1 + THRESHOLD):
        return "regression"
    if low > 1 and ratio > 1 + THRESHOLD:
        return "improvement"
    return "no change"


def run(rng, mu, sd, start, most, rule):
    logs = [rng.gauss(mu, sd) for _ in range(start)]
    while True:
        ratio, low, high = interval(logs)
        v = verdict(ratio, low, high)
        if len(logs) >= most:
            return v, len(logs)
        if rule == "verdict" and (v != "no change" or (low >= 1 / (1 + THRESHOLD) and high <= 1 + THRESHOLD)):
            return v, len(logs)
        if rule == "width" and math.log(high / low) / 2 <= math.log1p(THRESHOLD):
            return v, len(logs)
        logs.append(rng.gauss(mu, sd))


def main():
    print("pair sd | rule | A/A rows called (false positives) | 10% loss found | mean pairs (A/A · 10%)")
    print("---|---|---|---|---")
    for sd in (0.03, 0.06, 0.09):
        for rule, start, most in (("fixed", 4, 4), ("fixed", 8, 8), ("fixed", 16, 16), ("verdict", 4, 16),
                                  ("width", 4, 16), ("width", 8, 16)):
            rng = random.Random(1)
            aa = [run(rng, 0.0, sd, start, most, rule) for _ in range(RUNS)]
            lost = [run(rng, math.log(1 / 1.10), sd, start, most, rule) for _ in range(RUNS)]
            fp = sum(1 for v, _ in aa if v != "no change") / RUNS
            found = sum(1 for v, _ in lost if v == "regression") / RUNS
            name = "%s %d" % (rule, start) if rule == "fixed" else "%s %d..%d" % (rule, start, most)
            print("%.0f%% | %s | %.1f%% | %.1f%% | %.1f · %.1f" % (sd * 100, name, fp * 100, found * 100,
                                                              sum(n for _, n in aa) / RUNS, sum(n for _, n in lost) / RUNS))


if __name__ == "__main__":
    main()
