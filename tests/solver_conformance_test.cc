// Conformance of every registered solver against tests/data/puzzles.txt
// (`puzzle:count:solution` lines; count 0, 1 or 2 = "two or more").
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "core/format.h"
#include "gtest/gtest.h"
#include "solvers/solver.h"
#include "tests/testing/paths.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

struct Fixture {
  int line = 0;
  Grid puzzle{Shape::Classic()};
  int count = 0;
  std::optional<Grid> solution;
};

std::vector<Fixture> LoadFixtures() {
  std::ifstream in(sudoku::testing::SourceDir() + "/tests/data/puzzles.txt");
  std::vector<Fixture> fixtures;
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.empty() || text[0] == '#') continue;
    std::vector<std::string> parts = absl::StrSplit(text, ':');
    if (parts.size() != 3) {
      ADD_FAILURE() << "line " << line << ": expected puzzle:count:solution";
      continue;
    }
    Fixture f;
    f.line = line;
    absl::StatusOr<Grid> puzzle = ParseGrid(parts[0]);
    if (!puzzle.ok() || !absl::SimpleAtoi(parts[1], &f.count)) {
      ADD_FAILURE() << "line " << line << ": bad puzzle or count";
      continue;
    }
    f.puzzle = *std::move(puzzle);
    if (!parts[2].empty()) {
      absl::StatusOr<Grid> solution = ParseGrid(parts[2]);
      if (!solution.ok()) {
        ADD_FAILURE() << "line " << line << ": bad solution";
        continue;
      }
      f.solution = *std::move(solution);
    }
    fixtures.push_back(std::move(f));
  }
  return fixtures;
}

const std::vector<Fixture>& Fixtures() {
  static const auto* fixtures = new std::vector<Fixture>(LoadFixtures());
  return *fixtures;
}

class SolverConformanceTest : public ::testing::TestWithParam<std::string> {};

TEST_P(SolverConformanceTest, FixturesLoad) {
  // Several shapes and all three outcomes must be present.
  std::set<int> sizes, counts;
  for (const Fixture& f : Fixtures()) {
    sizes.insert(f.puzzle.size());
    counts.insert(f.count);
  }
  EXPECT_GE(Fixtures().size(), 300u);
  EXPECT_GE(sizes.size(), 6u);
  EXPECT_EQ(counts, (std::set<int>{0, 1, 2}));
}

TEST_P(SolverConformanceTest, CountsToTwo) {
  absl::StatusOr<std::unique_ptr<Solver>> solver = MakeSolver(GetParam());
  ASSERT_OK(solver);
  for (const Fixture& f : Fixtures()) {
    SCOPED_TRACE(::testing::Message() << "puzzles.txt line " << f.line);
    const SolveResult r = (*solver)->Solve(f.puzzle, {.max_solutions = 2});
    EXPECT_FALSE(r.limit_hit);
    EXPECT_EQ(r.num_solutions, f.count);
    ASSERT_EQ(r.solutions.size(), static_cast<size_t>(r.num_solutions));
    for (const Grid& s : r.solutions) EXPECT_TRUE(IsValidSolution(f.puzzle, s));
    if (f.count == 2) {
      EXPECT_NE(r.solutions[0], r.solutions[1]);
    }
    if (f.solution.has_value() && r.num_solutions == 1) {
      EXPECT_EQ(r.solutions[0], *f.solution);
    }
  }
}

TEST_P(SolverConformanceTest, FirstSolution) {
  absl::StatusOr<std::unique_ptr<Solver>> solver = MakeSolver(GetParam());
  ASSERT_OK(solver);
  for (const Fixture& f : Fixtures()) {
    SCOPED_TRACE(::testing::Message() << "puzzles.txt line " << f.line);
    const SolveResult r = (*solver)->Solve(f.puzzle, {.max_solutions = 1});
    EXPECT_EQ(r.num_solutions, f.count > 0 ? 1 : 0);
    ASSERT_EQ(r.solutions.size(), static_cast<size_t>(r.num_solutions));
    if (r.num_solutions == 1) {
      EXPECT_TRUE(IsValidSolution(f.puzzle, r.solutions[0]));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllSolvers, SolverConformanceTest, ::testing::ValuesIn(SolverNames()),
    [](const ::testing::TestParamInfo<std::string>& param_info) {
      return param_info.param;
    });

}  // namespace
}  // namespace sudoku
