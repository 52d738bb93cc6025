#include "rater/trial_depth.h"

#include <utility>

#include "core/format.h"
#include "deduction/registry.h"
#include "deduction/step_solver.h"
#include "deduction/technique.h"
#include "gtest/gtest.h"
#include "rater/rater.h"
#include "solvers/solver.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

// Solved by singles alone.
constexpr char kWiki[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.."
    "..8..79";
// From ../shared/corpora/rated/hardest_database_110626.tsv (SE ER 11.2).
constexpr char kHardest[] =
    "..34....9.5.......6....7.5.2..8..3....8..49...4..2...8..29....4.7..61....."
    "."
    "...1..";

Grid SolutionOf(const Grid& puzzle) {
  auto solver = MakeSolver("backtrack");
  EXPECT_OK(solver);
  SolveLimits limits;
  limits.max_solutions = 2;
  SolveResult r = (*solver)->Solve(puzzle, limits);
  EXPECT_EQ(r.num_solutions, 1);
  return r.solutions.at(0);
}

TEST(TrialDepthTest, SinglesSolveASinglesPuzzle) {
  const Grid puzzle = *ParseGrid(kWiki);
  absl::StatusOr<Board> board = Board::FromGrid(puzzle);
  ASSERT_OK(board);
  ASSERT_TRUE(PropagateSingles(*board, false));
  ASSERT_TRUE(board->IsSolved());
  EXPECT_EQ(board->grid(), SolutionOf(puzzle));
}

TEST(TrialDepthTest, AWrongDigitNeverPropagatesToASolution) {
  const Grid puzzle = *ParseGrid(kWiki);
  const Grid solution = SolutionOf(puzzle);
  absl::StatusOr<Board> start = Board::FromGrid(puzzle);
  ASSERT_OK(start);
  int contradictions = 0;
  for (int cell = 0; cell < puzzle.num_cells(); ++cell) {
    if (start->value(cell) != 0) continue;
    for (int d : start->candidates(cell)) {
      Board b = *start;
      const bool ok = b.Place(cell, d) && PropagateSingles(b, true);
      if (d == solution[cell]) {
        EXPECT_TRUE(ok) << "the solution's digit " << d << " at " << cell;
        continue;
      }
      if (!ok) {
        ++contradictions;
      } else {
        EXPECT_FALSE(b.IsSolved()) << "a second solution from " << cell;
      }
    }
  }
  EXPECT_GT(contradictions, 0);
}

TEST(TrialDepthTest, CountsAreNestedAndSoundWhereTheLadderIsStuck) {
  const Grid puzzle = *ParseGrid(kHardest);
  DeductionOptions options;
  options.allow_guessing = true;
  auto steps = StepSolver::Create("", options);
  ASSERT_OK(steps);
  const Explanation e = (*steps)->Explain(puzzle);
  ASSERT_FALSE(e.solved_by_logic);
  // The board where the trace guesses first.
  absl::StatusOr<Board> board = Board::FromGrid(puzzle);
  ASSERT_OK(board);
  for (const Deduction& step : e.steps) {
    if (step.technique == kGuessId) break;
    ASSERT_TRUE(ApplyDeduction(step, &*board));
  }
  const TrialDepth t = MeasureTrialDepth(*board);
  EXPECT_EQ(TrialDepthOfTrace(puzzle, e).by_nested, t.by_nested);
  ASSERT_TRUE(t.computed);
  EXPECT_LE(t.by_singles, t.by_locked);
  EXPECT_LE(t.by_singles, t.by_nested);
  // Each empty cell keeps its solution's digit: those candidates are never
  // refuted, so at most the others are.
  int empty = 0;
  for (int cell = 0; cell < puzzle.num_cells(); ++cell)
    empty += board->value(cell) == 0 ? 1 : 0;
  EXPECT_GT(empty, 0);
  EXPECT_EQ(t.empty_cells, empty);
  EXPECT_LE(t.by_nested, t.candidates - empty);
  EXPECT_LE(t.by_locked, t.candidates - empty);
}

TEST(TrialDepthTest, MeasuresAtTheEndOfAStuckTrace) {
  // Sudoku Explainer's ladder (the rater's, for top_er) without guessing,
  // its "+" and nested forcing chains on a work budget too small to find a
  // step, stops stuck on this puzzle; the trials are measured on the board
  // it leaves.
  const Grid puzzle = *ParseGrid(kHardest);
  DeductionOptions options;
  options.allow_guessing = false;
  auto ladder = MakeLadder(TopLadderSpec(), options);
  ASSERT_OK(ladder);
  for (const auto& t : *ladder) t->SetWorkBudget(1);
  const StepSolver steps(std::move(*ladder), options);
  const Explanation e = steps.Explain(puzzle);
  ASSERT_EQ(e.status, ExplainStatus::kStuck);
  absl::StatusOr<Board> board = Board::FromGrid(puzzle);
  ASSERT_OK(board);
  for (const Deduction& step : e.steps)
    ASSERT_TRUE(ApplyDeduction(step, &*board));
  const TrialDepth t = TrialDepthOfTrace(puzzle, e);
  ASSERT_TRUE(t.computed);
  EXPECT_EQ(t.empty_cells, board->num_empty());
  EXPECT_EQ(t.candidates, MeasureTrialDepth(*board).candidates);
}

TEST(TrialDepthTest, NoTrialsWithoutAGuess) {
  const Grid puzzle = *ParseGrid(kWiki);
  auto steps = StepSolver::Create("", DeductionOptions());
  ASSERT_OK(steps);
  EXPECT_FALSE(TrialDepthOfTrace(puzzle, (*steps)->Explain(puzzle)).computed);
}

}  // namespace
}  // namespace sudoku
