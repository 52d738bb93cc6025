#include "bank/hint.h"

#include <memory>
#include <string>

#include "core/format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "solvers/solver.h"

namespace sudoku::bank {
namespace {

using ::testing::HasSubstr;

constexpr char kPuzzle[] =
    "........1.......2...3.45..6......4.....3....7.2.1.6......2.......4...5..7."
    "..8....";

std::unique_ptr<StepSolver> Solver() {
  auto solver = StepSolver::Create("", DeductionOptions{});
  EXPECT_TRUE(solver.ok()) << solver.status();
  return *std::move(solver);
}

Grid Puzzle() { return *ParseGrid(kPuzzle); }

Grid Solution(const Grid& puzzle) {
  auto solver = MakeSolver("backtrack");
  EXPECT_TRUE(solver.ok());
  SolveLimits limits;
  limits.max_solutions = 1;
  return (*solver)->Solve(puzzle, limits).solutions.at(0);
}

TEST(HintTest, EmptyGridGetsTheEasiestStep) {
  const HintOutput out = Hint(*Solver(), Puzzle(), "", "");
  EXPECT_EQ(out.status(), HintOutput::STEP);
  EXPECT_FALSE(out.step().technique().empty());
  EXPECT_FALSE(out.text().empty());
}

TEST(HintTest, AWrongPlacementIsReportedWithoutItsDigit) {
  const Grid puzzle = Puzzle();
  const Grid solution = Solution(puzzle);
  Grid user = puzzle;
  const int cell = 0;  // empty in the puzzle
  ASSERT_EQ(puzzle[cell], 0);
  user.set(cell, solution[cell] % 9 + 1);  // any other digit
  const HintOutput out = Hint(*Solver(), puzzle, ToLine(user), "");
  EXPECT_EQ(out.status(), HintOutput::WRONG);
  ASSERT_EQ(out.wrong_size(), 1);
  EXPECT_EQ(out.wrong(0).cell(), "r1c1");
  EXPECT_THAT(out.text(), HasSubstr("r1c1 is wrong"));
}

TEST(HintTest, SolvedGridIsSolved) {
  const Grid puzzle = Puzzle();
  const HintOutput out = Hint(*Solver(), puzzle, ToLine(Solution(puzzle)), "");
  EXPECT_EQ(out.status(), HintOutput::SOLVED);
}

TEST(HintTest, PencilMarksMissingTheDigitAreWrong) {
  const Grid puzzle = Puzzle();
  const Grid solution = Solution(puzzle);
  std::string marks;
  for (int cell = 0; cell < 81; ++cell) {
    // r1c2 loses its digit; every other cell keeps all candidates.
    if (cell == 1) {
      for (int d = 1; d <= 9; ++d)
        if (d != solution[cell]) marks += static_cast<char>('0' + d);
      marks += ' ';
    } else {
      marks += "123456789 ";
    }
  }
  const HintOutput out = Hint(*Solver(), puzzle, "", marks);
  EXPECT_EQ(out.status(), HintOutput::WRONG);
  EXPECT_THAT(out.text(), HasSubstr("r1c2"));
}

TEST(ParsePencilMarksTest, BadSymbolNamesLineColumnAndCell) {
  auto marks = ParsePencilMarks("12 3x", Shape::Classic());
  ASSERT_FALSE(marks.ok());
  EXPECT_THAT(marks.status().message(),
              HasSubstr("line 1, column 5: unexpected character 'x' (cell 2)"));
  auto short_marks = ParsePencilMarks("1 2 3", Shape::Classic());
  ASSERT_FALSE(short_marks.ok());
  EXPECT_THAT(short_marks.status().message(), HasSubstr("3 cells given, 81"));
}

TEST(HintTest, ChangedGivenIsInvalid) {
  const Grid puzzle = Puzzle();
  Grid user = puzzle;
  user.set(8, puzzle[8] % 9 + 1);  // r1c9 is a given
  const HintOutput out = Hint(*Solver(), puzzle, ToLine(user), "");
  EXPECT_EQ(out.status(), HintOutput::INVALID);
  EXPECT_THAT(out.error(), HasSubstr("givens cannot change"));
}

}  // namespace
}  // namespace sudoku::bank
