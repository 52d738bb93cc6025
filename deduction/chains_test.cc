// Unit tests of colouring, chains, ALS-XZ and forcing chains. The exact
// eliminations per technique on HoDoKu positions are in reglib_test.cc
// (tests/data/reglib_sample.txt); here: the SE length modifier, the step
// wording, positions where nothing may be found, and soundness on other
// shapes.
#include "deduction/chains.h"

#include <memory>
#include <string>
#include <vector>

#include "core/format.h"
#include "deduction/brute_force.h"
#include "deduction/cycles.h"
#include "deduction/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/paths.h"
#include "tests/testing/reglib.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

std::vector<std::string> OurIds() {
  std::vector<std::string> ids;
  for (const char* group : {"colouring", "chains", "forcing-chains"})
    for (const std::string& id : GroupMembers(group)) ids.push_back(id);
  return ids;
}

TEST(ChainRatingTest, LengthBonusFollowsSudokuExplainerThresholds) {
  // +0.1 past 4, 6, 8, 12, 16, 24, 32 (x3/2 and x4/3 alternately).
  EXPECT_DOUBLE_EQ(LengthBonus(4), 0.0);
  EXPECT_NEAR(LengthBonus(5), 0.1, 1e-9);
  EXPECT_NEAR(LengthBonus(6), 0.1, 1e-9);
  EXPECT_NEAR(LengthBonus(7), 0.2, 1e-9);
  EXPECT_NEAR(LengthBonus(9), 0.3, 1e-9);
  EXPECT_NEAR(LengthBonus(12), 0.3, 1e-9);
  EXPECT_NEAR(LengthBonus(13), 0.4, 1e-9);
  EXPECT_NEAR(LengthBonus(17), 0.5, 1e-9);
  EXPECT_NEAR(LengthBonus(25), 0.6, 1e-9);
  EXPECT_NEAR(LengthBonus(33), 0.7, 1e-9);
  EXPECT_DOUBLE_EQ(ChainRating(6.6, 8), 6.8);
}

TEST(ChainRegistryTest, GroupsNameEveryTechniqueInRatingOrder) {
  const std::vector<std::string> ids = OurIds();
  EXPECT_EQ(ids.size(), 12u);
  const std::vector<std::unique_ptr<Technique>> ladder = DefaultTechniques();
  double last = 0;
  for (const auto& t : ladder) {
    EXPECT_GE(t->difficulty(), last) << t->id() << " out of rating order";
    last = t->difficulty();
  }
  for (const std::string& id : ids) EXPECT_OK(FindTechnique(id)) << id;
}

// The first sample case of a HoDoKu code.
testing::RegLibCase SampleCase(const std::string& code) {
  for (const std::string& line : testing::ReadLines(
           sudoku::testing::SourceDir() + "/tests/data/reglib_sample.txt")) {
    std::optional<testing::RegLibCase> c = testing::ParseRegLibLine(line);
    if (c && c->code == code) return *c;
  }
  ADD_FAILURE() << "no sample case " << code;
  return testing::RegLibCase();
}

TEST(ChainTextTest, XChainWritesTheChainAndTheConclusion) {
  const testing::RegLibCase c = SampleCase("0701");
  auto t = FindTechnique("x_chain");
  ASSERT_OK(t);
  std::optional<Deduction> d = (*t)->Find(c.board);
  ASSERT_TRUE(d.has_value());
  // ":0701:7:...:742::5": r4c2 <> 7 by a 5-link chain of 6 candidates.
  EXPECT_THAT(d->text, StartsWith("X-Chain on 7: r"));
  EXPECT_THAT(d->text, HasSubstr("=> r4c2<>7"));
  ASSERT_EQ(d->eliminations.size(), 1u);
  EXPECT_EQ(d->eliminations[0], (CellDigit{3 * 9 + 1, 7}));
  EXPECT_DOUBLE_EQ(d->rating, ChainRating(6.6, 6));
  EXPECT_GE(d->pattern_candidates.size(), 4u);
}

TEST(ChainTextTest, AicWritesDigitsOnEveryNode) {
  const testing::RegLibCase c = SampleCase("0708");
  auto t = FindTechnique("aic");
  ASSERT_OK(t);
  std::optional<Deduction> d = (*t)->Find(c.board);
  ASSERT_TRUE(d.has_value());
  EXPECT_THAT(d->text, StartsWith("AIC: ("));
  EXPECT_GE(d->rating, 7.0);
}

TEST(ForcingChainTest, ContradictionChainExplainsBothSidesOfTheClash) {
  const testing::RegLibCase c = SampleCase("0707");
  auto t = FindTechnique("dynamic_forcing_chain");
  ASSERT_OK(t);
  std::optional<Deduction> d = (*t)->Find(c.board);
  ASSERT_TRUE(d.has_value());
  EXPECT_GE(d->rating, 8.5);
  EXPECT_THAT(d->text, HasSubstr(" -> "));
}

// A solved grid with a few cells emptied, each in its own row, column and
// box: every empty cell has one candidate and no unit two places for a
// digit, so there is no strong link and nothing for any chain to find.
TEST(ChainNegativeTest, NothingWithoutStrongLinks) {
  auto solved = ParseGrid(
      "534678912672195348198342567859761423426853791713924856961537284"
      "287419635345286179");
  ASSERT_OK(solved);
  Grid g = *solved;
  for (int cell : {0, 12, 24, 28, 40, 52, 56, 68, 80}) g.set(cell, 0);
  absl::StatusOr<Board> board = Board::FromGrid(g);
  ASSERT_OK(board);
  for (const std::string& id : OurIds()) {
    auto t = FindTechnique(id);
    ASSERT_OK(t);
    std::vector<Deduction> all;
    (*t)->FindAll(*board, &all);
    EXPECT_TRUE(all.empty()) << id << ": " << all[0].text;
  }
}

// On each sample case of a technique, the techniques of other families
// that need more (multi-digit links, several clusters) may fire, but the
// single-digit ones never eliminate a digit other than their own, and the
// XY-chain only uses bivalue cells: checked on every deduction they make.
TEST(ChainNegativeTest, SingleDigitTechniquesKeepToOneDigit) {
  int checked = 0;  // deductions checked, so the test cannot pass empty
  for (const std::string& line : testing::ReadLines(
           sudoku::testing::SourceDir() + "/tests/data/reglib_sample.txt")) {
    std::optional<testing::RegLibCase> c = testing::ParseRegLibLine(line);
    if (!c || c->code.rfind("07", 0) != 0) continue;
    for (const char* id : {"x_chain", "simple_colouring", "multi_colouring"}) {
      auto t = FindTechnique(id);
      ASSERT_OK(t);
      std::vector<Deduction> all;
      (*t)->FindAll(c->board, &all);
      for (const Deduction& d : all) {
        ++checked;
        ASSERT_FALSE(d.pattern_candidates.empty());
        const int digit = d.pattern_candidates[0].digit;
        for (const CellDigit& cd : d.pattern_candidates)
          EXPECT_EQ(cd.digit, digit) << d.text;
        for (const CellDigit& e : d.eliminations)
          EXPECT_EQ(e.digit, digit) << d.text;
      }
    }
    auto xy = FindTechnique("xy_chain");
    ASSERT_OK(xy);
    std::vector<Deduction> all;
    (*xy)->FindAll(c->board, &all);
    for (const Deduction& d : all) {
      ++checked;
      for (int cell : d.pattern_cells)
        EXPECT_EQ(c->board.candidates(cell).Count(), 2) << d.text;
    }
  }
  EXPECT_GE(checked, 10);
}

// Other shapes: a solution from the exact solver, a pattern of givens, and
// every deduction of every technique checked against that solution (the
// techniques are sound for every solution, so also for this one).
void CheckShape(int box_rows, int box_cols, int keep_mod) {
  const Shape& shape = Shape::GetOrDie(box_rows, box_cols);
  const BruteForceResult full = BruteForceSolve(Board(shape));
  ASSERT_GE(full.num_solutions, 1);
  const Grid& solution = full.solutions[0];
  Grid puzzle(shape);
  for (int cell = 0; cell < shape.num_cells(); ++cell)
    if ((cell * 7 + cell / shape.size()) % keep_mod == 0)
      puzzle.set(cell, solution[cell]);
  absl::StatusOr<Board> board = Board::FromGrid(puzzle);
  ASSERT_OK(board);
  int found = 0;
  for (const std::string& id : OurIds()) {
    auto t = FindTechnique(id);
    ASSERT_OK(t);
    std::vector<Deduction> all;
    if (shape.size() > 9 && id.find("forcing") != std::string::npos) {
      if (std::optional<Deduction> d = (*t)->Find(*board))
        all.push_back(std::move(*d));
    } else {
      (*t)->FindAll(*board, &all);
    }
    found += static_cast<int>(all.size());
    for (const Deduction& d : all) {
      for (const CellDigit& p : d.placements)
        EXPECT_EQ(solution[p.cell], p.digit) << shape.name() << " " << d.text;
      for (const CellDigit& e : d.eliminations)
        EXPECT_NE(solution[e.cell], e.digit) << shape.name() << " " << d.text;
    }
  }
  ::testing::Test::RecordProperty(shape.name(), found);
  EXPECT_GT(found, 0) << shape.name();
}

TEST(ChainShapesTest, SoundOn6x6And12x12And16x16) {
  CheckShape(2, 3, 3);
  CheckShape(3, 4, 3);
  CheckShape(4, 4, 3);
}

}  // namespace
}  // namespace sudoku
