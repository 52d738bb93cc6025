// sudoku-forge bench nishio: the single-digit (template) rule, DAG vs
// pattern overlay on 9x9 positions from --corpus (after singles, one call
// per digit), and the DAG alone on seeded random 16x16 and 25x25 positions.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <iostream>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "deduction/nishio.h"
#include "deduction/nishio_bench_positions.h"
#include "research/bench.h"
#include "research/bench_report.h"

ABSL_DECLARE_FLAG(int, repeat);
ABSL_DECLARE_FLAG(int, limit);

namespace sudoku::research {
namespace {

struct Pass {
  const Shape* shape;
  const std::vector<CellBits>* positions;
  SingleDigitResult (*solve)(const Shape&, const CellBits&);
  int64_t work = 0;
  int eliminations = 0;
};

void RunPass(void* context) {
  auto* pass = static_cast<Pass*>(context);
  pass->work = 0;
  pass->eliminations = 0;
  for (const CellBits& p : *pass->positions) {
    const SingleDigitResult r = pass->solve(*pass->shape, p);
    pass->work += r.work;
    pass->eliminations += static_cast<int>(r.eliminated.count());
  }
}

SingleDigitResult Overlay(const Shape& shape, const CellBits& p) {
  return *SolveSingleDigitOverlay(shape, p);  // 9x9 only: never nullopt
}

struct PerCall {
  double wall = 0;  // median over the timed passes
  double cpu = 0;   // process CPU time, mean over all passes incl. warm-up
};

// Seconds per call over `repeat` passes (after a warm-up); fills `pass`
// counters. CPU time is reported too because on a shared machine wall-clock
// time includes waiting for a core.
PerCall SecondsPerCall(int repeat, Pass* pass) {
  const std::clock_t cpu_start = std::clock();
  PerCall r;
  const double calls = static_cast<double>(pass->positions->size());
  r.wall = MedianSeconds(repeat, &RunPass, pass) / calls;
  r.cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC /
          (calls * (repeat + 1));
  return r;
}

// The slowest single call: each position's best of three timings (to
// filter out preemption on a shared machine), maximised over positions.
double WorstCallSeconds(const Shape& shape,
                        const std::vector<CellBits>& positions) {
  double worst = 0;
  for (const CellBits& p : positions) {
    double best = 1e9;
    for (int i = 0; i < 3; ++i) {
      const auto start = std::chrono::steady_clock::now();
      const SingleDigitResult r = SolveSingleDigitDag(shape, p);
      const double s = std::chrono::duration<double>(
                           std::chrono::steady_clock::now() - start)
                           .count();
      if (r.work >= 0) best = std::min(best, s);
    }
    worst = std::max(worst, best);
  }
  return worst;
}

}  // namespace

int BenchNishio(const CommandArgs&) {
  const std::string path = absl::GetFlag(FLAGS_corpus);
  if (path.empty())
    return UsageError("bench", "--corpus=FILE is required (9x9 puzzles)");
  absl::StatusOr<std::vector<cli::InputPuzzle>> inputs =
      cli::ReadInputs({path}, ParseOptions());
  if (!inputs.ok())
    return UsageError("bench", std::string(inputs.status().message()));
  std::vector<Grid> grids;
  const int limit = absl::GetFlag(FLAGS_limit);
  for (const cli::InputPuzzle& in : *inputs) {
    if (!in.grid.ok()) {
      return UsageError(
          "bench", absl::StrCat(in.where(), ": ", in.grid.status().message()));
    }
    if (in.grid->size() != 9) {
      return UsageError(
          "bench",
          absl::StrCat(in.where(), ": bench nishio wants 9x9 puzzles"));
    }
    grids.push_back(*in.grid);
    if (limit > 0 && static_cast<int>(grids.size()) >= limit) break;
  }
  const std::vector<CellBits> positions =
      nishio_bench::DigitSetsAfterSingles(grids);
  if (positions.empty())
    return UsageError("bench", absl::StrCat(path, ": no positions"));
  const int repeat = std::max(3, absl::GetFlag(FLAGS_repeat));
  const Shape& classic = Shape::Classic();

  Pass dag{&classic, &positions, &SolveSingleDigitDag};
  Pass overlay{&classic, &positions, &Overlay};
  Pass matching{&classic, &positions, &SolveSingleDigitMatching};
  const PerCall dag_t = SecondsPerCall(repeat, &dag);
  const PerCall overlay_t = SecondsPerCall(repeat, &overlay);
  const PerCall matching_t = SecondsPerCall(repeat, &matching);
  if (dag.eliminations != overlay.eliminations) {
    std::cerr << "bench nishio: DAG and overlay disagree (" << dag.eliminations
              << " vs " << overlay.eliminations << " eliminations)\n";
    return kExitBadPuzzle;
  }
  const double n = static_cast<double>(positions.size());
  BenchReport report("nishio", path, static_cast<int64_t>(grids.size()));
  report.Option("digit_calls", absl::StrCat(positions.size()))
      .Metric("dag_us_per_call", 1e6 * dag_t.cpu, "µs")
      .Metric("overlay_us_per_call", 1e6 * overlay_t.cpu, "µs")
      .Metric("matching_us_per_call", 1e6 * matching_t.cpu, "µs")
      .Metric("overlay_over_dag", overlay_t.cpu / dag_t.cpu, "×");
  std::string human = absl::StrFormat(
      "bench nishio: corpus=%s puzzles=%d digit-calls=%d (after singles)\n"
      "               wall us/call  CPU us/call\n"
      "  9x9 DAG      %11.3f  %11.3f  %6.1f vertices/call, %d eliminations\n"
      "  9x9 overlay  %11.3f  %11.3f  %6.0f templates/call\n"
      "  9x9 matching %11.3f  %11.3f  %d eliminations (a subset)\n"
      "  DAG is %.1fx faster than overlay (wall), %.1fx (CPU)\n",
      path, grids.size(), positions.size(), 1e6 * dag_t.wall, 1e6 * dag_t.cpu,
      static_cast<double>(dag.work) / n, dag.eliminations, 1e6 * overlay_t.wall,
      1e6 * overlay_t.cpu, static_cast<double>(overlay.work) / n,
      1e6 * matching_t.wall, 1e6 * matching_t.cpu, matching.eliminations,
      overlay_t.wall / dag_t.wall, overlay_t.cpu / dag_t.cpu);

  const uint64_t seed = absl::GetFlag(FLAGS_seed);
  for (int k : {4, 5}) {
    const Shape& shape = Shape::GetOrDie(k, k);
    const std::vector<CellBits> large =
        nishio_bench::RandomDigitSets(shape, /*puzzles=*/8, seed);
    Pass pass{&shape, &large, &SolveSingleDigitDag};
    const PerCall t = SecondsPerCall(std::min(repeat, 3), &pass);
    report.Metric(absl::StrCat("dag_", k * k, "_ms_per_call"), 1e3 * t.cpu,
                  "ms");
    absl::StrAppendFormat(
        &human,
        "  %dx%d DAG %8.3f ms/call wall, %8.3f CPU; slowest call %8.3f ms "
        "wall; "
        "%.0f vertices/call (%d digit-calls, 8 random grids, seed %d)\n",
        k * k, k * k, 1e3 * t.wall, 1e3 * t.cpu,
        1e3 * WorstCallSeconds(shape, large),
        static_cast<double>(pass.work) / static_cast<double>(large.size()),
        large.size(), seed);
  }
  CellBits all;
  const Shape& big = Shape::GetOrDie(5, 5);
  for (int cell = 0; cell < big.num_cells(); ++cell)
    all.set(static_cast<size_t>(cell));
  const std::vector<CellBits> empty_grid = {all};
  Pass full{&big, &empty_grid, &SolveSingleDigitDag};
  const PerCall full_t = SecondsPerCall(1, &full);
  report.Metric("dag_25_empty_grid_ms", 1e3 * full_t.cpu, "ms");
  absl::StrAppendFormat(
      &human,
      "  25x25 DAG on an empty grid (the whole DAG, worst case): %.1f ms wall, "
      "%.1f ms CPU, %d vertices\n",
      1e3 * full_t.wall, 1e3 * full_t.cpu, full.work);
  report.Print(human);
  return kExitOk;
}

}  // namespace sudoku::research
