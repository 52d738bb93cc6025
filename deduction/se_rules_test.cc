// Sudoku Explainer 1.2.1's own rules of the se ladder: Aligned Pair /
// Triplet Exclusion (deduction/aligned.h), BUG types 1-4 (deduction/bug.h)
// and unique rectangles and loops (deduction/unique_loops.h). The rules on
// hand-made positions, and the se ladder's first such step on cbg000
// puzzles against SE's (tests/data/se_first_steps.txt, from ../shared/
// peers/se-steps.sh; HoDoKu's reglib has no case of aligned exclusion, of
// BUG types 2-4 nor of unique loops, and its unique rectangles are checked
// here too).
#include <algorithm>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/format.h"
#include "deduction/registry.h"
#include "deduction/step_solver.h"
#include "deduction/util.h"
#include "gtest/gtest.h"
#include "tests/testing/paths.h"
#include "tests/testing/reglib.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

// "r1c1-25,r1c2-5": removed digits per cell, cells in index order.
std::string Conclusion(const Shape& shape,
                       const std::vector<CellDigit>& eliminations) {
  std::map<int, std::string> by_cell;
  for (const CellDigit& e : eliminations)
    by_cell[e.cell] += static_cast<char>('0' + e.digit);
  std::vector<std::string> parts;
  for (auto& [cell, digits] : by_cell) {
    std::sort(digits.begin(), digits.end());
    parts.push_back(absl::StrCat(shape.CellName(cell), "-", digits));
  }
  return absl::StrJoin(parts, ",");
}

// An empty grid with a few cells reduced to the candidates given.
Board Position(const std::vector<std::pair<int, std::vector<int>>>& cells) {
  absl::StatusOr<Board> board = Board::FromGrid(Grid(Shape::Classic()));
  EXPECT_TRUE(board.ok());
  for (const auto& [cell, keep] : cells)
    for (int d = 1; d <= 9; ++d)
      if (std::find(keep.begin(), keep.end(), d) == keep.end())
        board->Eliminate(cell, d);
  return *board;
}

TEST(AlignedExclusionTest, PairExcludesCombinationsThatEmptyACommonPeer) {
  // r1c1 {1,2,5}, r1c2 {2,5}; r1c7 {1,5} sees both, r2c1 {2,5} sees both.
  // 1-5 empties r1c7, 2-5 and 5-2 empty r2c1, 2-2 and 5-5 repeat in row 1:
  // only 1-2 is left.
  const Board board =
      Position({{0, {1, 2, 5}}, {1, {2, 5}}, {6, {1, 5}}, {9, {2, 5}}});
  auto ape = FindTechnique("aligned_pair_exclusion");
  ASSERT_OK(ape);
  const std::optional<Deduction> d = (*ape)->Find(board);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(Conclusion(board.shape(), d->eliminations), "r1c1-25,r1c2-5");
  EXPECT_DOUBLE_EQ(d->rating, 6.2);
}

TEST(AlignedExclusionTest, CellsThatDoNotSeeEachOtherMayRepeatADigit) {
  // r1c1 {1,2} and r2c4 {1,3} do not see each other; r1c4 {2,3} and r1c5
  // {1,3} see both. 1-3 empties r1c5 and 2-3 empties r1c4, so r1c1 = 1
  // needs r2c4 = 1 too: allowed, as the two cells share no unit (and the
  // position has a solution with both 1). No deduction may remove it.
  const Board board =
      Position({{0, {1, 2}}, {12, {1, 3}}, {3, {2, 3}}, {4, {1, 3}}});
  auto ape = FindTechnique("aligned_pair_exclusion");
  ASSERT_OK(ape);
  std::vector<Deduction> all;
  (*ape)->FindAll(board, &all);
  EXPECT_FALSE(all.empty());  // r1c4, r1c5 and r1c1 do remove digits
  for (const Deduction& d : all)
    for (const CellDigit& e : d.eliminations)
      EXPECT_FALSE(e.cell == 0 && e.digit == 1) << d.text;
}

TEST(AlignedExclusionTest, TripletNeedsThreeBaseCells) {
  // r1c1 {1,2,3}, r1c2 {1,2,3}, r1c3 {1,2,3,4}; r1c9 {1,2,3} sees all
  // three. Any triple from {1,2,3} on r1c1, r1c2 (distinct, same row) and
  // r1c3 empties r1c9, so r1c3 must be 4: it loses 1, 2 and 3. No pair
  // does it: a pair leaves r1c9 a digit, and a bivalue excluder is missing.
  const Board board = Position(
      {{0, {1, 2, 3}}, {1, {1, 2, 3}}, {2, {1, 2, 3, 4}}, {8, {1, 2, 3}}});
  auto ate = FindTechnique("aligned_triplet_exclusion");
  auto ape = FindTechnique("aligned_pair_exclusion");
  ASSERT_OK(ate);
  ASSERT_OK(ape);
  EXPECT_FALSE((*ape)->Find(board).has_value());
  const std::optional<Deduction> d = (*ate)->Find(board);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(Conclusion(board.shape(), d->eliminations), "r1c3-123");
  EXPECT_DOUBLE_EQ(d->rating, 7.5);
}

// A position whose loop cells hold the candidates given and whose other
// cells hold every digit but 6 and 7, so that no other pattern on {6,7}
// exists.
Board LoopPosition(const std::vector<std::pair<int, std::vector<int>>>& loop) {
  std::vector<std::pair<int, std::vector<int>>> cells;
  for (int cell = 0; cell < 81; ++cell) {
    auto it = std::find_if(loop.begin(), loop.end(),
                           [cell](const auto& c) { return c.first == cell; });
    cells.push_back(it != loop.end() ? *it
                                     : std::pair<int, std::vector<int>>{
                                           cell, {1, 2, 3, 4, 5, 8, 9}});
  }
  return Position(cells);
}

TEST(UniqueLoopsTest, SixCellLoopType1RatesAsSudokuExplainer) {
  // r3c8, r3c7 (row 3, box 3), r4c7 (column 7), r4c9 (row 4, box 6), r7c9
  // (column 9), r7c8 (row 7, box 9), back to r3c8 (column 8): every unit
  // holds two of them, so all {6,7} would be a deadly pattern; r3c7 is the
  // only cell with another candidate (SE: "Unique Loop type 1", 4.6).
  const Board board = LoopPosition({{25, {6, 7}},
                                    {24, {6, 7, 9}},
                                    {33, {6, 7}},
                                    {35, {6, 7}},
                                    {62, {6, 7}},
                                    {61, {6, 7}}});
  auto loops = FindTechnique("unique_loop");
  ASSERT_OK(loops);
  std::optional<Deduction> d = (*loops)->Find(board);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(Conclusion(board.shape(), d->eliminations), "r3c7-67");
  EXPECT_EQ(d->technique, "unique_loop");
  EXPECT_DOUBLE_EQ(d->rating, 4.6);
}

TEST(UniqueLoopsTest, RectangleStepsKeepTheUniqueRectangleId) {
  // r1c1, r1c4, r2c1, r2c4: two rows, two columns, two boxes; r2c4 has 9.
  const Board board =
      LoopPosition({{0, {6, 7}}, {3, {6, 7}}, {9, {6, 7}}, {12, {6, 7, 9}}});
  auto loops = FindTechnique("unique_loop");
  ASSERT_OK(loops);
  std::optional<Deduction> d = (*loops)->Find(board);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(Conclusion(board.shape(), d->eliminations), "r2c4-67");
  EXPECT_EQ(d->technique, "unique_rectangle");
  EXPECT_DOUBLE_EQ(d->rating, 4.5);
}

TEST(UniqueLoopsTest, ALoopWithOneCellInABoxIsNoDeadlyPattern) {
  // r1c1, r1c5, r5c5, r5c9, r9c9, r9c1: two per row and column but one per
  // box, so swapping 6 and 7 would break every box: no step.
  const Board board = LoopPosition({{0, {6, 7, 9}},
                                    {4, {6, 7}},
                                    {40, {6, 7}},
                                    {44, {6, 7}},
                                    {80, {6, 7}},
                                    {72, {6, 7}}});
  auto loops = FindTechnique("unique_loop");
  ASSERT_OK(loops);
  EXPECT_FALSE((*loops)->Find(board).has_value());
}

// HoDoKu takes a type 3 subset that lies in a line and a box in one step;
// SE takes one unit per step (its step lists): the steps that remove only
// what HoDoKu's step removes must together remove all of it.
bool CoveredBySeveralSteps(const Technique& t,
                           const sudoku::testing::RegLibCase& c) {
  std::vector<Deduction> all;
  t.FindAll(c.board, &all);
  std::vector<CellDigit> want = c.eliminations, got;
  Canonicalize(&want);
  for (const Deduction& d : all) {
    bool inside = d.placements.empty();
    for (const CellDigit& e : d.eliminations)
      inside &= std::find(want.begin(), want.end(), e) != want.end();
    if (inside)
      got.insert(got.end(), d.eliminations.begin(), d.eliminations.end());
  }
  Canonicalize(&got);
  return got == want;
}

// HoDoKu's unique rectangle cases (reglib 0600-0603 in tests/data/
// reglib_sample.txt): SE's rectangles make the same deductions (a type 3
// in a line and a box in two steps).
TEST(UniqueLoopsTest, FindsHoDoKusUniqueRectangles) {
  auto loops = FindTechnique("unique_loop");
  ASSERT_OK(loops);
  int checked = 0;
  for (const std::string& line : sudoku::testing::ReadLines(
           sudoku::testing::SourceDir() + "/tests/data/reglib_sample.txt")) {
    std::optional<sudoku::testing::RegLibCase> c =
        sudoku::testing::ParseRegLibLine(line);
    if (!c || c->code < "0600" || c->code > "0603") continue;
    std::string found;
    EXPECT_TRUE(sudoku::testing::Passes(**loops, *c, &found) ||
                (c->code == "0602" && CoveredBySeveralSteps(**loops, *c)))
        << line << "\nfound instead:\n"
        << found;
    ++checked;
  }
  EXPECT_GE(checked, 8);
}

TEST(SeRulesTest, OnlyTheSeLadderHasThem) {
  for (const char* id : {"aligned_pair_exclusion", "aligned_triplet_exclusion",
                         "bug", "unique_loop"}) {
    bool in_se = false, in_default = false;
    for (const std::string& s : SeLadderIds()) in_se |= s == id;
    for (const std::string& s : TechniqueIds()) in_default |= s == id;
    EXPECT_TRUE(in_se) << id;
    EXPECT_FALSE(in_default) << id;
  }
}

TEST(SeRulesTest, SeLadderTakesSudokuExplainersFirstStepOfEachRule) {
  std::ifstream in(sudoku::testing::SourceDir() +
                   "/tests/data/se_first_steps.txt");
  ASSERT_TRUE(in.good());
  auto solver = StepSolver::Create("se", DeductionOptions{});
  ASSERT_OK(solver);
  std::string line;
  std::map<std::string, int> checked;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = absl::StrSplit(line, '\t');
    ASSERT_EQ(f.size(), 3u) << line;
    SCOPED_TRACE(line);
    auto grid = ParseGrid(f[0]);
    ASSERT_OK(grid);
    const Explanation e = (*solver)->Explain(*grid);
    EXPECT_TRUE(e.solved_by_logic);
    const Deduction* first = nullptr;
    for (const Deduction& d : e.steps)
      if (d.technique == f[1]) {
        first = &d;
        break;
      }
    ASSERT_NE(first, nullptr) << "no " << f[1] << " step";
    EXPECT_EQ(Conclusion(grid->shape(), first->eliminations), f[2]);
    ++checked[f[1]];
  }
  EXPECT_GE(checked["aligned_pair_exclusion"], 3);
  EXPECT_GE(checked["aligned_triplet_exclusion"], 3);
  EXPECT_GE(checked["bug"], 6);
  EXPECT_GE(checked["unique_loop"], 5);
  EXPECT_GE(checked["unique_rectangle"], 2);
}

}  // namespace
}  // namespace sudoku
