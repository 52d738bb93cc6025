#include "deduction/step_solver.h"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/format.h"
#include "deduction/brute_force.h"
#include "deduction/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/paths.h"
#include "tests/testing/puzzles.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::StatusIs;
using ::testing::HasSubstr;

std::vector<Grid> LoadPuzzles(const std::string& path) {
  return ::sudoku::testing::LoadPuzzleFile(path);
}

std::vector<Grid> TestPuzzles() {
  return LoadPuzzles(sudoku::testing::SourceDir() +
                     "/tests/data/deduction_puzzles.txt");
}

// Every step must agree with the unique solution: placements equal it,
// eliminations never remove its digit.
void ExpectSound(const Grid& puzzle, const Explanation& e,
                 const Grid& solution) {
  const Shape& shape = puzzle.shape();
  for (size_t i = 0; i < e.steps.size(); ++i) {
    const Deduction& d = e.steps[i];
    for (const CellDigit& p : d.placements)
      EXPECT_EQ(solution[p.cell], p.digit)
          << ToLine(puzzle) << " step " << i << " (" << d.technique
          << ") places " << p.digit << " in " << shape.CellName(p.cell) << ": "
          << d.text;
    for (const CellDigit& x : d.eliminations)
      EXPECT_NE(solution[x.cell], x.digit)
          << ToLine(puzzle) << " step " << i << " (" << d.technique
          << ") removes the solution digit from " << shape.CellName(x.cell)
          << ": " << d.text;
  }
}

// Every 5th test puzzle (the hardest need forcing chains, which are slow in
// Debug/ASan); deduction_corpus_test (label "corpus") runs all of them.
TEST(StepSolverTest, EveryStepOnTestPuzzlesAgreesWithTheSolution) {
  const std::vector<Grid> puzzles = TestPuzzles();
  ASSERT_GE(puzzles.size(), 250u);
  auto solver = StepSolver::Create("all", {});
  ASSERT_OK(solver);
  constexpr size_t kStride = 5;
  for (size_t i = 0; i < puzzles.size(); i += kStride) {
    const Grid& puzzle = puzzles[i];
    const BruteForceResult exact = BruteForceSolve(*Board::FromGrid(puzzle));
    ASSERT_EQ(exact.num_solutions, 1) << ToLine(puzzle);
    ASSERT_TRUE(IsValidSolution(puzzle, exact.solutions[0]));
    const Explanation e = (*solver)->Explain(puzzle);
    EXPECT_EQ(e.status, ExplainStatus::kSolved) << ToLine(puzzle);
    EXPECT_EQ(e.final_grid, exact.solutions[0]) << ToLine(puzzle);
    ExpectSound(puzzle, e, exact.solutions[0]);
  }
}

TEST(StepSolverTest, EasyPuzzleIsSolvedBySinglesAlone) {
  // rated/sudoku_exchange_se.tsv, first row (SE ER 1.2).
  auto grid = ParseGrid(
      "............541...5...6...34..2.6..8..19.36....6.1.3..2.......5.4..5..7"
      "...3...1..");
  ASSERT_OK(grid);
  auto solver = StepSolver::Create(
      "singles", {.allow_uniqueness = true, .allow_guessing = false});
  ASSERT_OK(solver);
  const Explanation e = (*solver)->Explain(*grid);
  EXPECT_EQ(e.status, ExplainStatus::kSolved);
  EXPECT_TRUE(e.solved_by_logic);
  EXPECT_EQ(e.guesses, 0);
  EXPECT_EQ(static_cast<int>(e.steps.size()), 81 - grid->NumFilled());
  EXPECT_LE(e.ratings.er, 2.3);
  EXPECT_GE(e.ratings.er, 1.0);
}

TEST(StepSolverTest, SinglesOnlyGetsStuckOnAHardPuzzleWithoutGuessing) {
  // norvig_top95.txt line 1.
  auto grid = ParseGrid(
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2....."
      "1.4......");
  ASSERT_OK(grid);
  auto stuck = StepSolver::Create(
      "singles", {.allow_uniqueness = true, .allow_guessing = false});
  ASSERT_OK(stuck);
  const Explanation e = (*stuck)->Explain(*grid);
  EXPECT_EQ(e.status, ExplainStatus::kStuck);
  EXPECT_FALSE(e.solved_by_logic);

  auto guessing = StepSolver::Create("singles", {});
  ASSERT_OK(guessing);
  const Explanation g = (*guessing)->Explain(*grid);
  EXPECT_EQ(g.status, ExplainStatus::kSolved);
  EXPECT_FALSE(g.solved_by_logic);
  EXPECT_GT(g.guesses, 0);
  EXPECT_EQ(g.ratings.er, kGuessRating);
  EXPECT_TRUE(g.final_grid.IsComplete());
}

TEST(StepSolverTest, ReportsNoSolutionAndMultipleSolutions) {
  auto solver = StepSolver::Create("all", {});
  ASSERT_OK(solver);
  // Unsolvable: r1c9 can hold nothing (1-8 in row 1, 9 in column 9).
  auto bad = ParseGrid(
      "12345678.........9..............................................."
      "................");
  ASSERT_OK(bad);
  EXPECT_EQ((*solver)->Explain(*bad).status, ExplainStatus::kNoSolution);
  // chi-lange/easy.txt line 1 has two solutions.
  auto two = ParseGrid(
      "4..76..12782.15.49.6142837.51...47633......28..693....2...4....14759328"
      "66........");
  ASSERT_OK(two);
  const Explanation e = (*solver)->Explain(*two);
  // Rejected at once, as the rater does: no walk through a puzzle that has
  // no single answer.
  EXPECT_EQ(e.status, ExplainStatus::kMultipleSolutions);
  EXPECT_TRUE(e.steps.empty());
  EXPECT_EQ(e.final_grid, *two);
}

TEST(StepSolverTest, RejectsAnEmptyLargeGridWithoutWalkingIt) {
  // An empty 16x16 grid took 51 s when the solver walked every grid with
  // several solutions; now the exact search's second solution ends it.
  auto solver = StepSolver::Create("all", {});
  ASSERT_OK(solver);
  auto empty = ParseGrid(std::string(256, '.'));
  ASSERT_OK(empty);
  const Explanation e = (*solver)->Explain(*empty);
  EXPECT_EQ(e.status, ExplainStatus::kMultipleSolutions);
  EXPECT_TRUE(e.steps.empty());
}

TEST(StepSolverTest, GivesUpAtTheWorkBound) {
  DeductionOptions options;
  options.max_seconds = 1e-9;  // past before the first step
  auto solver = StepSolver::Create("all", options);
  ASSERT_OK(solver);
  auto puzzle = ParseGrid(
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2....."
      "1.4......");
  ASSERT_OK(puzzle);
  const Explanation e = (*solver)->Explain(*puzzle);
  EXPECT_EQ(e.status, ExplainStatus::kOutOfTime);
  EXPECT_FALSE(e.final_grid.IsComplete());
  EXPECT_EQ(ExplainStatusName(e.status), "OUT_OF_TIME");
  // The default bound lets the same puzzle finish.
  auto unbounded = StepSolver::Create("all", {});
  ASSERT_OK(unbounded);
  EXPECT_EQ((*unbounded)->Explain(*puzzle).status, ExplainStatus::kSolved);
}

TEST(StepSolverTest, StopsTheExactSearchAtTheNodeBudget) {
  // An empty 25x25 grid: the exact search before the walk stops at
  // max_nodes with kBudgetExceeded (no steps), not at the clock.
  DeductionOptions options;
  options.max_nodes = 10;
  options.max_seconds = 0;  // no deadline: only the node budget stops it
  auto solver = StepSolver::Create("all", options);
  ASSERT_OK(solver);
  auto empty = ParseGrid(std::string(625, '.'));
  ASSERT_OK(empty);
  const Explanation e = (*solver)->Explain(*empty);
  EXPECT_EQ(e.status, ExplainStatus::kBudgetExceeded);
  EXPECT_EQ(ExplainStatusName(e.status), "BUDGET_EXCEEDED");
  EXPECT_TRUE(e.steps.empty());
  // The default budget settles it: several solutions.
  auto bounded = StepSolver::Create("all", {});
  ASSERT_OK(bounded);
  EXPECT_EQ((*bounded)->Explain(*empty).status,
            ExplainStatus::kMultipleSolutions);
}

TEST(StepSolverTest, WorksOnOtherShapes) {
  // A 4x4 (2x2 boxes) and a 6x6 (2x3 boxes) puzzle, each with one
  // solution (generate --seed=3).
  auto small = ParseGrid("....3..4.21.....");
  ASSERT_OK(small);
  auto solver = StepSolver::Create("all", {});
  ASSERT_OK(solver);
  const Explanation e = (*solver)->Explain(*small);
  EXPECT_EQ(e.status, ExplainStatus::kSolved);
  EXPECT_TRUE(e.final_grid.IsComplete());
  EXPECT_TRUE(IsValidSolution(*small, e.final_grid));
  auto six = ParseGrid(".1..2.....1....3..36.....4.1....165.");
  ASSERT_OK(six);
  const Explanation s = (*solver)->Explain(*six);
  EXPECT_EQ(s.status, ExplainStatus::kSolved);
  EXPECT_TRUE(IsValidSolution(*six, s.final_grid));
}

TEST(SeRatingsTest, FollowsSudokuExplainerDefinitions) {
  std::vector<Deduction> steps(4);
  steps[0].rating = 2.6;  // pointing: no placement
  steps[1].rating = 1.2;
  steps[1].placements.push_back({0, 1});  // first placement
  steps[2].rating = 3.2;
  steps[3].rating = 1.5;
  steps[3].placements.push_back({1, 2});
  const SeRatings r = ComputeSeRatings(steps);
  EXPECT_DOUBLE_EQ(r.er, 3.2);
  EXPECT_DOUBLE_EQ(r.ep, 2.6);
  EXPECT_DOUBLE_EQ(r.ed, 2.6);
}

TEST(RegistryTest, MakeLadderResolvesGroupsAndRejectsUnknownNames) {
  auto ladder = MakeLadder("singles", {});
  ASSERT_OK(ladder);
  ASSERT_EQ(ladder->size(), 3u);
  EXPECT_EQ((*ladder)[0]->id(), "full_house");
  EXPECT_THAT(
      MakeLadder("singles,frobnicate", {}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("frobnicate")));
  EXPECT_THAT(FindTechnique("nope"), StatusIs(absl::StatusCode::kNotFound));
  auto all = MakeLadder("all", {});
  ASSERT_OK(all);
  for (size_t i = 1; i < all->size(); ++i)
    EXPECT_LE((*all)[i - 1]->difficulty(), (*all)[i]->difficulty())
        << (*all)[i]->id() << " is out of ladder order";
}

}  // namespace
}  // namespace sudoku
