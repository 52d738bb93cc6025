// SeStaticLinks against the rules written out one literal at a time: the
// same links, each target once, in SE's order (Y before X; box, row,
// column), with their causes.
#include "deduction/se_static_links.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/board.h"
#include "core/format.h"
#include "gtest/gtest.h"
#include "tests/testing/puzzles.h"

namespace sudoku {
namespace {

// The digit's places in unit `u` of `board`.
std::vector<int> Places(const Board& board, int u, int d) {
  std::vector<int> cells;
  for (int q : board.shape().unit(u))
    if (board.value(q) == 0 && board.candidates(q).Contains(d))
      cells.push_back(q);
  return cells;
}

bool InUnit(const Shape& s, int cell, int u) {
  for (int q : s.unit(u))
    if (q == cell) return true;
  return false;
}

// `links` rebuilt for `board`.
void CheckBoard(const Board& board, SeStaticLinks& links) {
  const Shape& s = board.shape();
  const int n = s.size();
  const auto lit_of = [n](int cell, int d, bool on) {
    return 2 * (cell * n + d - 1) + (on ? 1 : 0);
  };
  links.Build(board);
  std::vector<int> want_present;
  for (int cell = 0; cell < s.num_cells(); ++cell) {
    if (board.value(cell) != 0) continue;
    const CandidateSet cs = board.candidates(cell);
    for (int d : cs) {
      want_present.push_back(lit_of(cell, d, false));
      want_present.push_back(lit_of(cell, d, true));
      // SE's units in its order: box, row, column.
      const std::vector<int> units = {s.BoxUnit(s.Box(cell)),
                                      s.RowUnit(s.Row(cell)),
                                      s.ColUnit(s.Col(cell))};
      for (const bool on : {false, true}) {
        const int lit = lit_of(cell, d, on);
        const std::string where =
            absl::StrCat(s.CellName(cell), on ? "=" : "<>", d);
        // The rules, target by target (the first cause kept).
        std::vector<SeStaticLinks::Link> want;
        std::set<int> listed;
        const auto add = [&](int target, int cause) {
          if (listed.insert(target).second) want.push_back({target, cause});
        };
        if (on) {
          for (int x : cs)
            if (x != d) add(lit_of(cell, x, false), SeStaticLinks::kCellCause);
        } else if (cs.Count() == 2) {
          for (int x : cs)
            if (x != d) add(lit_of(cell, x, true), SeStaticLinks::kCellCause);
        }
        const size_t num_y = want.size();
        for (int u : units) {
          const std::vector<int> places = Places(board, u, d);
          if (!on && places.size() != 2) continue;
          for (int q : places)
            if (q != cell) add(lit_of(q, d, !on), u);
        }
        const absl::Span<const SeStaticLinks::Link> got = links.All(lit);
        ASSERT_EQ(got.size(), want.size()) << where;
        const SeStaticLinks::Span& span = links.span(lit);
        EXPECT_EQ(static_cast<size_t>(span.x - span.y), num_y) << where;
        for (size_t i = 0; i < want.size(); ++i) {
          EXPECT_EQ(got[i].lit, want[i].lit) << where << " link " << i;
          EXPECT_EQ(got[i].cause, want[i].cause) << where << " link " << i;
          // An X-link's cause holds both cells.
          if (got[i].cause >= 0) {
            EXPECT_TRUE(InUnit(s, cell, got[i].cause)) << where;
            EXPECT_TRUE(InUnit(s, (got[i].lit >> 1) / n, got[i].cause))
                << where;
          }
        }
      }
    }
  }
  EXPECT_EQ(links.present(), want_present);
}

TEST(SeStaticLinksTest, ListsSudokuExplainersLinksInItsOrder) {
  // One list rebuilt for each board (9x9, then 2x3 boxes, not square):
  // nothing of the one before is left over.
  SeStaticLinks links;
  for (const char* text : {testing::kWikiPuzzle, testing::kHardPuzzle}) {
    const absl::StatusOr<Grid> grid = ParseGrid(text);
    ASSERT_TRUE(grid.ok()) << text;
    const absl::StatusOr<Board> board = Board::FromGrid(*grid);
    ASSERT_TRUE(board.ok()) << text;
    SCOPED_TRACE(text);
    CheckBoard(*board, links);
  }
  const absl::StatusOr<Grid> six =
      ParseGrid("......65......315.2..6.......4..6...");
  ASSERT_TRUE(six.ok());
  absl::StatusOr<Board> board = Board::FromGrid(*six);
  ASSERT_TRUE(board.ok());
  CheckBoard(*board, links);
}

}  // namespace
}  // namespace sudoku
