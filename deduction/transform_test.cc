#include "deduction/transform.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "core/canonical.h"
#include "core/format.h"
#include "core/rng.h"
#include "deduction/step_solver.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/paths.h"
#include "tests/testing/puzzles.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

const std::vector<int> kLines = {0, 1, 2, 3, 4, 5, 6, 7, 8};
const std::vector<int> kDigits = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};

// Image row 0 is source row 1 and back; digits 1 and 2 swap.
GridTransform SwapRowsAndDigits() {
  return *GridTransform::Create(Shape::Classic(), false,
                                {1, 0, 2, 3, 4, 5, 6, 7, 8}, kLines,
                                {0, 2, 1, 3, 4, 5, 6, 7, 8, 9});
}

TEST(TransformStepTextTest, RenamesCellsUnitsAndDigits) {
  const GridTransform t = SwapRowsAndDigits();
  EXPECT_EQ(
      TransformStepText("Hidden single: 1 can only go in r1c3 within row 1", t),
      "Hidden single: 2 can only go in r2c3 within row 2");
  EXPECT_EQ(TransformStepText("X-Wing on 1 in rows 1 and 5, columns 2 and 7: "
                              "remove 1 from r3c2, r9c7",
                              t),
            "X-Wing on 2 in rows 2 and 5, columns 2 and 7: "
            "remove 2 from r3c2, r9c7");
  EXPECT_EQ(TransformStepText("AIC: (1)r1c1=(1)r2c2-(2)r2c2 => r1c1<>2", t),
            "AIC: (2)r2c1=(2)r1c2-(1)r1c2 => r2c1<>1");
  EXPECT_EQ(TransformStepText("Naked pair {1,3} in r1c1, r1c5 (row 1 and box "
                              "1): remove 1 from r1c9 and 2 from r1c8",
                              t),
            "Naked pair {2,3} in r2c1, r2c5 (row 2 and box 1): remove 2 from "
            "r2c9 and 1 from r2c8");
}

TEST(TransformStepTextTest, KeepsNumbersThatAreNotDigits) {
  const GridTransform t = SwapRowsAndDigits();
  EXPECT_EQ(TransformStepText("Unique rectangle type 2 on {2,3} in r1c1, r1c5, "
                              "r4c1, r4c5: remove 1 from r7c1",
                              t),
            "Unique rectangle type 2 on {1,3} in r2c1, r2c5, r4c1, r4c5: "
            "remove 2 from r7c1");
  EXPECT_EQ(TransformStepText("Guess: no technique applies; try 1 in r2c2 (2 "
                              "candidates), the digit of the solution",
                              t),
            "Guess: no technique applies; try 2 in r1c2 (2 candidates), the "
            "digit of the solution");
  EXPECT_EQ(
      TransformStepText("BUG+1: every empty cell but r1c1 has two candidates; "
                        "1 appears three times in its row, column and box, so "
                        "r1c1 is 1",
                        t),
      "BUG+1: every empty cell but r2c1 has two candidates; 2 appears three "
      "times in its row, column and box, so r2c1 is 2");
  EXPECT_EQ(TransformStepText("2-String Kite on 2: r1c1=r1c5", t),
            "2-String Kite on 1: r2c1=r2c5");
}

TEST(TransformStepTextTest, LetterSymbolsOnLargeGrids) {
  // 16x16: digits 10 and 11 (A and B) swap; the ALS labels "A = " and
  // "B = " are names, not digits.
  const Shape& shape = Shape::GetOrDie(4, 4);
  std::vector<int> lines(16), digits(17);
  std::iota(lines.begin(), lines.end(), 0);
  std::iota(digits.begin(), digits.end(), 0);
  std::swap(digits[10], digits[11]);
  const GridTransform t =
      *GridTransform::Create(shape, false, lines, lines, digits);
  EXPECT_EQ(TransformStepText("ALS-XZ: A = r1c1, r1c12 {1,A,G}, B = r12c3 "
                              "{B,G}, restricted common G => r16c16<>A",
                              t),
            "ALS-XZ: A = r1c1, r1c12 {1,B,G}, B = r12c3 {A,G}, restricted "
            "common G => r16c16<>B");
  EXPECT_EQ(TransformStepText("Hidden single: A can only go in r10c11 within "
                              "row 10",
                              t),
            "Hidden single: B can only go in r10c11 within row 10");
  EXPECT_EQ(TransformStepText("an A in r1c1", t), "a B in r1c1");
}

TEST(TransformStepTextTest, FixesTheArticle) {
  const GridTransform t = *GridTransform::Create(
      Shape::Classic(), false, kLines, kLines, {0, 8, 2, 3, 4, 5, 6, 7, 1, 9});
  EXPECT_EQ(
      TransformStepText("a 1 in r5c5 forces r5c6=8: no 1 left for row 5", t),
      "an 8 in r5c5 forces r5c6=1: no 8 left for row 5");
  EXPECT_EQ(TransformStepText("an 8 in r1c1", t), "a 1 in r1c1");
}

TEST(TransformStepTextTest, TranspositionSwapsRowsAndColumns) {
  const GridTransform t =
      *GridTransform::Create(Shape::Classic(), true, kLines, kLines, kDigits);
  EXPECT_EQ(TransformStepText("Pointing: in box 2, 5 can only go in row 3: "
                              "remove 5 from r3c7, r3c8",
                              t),
            "Pointing: in box 4, 5 can only go in column 3: remove 5 from "
            "r7c3, r8c3");
  EXPECT_EQ(TransformStepText("Swordfish on 4 in rows 1, 5 and 9, columns 2, "
                              "3 and 8: remove 4 from r2c2",
                              t),
            "Swordfish on 4 in columns 1, 5 and 9, rows 2, 3 and 8: remove 4 "
            "from r2c2");
}

// A nested forcing chain's inner steps are rewritten with it.
TEST(TransformDeductionTest, MapsNestedSteps) {
  Deduction inner;
  inner.eliminations = {{Shape::Classic().Cell(0, 4), 1}};
  inner.pattern_cells = {Shape::Classic().Cell(1, 4)};
  inner.text = "X-Chain: remove 1 from r1c5";
  Deduction outer;
  outer.placements = {{Shape::Classic().Cell(2, 2), 2}};
  outer.nested = {inner};
  const Deduction mapped = TransformDeduction(outer, SwapRowsAndDigits());
  ASSERT_EQ(mapped.nested.size(), 1u);
  const Deduction& m = mapped.nested[0];
  ASSERT_EQ(m.eliminations.size(), 1u);
  EXPECT_EQ(m.eliminations[0].cell, Shape::Classic().Cell(1, 4));
  EXPECT_EQ(m.eliminations[0].digit, 2);
  EXPECT_EQ(m.pattern_cells, std::vector<int>{Shape::Classic().Cell(0, 4)});
  EXPECT_EQ(m.text, "X-Chain: remove 2 from r2c5");
}

std::vector<Grid> LoadPuzzles() {
  return ::sudoku::testing::LoadTestPuzzles("isomorph_puzzles.txt");
}

// The words and symbols of a sentence, sorted: lists may come out in
// another order than a scan of the image would write them, and a chain may
// be read from its other end.
std::vector<std::string> Tokens(absl::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '+') {
      cur += c;
    } else if (!cur.empty()) {
      out.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  std::sort(out.begin(), out.end());
  return out;
}

// Techniques whose sentence shows one of several witnesses of the same
// deduction (which contradiction a forcing chain or Nishio reports, which
// alternating path an AIC takes): the image's own scan may show another.
bool WitnessVaries(absl::string_view id) {
  for (absl::string_view v :
       {"aic", "grouped_aic", "contradiction_chain", "cell_forcing_chain",
        "unit_forcing_chain", "dynamic_forcing_chain", "nishio",
        "nishio-matching"}) {
    if (id == v) return true;
  }
  return false;
}

std::vector<int> Sorted(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Walks each puzzle's explanation on the puzzle and, in step, on a random
// isomorph: every mapped step applies to the isomorph's board, and where the
// technique, scanning the isomorph's board itself, finds the mapped
// deduction, the mapped sentence has the words of the one it writes.
TEST(TransformDeductionTest, MappedStepsAreTheImageOwnSteps) {
  const std::vector<Grid> puzzles = LoadPuzzles();
  ASSERT_GE(puzzles.size(), 100u);
  absl::StatusOr<std::unique_ptr<StepSolver>> solver =
      StepSolver::Create("", {});
  ASSERT_TRUE(solver.ok());
  Rng rng(2026);
  int compared = 0, steps = 0;
  for (const Grid& puzzle : puzzles) {
    const Explanation e = (*solver)->Explain(puzzle);
    const GridTransform t = RandomTransform(puzzle.shape(), rng);
    const Explanation mapped = TransformExplanation(e, t);
    EXPECT_EQ(mapped.final_grid, t.Apply(e.final_grid));
    EXPECT_EQ(mapped.technique_counts, e.technique_counts);
    absl::StatusOr<Board> board = Board::FromGrid(t.Apply(puzzle));
    ASSERT_TRUE(board.ok());
    for (size_t i = 0; i < mapped.steps.size(); ++i) {
      const Deduction& d = mapped.steps[i];
      ++steps;
      const Technique* technique = nullptr;
      for (const auto& candidate : (*solver)->ladder())
        if (candidate->id() == d.technique) technique = candidate.get();
      if (technique != nullptr && !WitnessVaries(d.technique)) {
        std::vector<Deduction> found;
        technique->FindAll(*board, &found);
        for (Deduction& f : found) {
          std::sort(f.placements.begin(), f.placements.end(),
                    [](const CellDigit& a, const CellDigit& b) {
                      return a.cell != b.cell ? a.cell < b.cell
                                              : a.digit < b.digit;
                    });
          std::sort(f.eliminations.begin(), f.eliminations.end(),
                    [](const CellDigit& a, const CellDigit& b) {
                      return a.cell != b.cell ? a.cell < b.cell
                                              : a.digit < b.digit;
                    });
          if (f.placements == d.placements &&
              f.eliminations == d.eliminations &&
              Sorted(f.pattern_cells) == Sorted(d.pattern_cells) &&
              Tokens(f.text).size() == Tokens(d.text).size()) {
            EXPECT_EQ(Tokens(d.text), Tokens(f.text))
                << "mapped: " << d.text << "\nimage's own: " << f.text
                << "\nsource: " << e.steps[i].text;
            ++compared;
            break;
          }
        }
      }
      ASSERT_TRUE(ApplyDeduction(d, &*board))
          << ToLine(puzzle) << " step " << i << ": " << d.text;
    }
    EXPECT_EQ(board->grid(), mapped.final_grid);
  }
  // Nearly every step is met again by the image's own scan (6,091 of 6,283
  // when this was written).
  EXPECT_GT(compared, steps * 9 / 10) << compared << " of " << steps;
}

}  // namespace
}  // namespace sudoku
