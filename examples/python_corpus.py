#!/usr/bin/env python3
"""Builds a four-level corpus with sudoku_forge, rates an external puzzle
file, and plots the Forge score per level, against clue count and against
SE ER (matplotlib), into a PNG.

  PYTHONPATH=build/release/python /usr/bin/python3 examples/python_corpus.py \
      --per-level=1000 --jobs=2 --rate=../shared/corpora/puzzles2_17_clue.txt \
      --rate-limit=2000 --out=docs/python-corpus.png

Prints a summary table (count, median score, median expected minutes per
level). Without matplotlib it prints the table and says so.
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

import sudoku_forge as sf

LEVELS = ("easy", "medium", "hard", "evil")


def build_corpus(per_level, seed, jobs):
    corpus = {}
    for level in LEVELS:
        start = time.perf_counter()
        puzzles = [g["puzzle"] for g in
                   sf.generate(per_level, level=level, seed=seed, jobs=jobs)]
        corpus[level] = sf.rate_many(puzzles, jobs=jobs)
        print(f"{level}: {per_level} puzzles in "
              f"{time.perf_counter() - start:.1f} s", file=sys.stderr)
    return corpus


def rate_file(path, limit, jobs):
    puzzles = sf.read_puzzles(Path(path).read_text())
    if limit:
        puzzles = puzzles[:limit]
    return [r for r in sf.rate_many(puzzles, jobs=jobs) if r.ok]


def summary(groups):
    print("| set | n | median score | median expected minutes | median ER |")
    print("|---|---:|---:|---:|---:|")
    for name, ratings in groups.items():
        if not ratings:
            continue
        print(f"| {name} | {len(ratings)} | "
              f"{statistics.median(r.score for r in ratings):.2f} | "
              f"{statistics.median(r.expected_minutes for r in ratings):.1f} | "
              f"{statistics.median(r.er for r in ratings):.1f} |")


def plot(groups, out, title):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed (apt-get install "
              "python3-matplotlib): no plot", file=sys.stderr)
        return False
    import random

    import numpy as np  # matplotlib's own dependency
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.8))
    names = [n for n in groups if groups[n]]
    # One colour and one legend entry (with its size) per set, the same in
    # every panel; the external file in grey crosses, drawn first (under the
    # generated levels).
    colours = dict(zip(LEVELS, ("tab:blue", "tab:orange", "tab:green",
                                "tab:red")))
    style = {n: dict(color=colours.get(n, "0.45"),
                     marker="o" if n in colours else "x",
                     label=f"{n} (n={len(groups[n])})") for n in names}
    order = [n for n in names if n not in colours] + [
        n for n in names if n in colours]
    # Scores as the share of each set's puzzles per bin: the sets differ in
    # size, so counts would not compare.
    lo = min(r.score for n in names for r in groups[n])
    hi = max(r.score for n in names for r in groups[n])
    bins = [lo + (hi - lo) * i / 40 for i in range(41)]
    for n in names:
        scores = [r.score for r in groups[n]]
        axes[0].hist(scores, bins=bins, weights=[1 / len(scores)] * len(scores),
                     histtype="step", linewidth=1.5, color=style[n]["color"],
                     label=style[n]["label"])
    axes[0].set_xlabel("Forge score (ln of expected seconds)")
    axes[0].set_ylabel("share of the set's puzzles per bin")
    axes[0].set_title("Score per set")
    axes[0].legend(fontsize=8)
    # The score as time: a top axis in expected minutes (e**score / 60).
    top = axes[0].secondary_xaxis(
        "top", functions=(lambda s: np.exp(s) / 60,
                          lambda m: np.log(np.maximum(m, 1e-9) * 60)))
    top.set_xlabel("expected minutes (a typical player)")
    # Clue counts are integers: a small horizontal jitter (said on the axis)
    # keeps a column of 1,000 points from hiding how they spread.
    jitter = random.Random(0)
    for n in order:
        st = style[n]
        axes[1].scatter([r.clues + jitter.uniform(-0.3, 0.3)
                         for r in groups[n]],
                        [r.score for r in groups[n]], s=5, alpha=0.4,
                        color=st["color"], marker=st["marker"],
                        linewidths=0.6, label=st["label"])
        axes[2].scatter([r.er for r in groups[n]],
                        [r.score for r in groups[n]], s=5, alpha=0.4,
                        color=st["color"], marker=st["marker"],
                        linewidths=0.6, label=st["label"])
    axes[1].set_xlabel("clues (jittered by up to ±0.3)")
    axes[1].set_ylabel("Forge score")
    axes[1].set_title("Score against clue count")
    axes[2].set_xlabel("SE ER on our ladder (not Sudoku Explainer's own)")
    axes[2].set_ylabel("Forge score")
    axes[2].set_title("Score against ER")
    handles, labels = axes[2].get_legend_handles_labels()
    by_label = dict(zip(labels, handles))
    axes[2].legend([by_label[style[n]["label"]] for n in names],
                   [style[n]["label"] for n in names], markerscale=3,
                   fontsize=8)
    fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(out, dpi=90)
    print(f"wrote {out}", file=sys.stderr)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-level", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rate", help="an external puzzle file to rate too")
    ap.add_argument("--rate-limit", type=int, default=0)
    ap.add_argument("--out", default="docs/python-corpus.png")
    ap.add_argument("--require-plot", action="store_true",
                    help="exit 1 when no plot could be written (CI)")
    args = ap.parse_args()
    groups = build_corpus(args.per_level, args.seed, args.jobs)
    if args.rate:
        groups[Path(args.rate).stem] = rate_file(args.rate, args.rate_limit,
                                                 args.jobs)
    summary(groups)
    title = (f"sudoku_forge {sf.__version__}, engine {sf.engine_version()}: "
             f"{args.per_level} generated puzzles per level (seed {args.seed})"
             + (f", and {Path(args.rate).name}" if args.rate else ""))
    if not plot(groups, args.out, title) and args.require_plot:
        sys.exit(1)


if __name__ == "__main__":
    main()
