// Tests of the candidate links (deduction/links.h): on boards of several
// shapes, every candidate's links equal those written out from their
// definition, in the documented order; and a changed grid gets its own
// links.
#include "deduction/links.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "core/format.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

bool HasDigit(const Board& board, int cell, int d) {
  return board.value(cell) == 0 && board.candidates(cell).Contains(d);
}

// The cells of unit u other than `cell` that hold d, in the unit's order.
std::vector<int> Places(const Board& board, int u, int cell, int d) {
  std::vector<int> out;
  for (int q : board.shape().unit(u))
    if (q != cell && HasDigit(board, q, d)) out.push_back(q);
  return out;
}

// Candidate c's links written out from links.h: unit links to the digit's
// other places in the row, the column, then the box (cells not listed
// yet); cell links to the other digits; strong ones where a unit has two
// places (a cell once) or the cell two digits.
struct Expected {
  std::vector<int> strong_unit, strong_cell, weak_unit, weak_cell;
};

Expected ExpectedLinks(const Board& board, int cell, int d) {
  const Shape& shape = board.shape();
  const int n = shape.size();
  Expected x;
  const std::array<int, 3> units = shape.UnitsOf(cell);  // row, col, box
  for (int u : units) {
    const std::vector<int> places = Places(board, u, cell, d);
    for (int q : places) {
      const int link = q * n + d - 1;
      if (std::find(x.weak_unit.begin(), x.weak_unit.end(), link) ==
          x.weak_unit.end())
        x.weak_unit.push_back(link);
    }
    if (places.size() == 1) {
      const int link = places[0] * n + d - 1;
      if (std::find(x.strong_unit.begin(), x.strong_unit.end(), link) ==
          x.strong_unit.end())
        x.strong_unit.push_back(link);
    }
  }
  const CandidateSet cands = board.candidates(cell);
  for (int e : cands)
    if (e != d) {
      x.weak_cell.push_back(cell * n + e - 1);
      if (cands.Count() == 2) x.strong_cell.push_back(cell * n + e - 1);
    }
  return x;
}

std::vector<int> Vec(absl::Span<const int> s) {
  return std::vector<int>(s.begin(), s.end());
}

void ExpectLinksAsDefined(const Board& board) {
  const CandidateLinks& links = CandidateLinks::Of(board);
  const Shape& shape = board.shape();
  const int n = shape.size();
  ASSERT_EQ(links.num_candidates(), shape.num_cells() * n);
  std::vector<int> candidates;
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    for (int d = 1; d <= n; ++d) {
      const int c = cell * n + d - 1;
      EXPECT_EQ(links.Cell(c), cell);
      EXPECT_EQ(links.Digit(c), d);
      if (!HasDigit(board, cell, d)) {
        EXPECT_TRUE(links.Weak(c, true, true).empty()) << c;
        EXPECT_TRUE(links.Strong(c, true, true).empty()) << c;
        continue;
      }
      candidates.push_back(c);
      const Expected x = ExpectedLinks(board, cell, d);
      EXPECT_EQ(Vec(links.Strong(c, true, false)), x.strong_unit) << c;
      EXPECT_EQ(Vec(links.Strong(c, false, true)), x.strong_cell) << c;
      EXPECT_EQ(Vec(links.Weak(c, true, false)), x.weak_unit) << c;
      EXPECT_EQ(Vec(links.Weak(c, false, true)), x.weak_cell) << c;
      std::vector<int> all = x.weak_unit;
      all.insert(all.end(), x.weak_cell.begin(), x.weak_cell.end());
      EXPECT_EQ(Vec(links.Weak(c, true, true)), all) << c;
    }
  }
  EXPECT_EQ(Vec(links.Candidates()), candidates);
}

Board BoardOf(const std::string& puzzle) {
  absl::StatusOr<Grid> grid = ParseGrid(puzzle);
  EXPECT_OK(grid);
  absl::StatusOr<Board> board = Board::FromGrid(*grid);
  EXPECT_OK(board);
  return *board;
}

TEST(CandidateLinksTest, LinksAreTheirDefinitionInOrder) {
  // A hardest-list puzzle (many candidates), and one with a few more
  // candidates removed by hand (more strong links).
  Board board = BoardOf(
      "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1....."
      "2.4.5.....3");
  ExpectLinksAsDefined(board);
  for (int cell : {0, 1, 2, 9, 10})
    if (board.value(cell) == 0 && board.candidates(cell).Contains(1) &&
        board.candidates(cell).Count() > 2)
      board.Eliminate(cell, 1);
  ExpectLinksAsDefined(board);
}

TEST(CandidateLinksTest, LinksOnOtherShapes) {
  // Boxes of 2x3 (6x6) and 3x4 (12x12): rows and boxes of unequal sides.
  ExpectLinksAsDefined(BoardOf("...6.....2.3.4.....3...63.......5.1."));
  ExpectLinksAsDefined(BoardOf(
      "C..3.....4.21...A.B79.6..7623..1..B..91B..6.8......5.......6...8.3..7.."
      "4..491...36.73.7C2...5.A.56.......2..4..A.9.6..28...6C83B.7.........A"
      "...."));
}

TEST(CandidateLinksTest, AChangedGridGetsItsOwnLinks) {
  const Board before = BoardOf(
      "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1....."
      "2.4.5.....3");
  Board after = before;
  // Leave digit d two places in some row: a strong link appears there.
  const Shape& shape = before.shape();
  const int n = shape.size();
  int a = -1, b = -1, digit = 0;
  for (int u = 0; u < n && a < 0; ++u)
    for (int d = 1; d <= n && a < 0; ++d) {
      const std::vector<int> places = Places(before, u, -1, d);
      if (places.size() < 3) continue;
      bool ok = true;  // every other place keeps a candidate
      for (size_t i = 2; i < places.size(); ++i)
        ok = ok && before.candidates(places[i]).Count() > 1;
      if (!ok) continue;
      a = places[0];
      b = places[1];
      digit = d;
      for (size_t i = 2; i < places.size(); ++i)
        ASSERT_TRUE(after.Eliminate(places[i], d));
    }
  ASSERT_GE(a, 0);
  const int ca = a * n + digit - 1, cb = b * n + digit - 1;
  const std::vector<int> strong_before =
      Vec(CandidateLinks::Of(before).Strong(ca, true, false));
  EXPECT_EQ(std::count(strong_before.begin(), strong_before.end(), cb), 0);
  const std::vector<int> strong_after =
      Vec(CandidateLinks::Of(after).Strong(ca, true, false));
  EXPECT_EQ(std::count(strong_after.begin(), strong_after.end(), cb), 1);
  ExpectLinksAsDefined(after);
  // And back: the first grid's links again.
  EXPECT_EQ(Vec(CandidateLinks::Of(before).Strong(ca, true, false)),
            strong_before);
}

}  // namespace
}  // namespace sudoku
