#!/usr/bin/env python3
"""Benchmarks of the Python package (not tests; figures in docs/PERFORMANCE.md).

1. rate_many(puzzles, jobs=J) against `sudoku-forge rate --jobs=J
   --no-stochastic --json` on the same puzzles, in one run, alternating,
   wall-clock medians of --passes passes. The CLI's time includes starting
   the process, reading the file and printing JSON; the package's includes
   turning every answer into a Rating.
2. The overhead of sf.rate(p) on an easy puzzle over the engine call
   (Rater::Rate), in process CPU time, part by part: the C++ around the
   call (parse, the answer object), the pybind11 call, the Python wrapper,
   and the JSON answer that is built only when asked for.

  PYTHONPATH=build/release/python /usr/bin/python3 bench/python_rate_bench.py \
      --cli=build/release/cli/sudoku-forge \
      --corpus=../shared/corpora/puzzles2_17_clue.txt --limit=2000 --jobs=2
"""
import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

import sudoku_forge as sf
from sudoku_forge import _core

# An easy puzzle (Wikipedia's example: singles only).
EASY = ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28...."
        "419..5....8..79")


def bench_many(cli, puzzles, jobs, passes):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(puzzles) + "\n")
        path = f.name
    cli_times, py_times = [], []
    try:
        for _ in range(passes):
            start = time.perf_counter()
            r = subprocess.run([cli, "rate", "--json", "--no-stochastic",
                                f"--jobs={jobs}", path],
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
            cli_times.append(time.perf_counter() - start)
            if r.returncode not in (0, 1):
                sys.exit(f"sudoku-forge rate failed: exit {r.returncode}")
            start = time.perf_counter()
            out = sf.rate_many(puzzles, jobs=jobs)
            py_times.append(time.perf_counter() - start)
            assert len(out) == len(puzzles)
    finally:
        Path(path).unlink()
    c, p = statistics.median(cli_times), statistics.median(py_times)
    n = len(puzzles)
    print(f"rate {n} puzzles, jobs={jobs}, median of {passes} passes:")
    print(f"  sudoku-forge rate --jobs={jobs}: {c:.3f} s ({n / c:.0f}/s)")
    print(f"  sf.rate_many(jobs={jobs}):      {p:.3f} s ({n / p:.0f}/s)")
    print(f"  package / CLI: {p / c:.3f}")


def bench_overhead(repeats):
    """The cost of sf.rate beyond the engine call, part by part: one rating
    varies by more than the parts (caches, frequency, other processes), so
    end-to-end differences of sf.rate and the engine call are noise."""
    sf.rate(EASY)  # warm up (the raters are made once)
    rate_only, wrap, answer_json = _core.bench_engine(EASY, repeats)
    answer = _core.rate(EASY, "", False, False, sf.DEFAULT_MAX_NODES,
                        sf.DEFAULT_TOP_WORK)
    n = 100_000
    call = timeit.timeit(lambda: _core.expected_minutes(5.0), number=n) / n
    wrapper = (timeit.timeit(lambda: sf._to_text(EASY), number=n) +
               timeit.timeit(lambda: answer.rated and sf.Rating(answer),
                             number=n)) / n
    fields = timeit.timeit(
        lambda: (sf.Rating(answer).score, sf.Rating(answer).level),
        number=n) / n - 2 * timeit.timeit(lambda: sf.Rating(answer),
                                          number=n) / n
    r = sf.rate(EASY)
    print(f"sf.rate on an easy puzzle ({r.level}, score {r.score:.2f}):")
    print(f"  engine call Rater::Rate (CPU, mean of {repeats}): "
          f"{rate_only * 1e6:9.1f} us")
    print(f"  sf.rate's C++ around it: ParseGrid + RateAnswer:  "
          f"{wrap * 1e6:9.2f} us")
    print(f"  pybind11 call of a bound function:               "
          f"{call * 1e6:9.2f} us")
    print(f"  the Python wrapper (input text, Rating object):  "
          f"{wrapper * 1e6:9.2f} us")
    print(f"  reading .score and .level (each field):          "
          f"{fields / 2 * 1e6:9.2f} us")
    print(f"  the JSON answer, built on first to_json()/to_dict() or other "
          f"field (RateOutputOf + ToJson): {answer_json * 1e6:.1f} us")
    print(f"  sf.rate beyond Rater::Rate: "
          f"{(wrap + call + wrapper) * 1e6:.2f} us")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--limit", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=2000)
    args = ap.parse_args()
    puzzles = sf.read_puzzles(Path(args.corpus).read_text())[: args.limit]
    bench_many(args.cli, puzzles, args.jobs, args.passes)
    bench_overhead(args.repeats)


if __name__ == "__main__":
    main()
