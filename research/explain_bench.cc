// sudoku-forge bench explain: the human-style step solver's speed.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <iostream>
#include <memory>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "core/stats.h"
#include "deduction/step_solver.h"
#include "research/bench.h"
#include "research/bench_report.h"

ABSL_DECLARE_FLAG(int, limit);  // research/bench_command.cc

namespace sudoku::research {

int BenchExplain(const CommandArgs&) {
  const std::string path = absl::GetFlag(FLAGS_corpus);
  if (path.empty()) return UsageError("bench", "--corpus=FILE is required");
  absl::StatusOr<ParseOptions> options = cli::ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("bench", std::string(options.status().message()));
  absl::StatusOr<std::vector<cli::InputPuzzle>> inputs =
      cli::ReadInputs({path}, *options);
  if (!inputs.ok())
    return UsageError("bench", std::string(inputs.status().message()));
  std::vector<Grid> grids;
  const int limit = absl::GetFlag(FLAGS_limit);
  for (const cli::InputPuzzle& p : *inputs) {
    if (!p.grid.ok()) {
      return UsageError(
          "bench", absl::StrCat(p.where(), ": ", p.grid.status().message()));
    }
    grids.push_back(*p.grid);
    if (limit > 0 && static_cast<int>(grids.size()) >= limit) break;
  }
  if (grids.empty())
    return UsageError("bench", absl::StrCat(path, ": no puzzles"));
  DeductionOptions deduction;
  deduction.allow_uniqueness = !absl::GetFlag(FLAGS_no_uniqueness);
  // As explain: a walk past the bound stops out of time (0: no bound).
  deduction.max_seconds = absl::GetFlag(FLAGS_max_puzzle_seconds);
  absl::StatusOr<std::unique_ptr<StepSolver>> solver =
      StepSolver::Create(absl::GetFlag(FLAGS_techniques), deduction);
  if (!solver.ok())
    return UsageError("bench", std::string(solver.status().message()));

  // One timed pass, puzzle by puzzle, on one thread (a warm-up on the first
  // puzzle builds the lazily cached tables).
  (*solver)->Explain(grids[0]);
  std::vector<double> times;
  int by_logic = 0, steps = 0, out_of_time = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const Grid& g : grids) {
    const auto t0 = std::chrono::steady_clock::now();
    const Explanation e = (*solver)->Explain(g);
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
            .count());
    by_logic += e.solved_by_logic;
    out_of_time += e.status == ExplainStatus::kOutOfTime;
    steps += static_cast<int>(e.steps.size());
  }
  const double total =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::vector<double> sorted = times;
  std::sort(sorted.begin(), sorted.end());
  const double n = static_cast<double>(grids.size());
  const std::string techniques = absl::GetFlag(FLAGS_techniques).empty()
                                     ? "all"
                                     : absl::GetFlag(FLAGS_techniques);
  BenchReport report("explain", path, static_cast<int64_t>(grids.size()));
  report.Option("techniques", techniques)
      .Metric("puzzles_per_second", n / total, "puzzles/s")
      .Metric("median_ms", 1e3 * SortedQuantile(sorted, 0.5), "ms")
      .Metric("p90_ms", 1e3 * SortedQuantile(sorted, 0.9), "ms")
      .Metric("max_ms", 1e3 * sorted.back(), "ms")
      .Metric("solved_by_logic_share", by_logic / n, "")
      .Metric("out_of_time", out_of_time, "puzzles");
  report.Print(absl::StrFormat(
      "bench explain: corpus=%s puzzles=%d techniques=%s\n"
      "  %.1f puzzles/s (one thread), total %.2f s\n"
      "  per puzzle: median %.2f ms, p90 %.2f ms, max %.2f ms\n"
      "  %.1f steps/puzzle, %d of %d solved by logic (no guess), %d out of "
      "time (--max-puzzle-seconds=%g)\n",
      path, grids.size(), techniques, n / total, total,
      1e3 * SortedQuantile(sorted, 0.5), 1e3 * SortedQuantile(sorted, 0.9),
      1e3 * sorted.back(), static_cast<double>(steps) / n, by_logic,
      grids.size(), out_of_time, deduction.max_seconds));
  return kExitOk;
}

}  // namespace sudoku::research
