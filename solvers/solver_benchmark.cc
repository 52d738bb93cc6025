// Exact-solver benchmarks over the reference corpora in SUDOKU_SHARED_DIR.
//
//   BM_Solve/<corpus>/<solver>/<mode>   one puzzle per iteration, cycling
//                                       through the file, so time per
//                                       iteration is time per puzzle.
//     mode first  = SolveLimits{max_solutions = 1}
//     mode unique = SolveLimits{max_solutions = 2} (the generator's check)
//   BM_RandomSolution/<N>               one random full N x N grid.
//
// Corpora are loaded and validated outside the timed loop; a missing
// corpus registers nothing (the benchmark skips gracefully). With the
// environment variable SUDOKU_BENCH_FULL_PASS=1 every corpus benchmark runs
// whole passes over its file (one, or enough
// for 20,000 puzzles) (the figures in docs/PERFORMANCE.md);
// otherwise Google Benchmark picks the iteration count.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "core/format.h"
#include "solvers/backtrack_solver.h"
#include "solvers/random_solution.h"
#include "solvers/solver.h"
#include "tests/testing/paths.h"

namespace sudoku {
namespace {

constexpr const char* kCorpora[] = {
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
    "norvig_top95",
    "norvig_hardest",
};

std::vector<Grid> LoadCorpus(const std::string& name) {
  std::vector<Grid> grids;
  std::ifstream in(
      absl::StrCat(sudoku::testing::SharedDir(), "/corpora/", name, ".txt"));
  if (!in) return grids;
  std::stringstream text;
  text << in.rdbuf();
  for (PuzzleRecord& record : ParsePuzzles(text.str())) {
    if (record.grid.ok()) grids.push_back(*std::move(record.grid));
  }
  return grids;
}

std::unique_ptr<Solver> MakeByName(const std::string& name) {
  if (name == "backtrack_generic")
    return NewBacktrackSolver({.use_classic_kernel = false});
  return *MakeSolver(name);
}

void BM_Solve(benchmark::State& state, const std::vector<Grid>* corpus,
              std::string solver_name, int max_solutions) {
  if (corpus->empty()) {
    state.SkipWithError("corpus not found");
    return;
  }
  std::unique_ptr<Solver> solver = MakeByName(solver_name);
  const SolveLimits limits{.max_solutions = max_solutions, .max_nodes = 0};
  // Validate a sample outside the timed loop.
  for (size_t i = 0; i < corpus->size() && i < 50; ++i) {
    SolveResult r = solver->Solve((*corpus)[i], limits);
    if (r.num_solutions < 1 || !IsValidSolution((*corpus)[i], r.solutions[0])) {
      state.SkipWithError("solver returned an invalid result");
      return;
    }
  }
  size_t i = 0;
  int64_t nodes = 0, guesses = 0, solved = 0;
  for (auto _ : state) {
    SolveResult r = solver->Solve((*corpus)[i], limits);
    benchmark::DoNotOptimize(r.num_solutions);
    nodes += r.nodes;
    guesses += r.guesses;
    solved += r.num_solutions > 0;
    if (++i == corpus->size()) i = 0;
  }
  state.counters["nodes"] = benchmark::Counter(
      static_cast<double>(nodes), benchmark::Counter::kAvgIterations);
  state.counters["guesses"] = benchmark::Counter(
      static_cast<double>(guesses), benchmark::Counter::kAvgIterations);
  state.counters["solved"] = benchmark::Counter(
      static_cast<double>(solved), benchmark::Counter::kAvgIterations);
}

void BM_RandomSolution(benchmark::State& state) {
  const Shape* shape =
      Shape::ForCellCount(static_cast<int>(state.range(0) * state.range(0)));
  uint64_t seed = 0;
  for (auto _ : state) {
    Grid g = RandomSolution(*shape, seed++);
    benchmark::DoNotOptimize(g);
  }
}
BENCHMARK(BM_RandomSolution)
    ->Arg(9)
    ->Arg(16)
    ->Arg(25)
    ->Unit(benchmark::kMicrosecond);

bool RegisterCorpusBenchmarks() {
  benchmark::AddCustomContext("compiler", __VERSION__);
#ifdef NDEBUG
  benchmark::AddCustomContext("ndebug", "yes");
#endif
  const char* full = std::getenv("SUDOKU_BENCH_FULL_PASS");
  const bool full_pass = full != nullptr && std::string(full) == "1";
  static std::vector<std::vector<Grid>> corpora;
  corpora.reserve(std::size(kCorpora));
  for (const char* name : kCorpora) {
    corpora.push_back(LoadCorpus(name));
    const std::vector<Grid>* corpus = &corpora.back();
    // A missing corpus still registers its benchmarks, which then report
    // an error instead of vanishing from the output.
    for (const char* solver : {"backtrack", "backtrack_generic", "dlx"}) {
      for (auto [mode, limit] :
           {std::pair{"first", 1}, std::pair{"unique", 2}}) {
        benchmark::internal::Benchmark* b = benchmark::RegisterBenchmark(
            absl::StrCat("BM_Solve/", name, "/", solver, "/", mode).c_str(),
            BM_Solve, corpus, std::string(solver), limit);
        b->Unit(benchmark::kMicrosecond);
        // Whole passes, at least 20,000 puzzles, so tiny files are not
        // timed on a cold cache alone.
        const auto size = static_cast<int64_t>(corpus->size());
        if (full_pass && size > 0)
          b->Iterations(size * std::max<int64_t>(1, 20000 / size));
      }
    }
  }
  return true;
}

const bool kRegistered = RegisterCorpusBenchmarks();

}  // namespace
}  // namespace sudoku
