// `sudoku-forge bench rate`: ratings per second on --corpus, with every
// feature `rate` computes (stochastic solvers included unless
// --nostochastic), over --jobs threads; plus the per-puzzle latency.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <iostream>
#include <thread>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "core/stats.h"
#include "rater/rater.h"
#include "rater/solver_features.h"
#include "research/bench.h"
#include "research/bench_report.h"
#include "solvers/stochastic.h"

ABSL_DECLARE_FLAG(int, limit);        // bench_command.cc
ABSL_DECLARE_FLAG(bool, stochastic);  // calibrate_command.cc

namespace sudoku::research {

int BenchRate(const CommandArgs&) {
  const std::string path = absl::GetFlag(FLAGS_corpus);
  if (path.empty()) return UsageError("bench", "--corpus=FILE is required");
  absl::StatusOr<std::string> text = cli::ReadFileOrStdin(path);
  if (!text.ok())
    return UsageError("bench", std::string(text.status().message()));
  absl::StatusOr<ParseOptions> options = cli::ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("bench", std::string(options.status().message()));
  std::vector<Grid> grids;
  const int limit = absl::GetFlag(FLAGS_limit);
  for (PuzzleRecord& rec : ParsePuzzles(*text, *options)) {
    if (!rec.grid.ok()) {
      return UsageError("bench",
                        absl::StrCat(path, ": ", rec.grid.status().message()));
    }
    grids.push_back(*std::move(rec.grid));
    if (limit > 0 && static_cast<int>(grids.size()) >= limit) break;
  }
  if (grids.empty())
    return UsageError("bench", absl::StrCat(path, ": no puzzles"));
  RaterOptions rater_options = WithSolverFeatures({});
  rater_options.techniques = absl::GetFlag(FLAGS_techniques);
  const bool stochastic = absl::GetFlag(FLAGS_stochastic);
  rater_options.stochastic =
      stochastic ? StochasticUse::kAlways : StochasticUse::kIfModelUses;
  absl::StatusOr<std::unique_ptr<Rater>> rater = Rater::Create(rater_options);
  if (!rater.ok())
    return UsageError("bench", std::string(rater.status().message()));

  using Clock = std::chrono::steady_clock;
  std::vector<double> latency(grids.size()), cpu(grids.size());
  std::vector<int> needs_guessing(grids.size(), 0);
  std::atomic<size_t> next{0};
  const int jobs = std::max(1, absl::GetFlag(FLAGS_jobs));
  const Clock::time_point start = Clock::now();
  auto worker = [&]() {
    for (size_t i = next.fetch_add(1); i < grids.size();
         i = next.fetch_add(1)) {
      const Clock::time_point t0 = Clock::now();
      const double c0 = ThreadCpuSeconds();
      RatingResult r = (*rater)->Rate(grids[i]);
      cpu[i] = ThreadCpuSeconds() - c0;
      latency[i] = std::chrono::duration<double>(Clock::now() - t0).count();
      needs_guessing[i] =
          r.status == RateStatus::kRated && !r.features.solved_by_logic;
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j) threads.emplace_back(worker);
  for (std::thread& t : threads) t.join();
  const double seconds =
      std::chrono::duration<double>(Clock::now() - start).count();
  std::vector<double> sorted = latency;
  std::sort(sorted.begin(), sorted.end());
  std::vector<double> cpu_sorted = cpu;
  std::sort(cpu_sorted.begin(), cpu_sorted.end());
  double cpu_total = 0;
  for (double c : cpu) cpu_total += c;
  int guessing = 0;
  for (int g : needs_guessing) guessing += g;
  const double n = static_cast<double>(grids.size());
  BenchReport report("rate", path, static_cast<int64_t>(grids.size()));
  report.Option("jobs", absl::StrCat(jobs))
      .Option("stochastic", (*rater)->RunsStochastic() ? "on" : "off")
      .Metric("ratings_per_second", n / seconds, "ratings/s")
      .Metric("median_ms", 1e3 * SortedQuantile(sorted, 0.5), "ms")
      .Metric("p90_ms", 1e3 * SortedQuantile(sorted, 0.9), "ms")
      .Metric("cpu_median_ms", 1e3 * SortedQuantile(cpu_sorted, 0.5), "ms")
      .Metric("ratings_per_core_second",
              static_cast<double>(cpu.size()) / cpu_total, "ratings/s");
  report.Print(absl::StrFormat(
      "bench rate: corpus=%s puzzles=%d jobs=%d stochastic=%s\n"
      "  %.1f ratings/s  (%.2f s wall)\n"
      "  per puzzle wall: median %.2f ms, p90 %.2f ms, max %.1f ms; %d need "
      "guessing\n"
      "  per puzzle thread CPU: median %.2f ms, mean %.2f ms, max %.1f ms -> "
      "%.1f ratings/s "
      "per busy core\n",
      path, grids.size(), jobs, (*rater)->RunsStochastic() ? "on" : "off",
      static_cast<double>(grids.size()) / seconds, seconds,
      1e3 * SortedQuantile(sorted, 0.5), 1e3 * SortedQuantile(sorted, 0.9),
      1e3 * sorted.back(), guessing, 1e3 * SortedQuantile(cpu_sorted, 0.5),
      1e3 * cpu_total / static_cast<double>(cpu.size()),
      1e3 * cpu_sorted.back(), static_cast<double>(cpu.size()) / cpu_total));
  return kExitOk;
}

}  // namespace sudoku::research
