// sudoku-forge bench TARGET: throughput measurements printed for humans
// (and --json for machines). Figures quoted in docs/PERFORMANCE.md come from
// here, with the command line that produced them.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "core/format.h"
#include "core/stats.h"
#include "research/bench.h"
#include "research/bench_report.h"
#include "research/commands.h"
#include "solvers/solver.h"

ABSL_FLAG(std::string, mode, "unique",
          "bench solve: 'first' (stop at the first solution) or 'unique' "
          "(count to 2, the uniqueness check)");
ABSL_FLAG(
    int, repeat, 5,
    "Timed passes over the corpus (median reported), after one warm-up pass");
ABSL_FLAG(int, limit, 0,
          "Use only the first N puzzles of the corpus (0 = all)");

namespace sudoku::research {

double MedianSeconds(int runs, void (*body)(void*), void* context) {
  body(context);  // warm-up
  std::vector<double> times;
  for (int i = 0; i < std::max(1, runs); ++i) {
    const auto start = std::chrono::steady_clock::now();
    body(context);
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::sort(times.begin(), times.end());
  return SortedQuantile(times, 0.5);
}

namespace {

// Reads the --corpus file, keeping only readable puzzles (a benchmark corpus
// with a bad line is a usage error: the figures would be misleading).
absl::StatusOr<std::vector<Grid>> LoadCorpus() {
  const std::string path = absl::GetFlag(FLAGS_corpus);
  if (path.empty())
    return absl::InvalidArgumentError("--corpus=FILE is required");
  absl::StatusOr<ParseOptions> options = cli::ParseOptionsFromFlags();
  if (!options.ok()) return options.status();
  absl::StatusOr<std::vector<cli::InputPuzzle>> inputs =
      cli::ReadInputs({path}, *options);
  if (!inputs.ok()) return inputs.status();
  std::vector<Grid> grids;
  const int limit = absl::GetFlag(FLAGS_limit);
  for (const cli::InputPuzzle& p : *inputs) {
    if (!p.grid.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(p.where(), ": ", p.grid.status().message()));
    }
    grids.push_back(*p.grid);
    if (limit > 0 && static_cast<int>(grids.size()) >= limit) break;
  }
  if (grids.empty())
    return absl::InvalidArgumentError(absl::StrCat(path, ": no puzzles"));
  return grids;
}

struct SolveBench {
  Solver* solver;
  const std::vector<Grid>* grids;
  SolveLimits limits;
  int64_t nodes = 0, guesses = 0, solutions[3] = {0, 0, 0};
};

void RunSolvePass(void* context) {
  auto* b = static_cast<SolveBench*>(context);
  b->nodes = b->guesses = 0;
  b->solutions[0] = b->solutions[1] = b->solutions[2] = 0;
  for (const Grid& g : *b->grids) {
    SolveResult r = b->solver->Solve(g, b->limits);
    b->nodes += r.nodes;
    b->guesses += r.guesses;
    ++b->solutions[std::min(r.num_solutions, 2)];
  }
}

int BenchSolve(const CommandArgs&) {
  const std::string mode = absl::GetFlag(FLAGS_mode);
  if (mode != "first" && mode != "unique") {
    return UsageError(
        "bench", absl::StrCat("unknown --mode '", mode, "' (first or unique)"));
  }
  absl::StatusOr<std::vector<Grid>> grids = LoadCorpus();
  if (!grids.ok())
    return UsageError("bench", std::string(grids.status().message()));
  absl::StatusOr<std::unique_ptr<Solver>> solver =
      MakeSolver(absl::GetFlag(FLAGS_solver));
  if (!solver.ok())
    return UsageError("bench", std::string(solver.status().message()));
  SolveBench bench{solver->get(), &*grids, {}};
  bench.limits.max_solutions = mode == "first" ? 1 : 2;
  const int repeat = std::max(3, absl::GetFlag(FLAGS_repeat));
  const double secs = MedianSeconds(repeat, &RunSolvePass, &bench);
  const double n = static_cast<double>(grids->size());
  BenchReport report("solve", absl::GetFlag(FLAGS_corpus),
                     static_cast<int64_t>(grids->size()));
  report.Option("solver", std::string((*solver)->name()))
      .Option("mode", mode)
      .Metric("us_per_puzzle", 1e6 * secs / n, "µs")
      .Metric("puzzles_per_second", n / secs, "puzzles/s")
      .Metric("nodes_per_puzzle", static_cast<double>(bench.nodes) / n, "")
      .Metric("guesses_per_puzzle", static_cast<double>(bench.guesses) / n, "");
  report.Print(absl::StrFormat(
      "bench solve: corpus=%s solver=%s mode=%s puzzles=%d\n"
      "  %.2f us/puzzle  %.0f puzzles/s  (median of %d passes after a "
      "warm-up)\n"
      "  %.1f nodes/puzzle  %.2f guesses/puzzle  solutions: %d none, %d one, "
      "%d two+\n",
      absl::GetFlag(FLAGS_corpus), (*solver)->name(), mode, grids->size(),
      1e6 * secs / n, n / secs, repeat, static_cast<double>(bench.nodes) / n,
      static_cast<double>(bench.guesses) / n, bench.solutions[0],
      bench.solutions[1], bench.solutions[2]));
  return kExitOk;
}

const std::vector<BenchTarget>& BenchTargets() {
  static const auto* targets = new std::vector<BenchTarget>{
      {"solve",
       "exact solver throughput on --corpus (--solver, --mode=first|unique)",
       &BenchSolve},
      {"nishio",
       "single-digit template rule: DAG vs overlay on --corpus, DAG on "
       "16x16/25x25",
       &BenchNishio},
      {"canon", "canonical (minlex) keys per second on --corpus", &BenchCanon},
      {"import", "import throughput on --corpus into a fresh database file",
       &BenchImport},
      {"explain",
       "human-style step solver (explain): puzzles/s and median time on "
       "--corpus",
       &BenchExplain},
      {"rate",
       "ratings per second on --corpus (--jobs, --stochastic for every rate "
       "feature)",
       &BenchRate},
  };
  return *targets;
}

int RunBench(const CommandArgs& args) {
  if (args.positional.empty()) {
    std::string names;
    for (const BenchTarget& t : BenchTargets())
      absl::StrAppend(&names, names.empty() ? "" : ", ", t.name);
    return UsageError("bench", absl::StrCat("name a benchmark: ", names));
  }
  for (const BenchTarget& t : BenchTargets()) {
    if (args.positional[0] == t.name) return t.run(args);
  }
  return UsageError(
      "bench", absl::StrCat("unknown benchmark '", args.positional[0], "'"));
}

}  // namespace

Command BenchCommand() {
  return {
      "bench",
      "measure throughput (solve, ...) on a corpus",
      "Usage: sudoku-forge bench TARGET --corpus=FILE [flags]\n"
      "Targets:\n"
      "  solve   exact solver throughput: --solver=backtrack|dlx\n"
      "          --mode=first|unique; prints us/puzzle, puzzles/s and nodes,\n"
      "          the median of --repeat passes (>= 3) after a warm-up pass.\n"
      "  nishio  single-digit template rule (9x9 --corpus, after singles):\n"
      "          us per digit-call for Eppstein's DAG vs pattern overlay vs\n"
      "          matching, then the DAG on --seed random 16x16 and 25x25 "
      "grids.\n"
      "  canon   canonical (minlex) keys per second on --corpus.\n"
      "  import  parse + uniqueness check + canonical key + insert, "
      "puzzles/s,\n"
      "          into a fresh database file per pass (--repeat passes).\n"
      "  explain human-style step solver, one pass on one thread: puzzles/s,\n"
      "          median/p90/max time per puzzle (--techniques, "
      "--no-uniqueness,\n"
      "          --max-puzzle-seconds as explain: default 60, 0 = none), how\n"
      "          many were solved by logic and how many ran out of time.\n"
      "  rate    ratings/s and per-puzzle latency over --jobs threads;\n"
      "          --stochastic adds the stochastic solvers as `rate` runs them.",
      {"corpus", "solver", "mode", "repeat", "limit", "shape", "json", "seed",
       "techniques", "no_uniqueness", "jobs", "stochastic",
       "max_puzzle_seconds"},
      &RunBench};
}

}  // namespace sudoku::research
