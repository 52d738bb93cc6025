#include "core/board.h"

#include "core/format.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

TEST(BoardTest, FromGridRemovesPeerCandidates) {
  Grid g(Shape::Classic());
  g.set(0, 5);
  absl::StatusOr<Board> board = Board::FromGrid(g);
  ASSERT_OK(board);
  EXPECT_TRUE(board->candidates(0).empty());
  EXPECT_FALSE(board->candidates(1).Contains(5));   // row
  EXPECT_FALSE(board->candidates(9).Contains(5));   // column
  EXPECT_FALSE(board->candidates(10).Contains(5));  // box
  EXPECT_TRUE(board->candidates(40).Contains(5));
  EXPECT_EQ(board->num_empty(), 80);
}

TEST(BoardTest, FromGridRejectsClash) {
  Grid g(Shape::Classic());
  g.set(0, 5);
  g.set(80 - 8, 5);
  EXPECT_FALSE(Board::FromGrid(g).ok());
}

TEST(BoardTest, PlaceAndEliminateReportContradictions) {
  Board board(Shape::GetOrDie(2, 2));
  EXPECT_TRUE(board.Place(0, 1));
  EXPECT_EQ(board.value(0), 1);
  // 1 is not a candidate of r1c2 (its peer r1c1 holds it).
  EXPECT_FALSE(board.candidates(1).Contains(1));
  EXPECT_FALSE(board.Place(1, 1));
  Board b2(Shape::GetOrDie(2, 2));
  // Leave r1c4 with only {4}, then place 4 in a peer: contradiction.
  EXPECT_TRUE(b2.Eliminate(3, 1));
  EXPECT_TRUE(b2.Eliminate(3, 2));
  EXPECT_TRUE(b2.Eliminate(3, 3));
  EXPECT_FALSE(b2.Eliminate(3, 4));
  Board b3(Shape::GetOrDie(2, 2));
  b3.SetCandidates(3, CandidateSet::Of(4));
  EXPECT_FALSE(b3.Place(0, 4));
}

TEST(BoardTest, FewestCandidatesCellIsTheFirstOfTheFewest) {
  Board board(Shape::Classic());
  // Every cell has 9 candidates: the first empty cell.
  EXPECT_EQ(board.FewestCandidatesCell(), 0);
  ASSERT_TRUE(board.Place(0, 1));
  EXPECT_EQ(board.FewestCandidatesCell(), 1);  // 8 candidates, first of many
  // Cell 80 keeps 3 candidates, cell 40 keeps 2: 40 has the fewest.
  for (int d = 4; d <= 9; ++d) ASSERT_TRUE(board.Eliminate(80, d));
  for (int d = 3; d <= 9; ++d) ASSERT_TRUE(board.Eliminate(40, d));
  EXPECT_EQ(board.FewestCandidatesCell(), 40);
  // Stopping at the first cell with at most 3 candidates finds 80 only
  // when no earlier cell qualifies: 40 comes first.
  EXPECT_EQ(board.FewestCandidatesCell(/*good_enough=*/3), 40);
  for (int d = 5; d <= 9; ++d) ASSERT_TRUE(board.Eliminate(20, d));
  EXPECT_EQ(board.FewestCandidatesCell(/*good_enough=*/4), 20);  // 3 left
  EXPECT_EQ(board.FewestCandidatesCell(), 40);
  absl::StatusOr<Grid> solved = ParseGrid(
      "534678912672195348198342567859761423426853791713924856961537284287419635"
      "345286179");
  ASSERT_TRUE(solved.ok());
  EXPECT_EQ(Board::FromGrid(*solved)->FewestCandidatesCell(), -1);
}

TEST(BoardTest, CandidateSetBasics) {
  CandidateSet s = CandidateSet::All(9);
  EXPECT_EQ(s.Count(), 9);
  s.Erase(3);
  EXPECT_FALSE(s.Contains(3));
  EXPECT_EQ(s.Lowest(), 1);
  EXPECT_EQ(CandidateSet::Of(7).Single(), 7);
  EXPECT_EQ(s.Single(), 0);
  std::vector<int> digits;
  for (int d : CandidateSet::Of(2) | CandidateSet::Of(25)) digits.push_back(d);
  EXPECT_EQ(digits, (std::vector<int>{2, 25}));
}

}  // namespace
}  // namespace sudoku
