// Sudoku Explainer's dynamic forcing chains "+" (deduction/se_chaining.h)
// against SE's own first step (../shared/peers/se-steps.sh) on a puzzle
// that SE opens with one.
#include "deduction/se_chaining.h"

#include <optional>

#include "core/board.h"
#include "core/format.h"
#include "deduction/registry.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

// SE 1.2.1 (ER 10.1 in the hardest list): "1  9.8  Dynamic Contradiction
// Forcing Chains (+)  r8c1-1": assuming r8c1=1 leads to a contradiction.
// Nothing of a lower level applies to the start position.
TEST(SeForcingChainsTest, DynamicPlusTakesSudokuExplainersFirstStep) {
  auto grid = ParseGrid(
      ".....1.....7.2.....9.6.8..5..1..7....6.9....42.9.........8...59.8.."
      "..4....6.3...8");
  ASSERT_OK(grid);
  auto board = Board::FromGrid(*grid);
  ASSERT_OK(board);
  EXPECT_FALSE(MakeTechnique(TechniqueId::kSeDynamicChains)->Find(*board));
  const std::optional<Deduction> d =
      MakeTechnique(TechniqueId::kDynamicForcingChainPlus)->Find(*board);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->technique, "dynamic_forcing_chain_plus");
  EXPECT_DOUBLE_EQ(d->rating, 9.8);
  ASSERT_EQ(d->eliminations.size(), 1u);
  EXPECT_TRUE(d->placements.empty());
  EXPECT_EQ(d->eliminations[0].cell, 7 * 9 + 0);
  EXPECT_EQ(d->eliminations[0].digit, 1);
}

}  // namespace
}  // namespace sudoku
