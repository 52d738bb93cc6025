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


def plot(groups, out):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed (apt-get install "
              "python3-matplotlib): no plot", file=sys.stderr)
        return False
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    names = [n for n in groups if groups[n]]
    axes[0].hist([[r.score for r in groups[n]] for n in names], bins=30,
                 label=names, histtype="step", linewidth=1.5)
    axes[0].set_xlabel("Forge score (ln seconds)")
    axes[0].set_ylabel("puzzles")
    axes[0].set_title("Score per level")
    axes[0].legend()
    for n in names:
        axes[1].scatter([r.clues for r in groups[n]],
                        [r.score for r in groups[n]], s=4, alpha=0.5, label=n)
        axes[2].scatter([r.er for r in groups[n]],
                        [r.score for r in groups[n]], s=4, alpha=0.5, label=n)
    axes[1].set_xlabel("clues")
    axes[1].set_ylabel("Forge score")
    axes[1].set_title("Score against clue count")
    axes[2].set_xlabel("SE ER (our ladder)")
    axes[2].set_ylabel("Forge score")
    axes[2].set_title("Score against ER")
    axes[2].legend(markerscale=4)
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
    if not plot(groups, args.out) and args.require_plot:
        sys.exit(1)


if __name__ == "__main__":
    main()
