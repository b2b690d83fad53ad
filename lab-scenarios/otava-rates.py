#!/usr/bin/env python3
"""How often Apache Otava finds a change point that is not there, and how often it finds one that is.

./lab history --changes runs Otava over the results history. This simulates the histories a team keeps and
runs Otava's own detector on them (otava.analysis.compute_change_points, what `otava analyze` calls) at each
setting of a grid:

  flat series    20, 50 and 200 runs of Gaussian noise around one mean: any change point is false;
  a step         30 runs, the mean 10% higher from run 15 on: found when a change point lands within 2 runs of 15.

It chooses the loosest setting (largest p-value, then smallest magnitude) under which at most 1% of flat series of
every length get a change point and at least 95% of the steps are found, both with 95% confidence (the Wilson
interval of the simulated rate must lie within the goal, not only the rate), prints every setting's rates, and writes
the chosen one with its rates to the properties file the lab reads (--out), so that --changes runs Otava with
those settings and prints those rates beside what it finds.

Run it with the venv ./lab history --changes installs (~/.cache/perflab/otava-HASH), from the checkout's root:

    ~/.cache/perflab/otava-*/bin/python lab-scenarios/otava-rates.py [--series 2000] [--noise 0.03] [--seed 1] [--out FILE]
                                                              [--only P,MAGNITUDE]   (one setting of the grid)

It is a simulation, not a measurement of this machine: the rates depend on the seed, the series count and the
noise, never on the machine's speed or load. 2,000 series per row take a few minutes on 2 cores.
"""
import argparse
import math
import random
import sys

from otava.analysis import compute_change_points

FLAT_LENGTHS = (20, 50, 200)
STEP_RUNS = 30
STEP_AT = 15
STEP_FACTOR = 1.10
STEP_TOLERANCE_RUNS = 2
MAX_FALSE = 0.01
MIN_FOUND = 0.95
WINDOW = 50  # Otava's default window; the lab does not change it
P_VALUES = (0.001, 0.0001, 0.00001)
MAGNITUDES = (0.0, 0.01, 0.02, 0.03)


def series(rng, runs, noise, step_at=None):
    return [(STEP_FACTOR if step_at is not None and i >= step_at else 1.0) * (1 + noise * rng.gauss(0, 1))
            for i in range(runs)]


def points(values, p, magnitude):
    found, _ = compute_change_points(values, window_len=WINDOW, max_pvalue=p, min_magnitude=magnitude)
    return [c.index for c in found]


def rates(p, magnitude, count, noise, seed):
    rng = random.Random(seed)
    false = {}
    for runs in FLAT_LENGTHS:
        false[runs] = sum(1 for _ in range(count) if points(series(rng, runs, noise), p, magnitude)) / count
    found = sum(1 for _ in range(count)
                if any(abs(i - STEP_AT) <= STEP_TOLERANCE_RUNS
                       for i in points(series(rng, STEP_RUNS, noise, STEP_AT), p, magnitude))) / count
    return false, found


def wilson(rate, count, z=1.96):
    """The 95% Wilson interval of a rate observed in count trials."""
    centre = (rate + z * z / (2 * count)) / (1 + z * z / count)
    half = z * math.sqrt(rate * (1 - rate) / count + z * z / (4 * count * count)) / (1 + z * z / count)
    return centre - half, centre + half


def meets(false, found, count):
    return all(wilson(f, count)[1] <= MAX_FALSE for f in false.values()) and wilson(found, count)[0] >= MIN_FOUND


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--series", type=int, default=2000, help="series per length and per setting")
    parser.add_argument("--noise", type=float, default=0.03, help="the noise's standard deviation, a share of the mean")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="where to write the chosen setting and its rates (a .properties file)")
    parser.add_argument("--only", help="one setting, P,MAGNITUDE (e.g. 0.00001,0.02), instead of the grid")
    args = parser.parse_args()
    grid = [(p, m) for p in P_VALUES for m in MAGNITUDES]
    if args.only:
        p, m = args.only.split(",")
        grid = [(float(p), float(m))]
    print(f"Otava's detector, window {WINDOW}; {args.series} series per row; Gaussian noise σ = {args.noise:.1%} of the mean;"
          f" seed {args.seed}")
    print(f"{'p-value':>9} {'magnitude':>9}  " + "  ".join(f"flat {n:>3}" for n in FLAT_LENGTHS) + f"  10% step in {STEP_RUNS}")
    chosen = None
    for p, m in grid:
        false, found = rates(p, m, args.series, args.noise, args.seed)
        ok = meets(false, found, args.series)
        print(f"{p:>9g} {m:>9.0%}  " + "  ".join(f"{false[n]:>8.2%}" for n in FLAT_LENGTHS)
              + f"  {found:>14.1%}" + ("  meets both" if ok else ""))
        sys.stdout.flush()
        if ok and chosen is None:
            chosen = (p, m, false, found)
    if chosen is None:
        print("no setting of the grid meets both goals at this noise")
        return 1
    p, m, false, found = chosen
    print(f"chosen: p-value ≤ {p:g}, magnitude ≥ {m:.0%}")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write("# Written by lab-scenarios/otava-rates.py: the settings ./lab history --changes gives Apache Otava,\n"
                      "# and the rates its detector showed at them on simulated series (not a measurement of a machine).\n")
            out.write(f"max_pvalue={p:g}\nmin_magnitude={m:g}\nwindow={WINDOW}\n")
            out.write(f"series={args.series}\nnoise={args.noise:g}\nseed={args.seed}\n")
            for n in FLAT_LENGTHS:
                out.write(f"false_{n}={false[n]:g}\n")
            out.write(f"step_runs={STEP_RUNS}\nstep_percent={round((STEP_FACTOR - 1) * 100)}\nstep_found={found:g}\n")
        print(f"saved: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
