// The 9x9 kernel against the shape-generic search and DLX on puzzles from
// the shared corpora (SUDOKU_SHARED_DIR; skipped when absent). A separate
// binary from solvers_test because ctest labels ("corpus") are per binary.
#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/format.h"
#include "gtest/gtest.h"
#include "solvers/backtrack_solver.h"
#include "solvers/dlx_solver.h"
#include "tests/testing/paths.h"

namespace sudoku {
namespace {

std::vector<Grid> Load(const std::string& name, size_t limit) {
  std::ifstream in(sudoku::testing::SharedDir() + "/corpora/" + name);
  std::vector<Grid> grids;
  if (!in) return grids;
  std::stringstream text;
  text << in.rdbuf();
  for (PuzzleRecord& r : ParsePuzzles(text.str())) {
    if (grids.size() >= limit) break;
    if (r.grid.ok()) grids.push_back(*std::move(r.grid));
  }
  return grids;
}

class CorpusTest : public ::testing::TestWithParam<const char*> {};

TEST_P(CorpusTest, KernelGenericAndDlxAgree) {
  const std::vector<Grid> puzzles = Load(GetParam(), 150);
  SUDOKU_REQUIRE_SHARED(!puzzles.empty(), "corpus not found: " << GetParam());
  auto kernel = NewBacktrackSolver();
  auto generic = NewBacktrackSolver({.use_classic_kernel = false});
  auto dlx = NewDlxSolver();
  for (size_t i = 0; i < puzzles.size(); ++i) {
    const Grid& p = puzzles[i];
    SCOPED_TRACE(ToLine(p));
    for (int max : {1, 2}) {
      const SolveResult a = kernel->Solve(p, {.max_solutions = max});
      const SolveResult b = generic->Solve(p, {.max_solutions = max});
      ASSERT_EQ(a.num_solutions, b.num_solutions);
      ASSERT_GE(a.num_solutions, 1);
      for (const Grid& s : a.solutions) ASSERT_TRUE(IsValidSolution(p, s));
      for (const Grid& s : b.solutions) ASSERT_TRUE(IsValidSolution(p, s));
      if (a.num_solutions == 1 && max == 2) {
        ASSERT_EQ(a.solutions[0], b.solutions[0]);
      }
      if (i % 5 == 0) {
        const SolveResult c = dlx->Solve(p, {.max_solutions = max});
        ASSERT_EQ(c.num_solutions, a.num_solutions);
        for (const Grid& s : c.solutions) ASSERT_TRUE(IsValidSolution(p, s));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Corpora, CorpusTest,
    ::testing::Values("puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt",
                      "puzzles5_forum_hardest_1905_11+.txt",
                      "puzzles6_forum_hardest_1106.txt",
                      "puzzles7_serg_benchmark.txt", "norvig_top95.txt",
                      "norvig_hardest.txt", "chi-lange/hard.txt"),
    [](const ::testing::TestParamInfo<const char*>& param_info) {
      std::string name;
      for (const char* c = param_info.param; *c != '\0' && *c != '.'; ++c)
        name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
      return name;
    });

}  // namespace
}  // namespace sudoku
