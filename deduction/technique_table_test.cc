#include "deduction/technique_table.h"

#include <algorithm>
#include <set>
#include <string>

#include "core/format.h"
#include "deduction/registry.h"
#include "deduction/step_solver.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

TEST(TechniqueTableTest, EveryRowBuildsItsTechnique) {
  for (const TechniqueInfo& row : kTechniqueTable) {
    const std::unique_ptr<Technique> t = MakeTechnique(row.tid);
    ASSERT_NE(t, nullptr) << row.id;
    EXPECT_EQ(t->id(), row.id);
    EXPECT_EQ(t->name(), row.name);
    EXPECT_EQ(t->difficulty(), row.se_rating);
    EXPECT_EQ(&GetTechniqueInfo(row.tid), &row) << row.id;
    EXPECT_EQ(FindTechniqueInfo(row.id), &row) << row.id;
  }
  EXPECT_EQ(FindTechniqueInfo("no_such_technique"), nullptr);
}

TEST(TechniqueTableTest, IdsAndNamesAreUnique) {
  std::set<std::string> ids, names;
  for (const TechniqueInfo& row : kTechniqueTable) {
    EXPECT_TRUE(ids.emplace(row.id).second) << row.id;
    EXPECT_TRUE(names.emplace(row.name).second) << row.name;
    EXPECT_NE(row.id, kGuessId);
  }
}

TEST(TechniqueTableTest, DefaultLadderIsTheLadderRowsInRatingOrder) {
  const std::vector<std::unique_ptr<Technique>> ladder = DefaultTechniques();
  size_t i = 0;
  double last = 0;
  for (const TechniqueInfo& row : kTechniqueTable) {
    if (row.placement != LadderPlacement::kLadder) continue;
    ASSERT_LT(i, ladder.size());
    EXPECT_EQ(ladder[i]->id(), row.id);
    EXPECT_GE(row.se_rating, last) << row.id << " out of rating order";
    last = row.se_rating;
    ++i;
  }
  EXPECT_EQ(i, ladder.size());
}

TEST(TechniqueTableTest, GroupsListTheirLadderAndGroupRows) {
  for (const TechniqueInfo& row : kTechniqueTable) {
    const std::vector<std::string> members =
        GroupMembers(TechniqueGroupName(row.group));
    const bool listed =
        std::find(members.begin(), members.end(), row.id) != members.end();
    EXPECT_EQ(listed, row.placement == LadderPlacement::kLadder ||
                          row.placement == LadderPlacement::kGroup)
        << row.id;
  }
  // Every group has a member.
  for (absl::string_view group : kTechniqueGroupNames)
    EXPECT_FALSE(GroupMembers(group).empty()) << group;
}

TEST(TechniqueTableTest, OffLadderRowsJoinOnlyWhenNamed) {
  auto all = MakeLadder("", DeductionOptions{});
  auto chains = MakeLadder("chains", DeductionOptions{});
  ASSERT_OK(all);
  ASSERT_OK(chains);
  for (const TechniqueInfo& row : kTechniqueTable) {
    if (row.placement == LadderPlacement::kLadder) continue;
    for (const auto& t : *all) EXPECT_NE(t->id(), row.id);
    auto named = MakeLadder(row.id, DeductionOptions{});
    ASSERT_OK(named);
    ASSERT_EQ(named->size(), 1u);
    EXPECT_EQ((*named)[0]->id(), row.id);
  }
  // The group adds its off-ladder rows after its ladder rows.
  ASSERT_FALSE(chains->empty());
  EXPECT_EQ(chains->back()->id(), "als_xz");
}

TEST(TechniqueTableTest, NoSingleRatesAboveTheHardestSingleRating) {
  // A hidden single seen only in a row rates 1.5, above its 1.2 base.
  auto grid = ParseGrid(
      "12345678."
      "........."
      "........."
      "........."
      "........."
      "........."
      "........."
      "........."
      ".........");
  ASSERT_OK(grid);
  auto board = Board::FromGrid(*grid);
  ASSERT_OK(board);
  for (const TechniqueInfo& row : kTechniqueTable) {
    if (row.group != TechniqueGroup::kSingles) continue;
    EXPECT_LE(row.se_rating, kHardestSingleRating) << row.id;
    std::vector<Deduction> found;
    MakeTechnique(row.tid)->FindAll(*board, &found);
    for (const Deduction& d : found)
      EXPECT_LE(d.rating, kHardestSingleRating) << d.text;
  }
  EXPECT_GT(kHardestSingleRating,
            GetTechniqueInfo(TechniqueId::kHiddenSingle).se_rating);
}

TEST(SeLadderTest, HoldsTheLadderAndSeOnlyRowsOfSudokuExplainerRulesOnly) {
  auto se = MakeLadder(kSeLadderName, DeductionOptions{});
  ASSERT_OK(se);
  size_t i = 0;
  for (const TechniqueInfo& row : kTechniqueTable) {
    if ((row.placement != LadderPlacement::kLadder &&
         row.placement != LadderPlacement::kSeOnly) ||
        row.source != RuleSource::kSe)
      continue;
    ASSERT_LT(i, se->size());
    EXPECT_EQ((*se)[i]->id(), row.id);
    ++i;
  }
  EXPECT_EQ(i, se->size());
  EXPECT_EQ(SeLadderIds().size(), se->size());
  // Rules SE 1.2.1 lacks are not in it.
  for (const auto& t : *se) {
    EXPECT_NE(t->id(), "skyscraper");
    EXPECT_NE(t->id(), "w_wing");
    EXPECT_NE(t->id(), "xy_chain");  // SE has Y-cycles, no open Y-chain
  }
}

// Puzzles whose hardest step is a skyscraper, a 2-string kite and a turbot
// fish on the default ladder (4.0 / 4.1). Sudoku Explainer 1.2.1 has none of
// these rules and rates all three 6.6/1.2/1.2 (ER/EP/ED, from serate 1.2.1.3;
// the ER is also the `ser` column of cbg000_controlled_bias.tsv).
TEST(SeLadderTest, RatesTwoLinkPuzzlesAsSudokuExplainerDoes) {
  auto se = StepSolver::Create(kSeLadderName, DeductionOptions{});
  auto full = StepSolver::Create("", DeductionOptions{});
  ASSERT_OK(se);
  ASSERT_OK(full);
  for (const char* text :
       {"1...56..9.5...9.2....1..4....5.9..7..3.2...5.96..3....3...4.....9...."
        "..864...5...",
        "...4..789........3..9.234...1.8..6.76.7..2..8..............159...29.."
        "3...4.23...6",
        ".2.....8.4.6.8.1.3.....25..24...7......64.....6..1...739.52...6.72..."
        ".1....9..3.."}) {
    SCOPED_TRACE(text);
    auto grid = ParseGrid(text);
    ASSERT_OK(grid);
    const Explanation e = (*se)->Explain(*grid);
    EXPECT_TRUE(e.solved_by_logic);
    EXPECT_DOUBLE_EQ(e.ratings.er, 6.6);
    EXPECT_DOUBLE_EQ(e.ratings.ep, 1.2);
    EXPECT_DOUBLE_EQ(e.ratings.ed, 1.2);
    for (const Deduction& d : e.steps) {
      const TechniqueInfo* info = FindTechniqueInfo(d.technique);
      ASSERT_NE(info, nullptr) << d.technique;
      EXPECT_EQ(info->source, RuleSource::kSe) << d.technique;
    }
    // The default ladder keeps the named patterns, rated lower.
    EXPECT_LT((*full)->Explain(*grid).ratings.er, 6.6);
  }
}

// Sudoku Explainer's bidirectional cycles, from se-steps.sh (serate
// 1.2.1.3) on three cbg000 puzzles: an X-cycle of 6 candidates rated 6.5
// removing 3 from r4c5, r6c5, r8c5, r8c9 (ER 6.6 from a later X-chain); a
// bidirectional cycle rated 7.0 removing 2 from r7c2, r7c3, r9c2 (ER 7.0);
// Y-cycles up to 6.8 (ER 6.8). The default ladder has no cycle rule.
TEST(SeLadderTest, FindsSudokuExplainersCycles) {
  auto se = StepSolver::Create(kSeLadderName, DeductionOptions{});
  ASSERT_OK(se);
  struct Case {
    const char* puzzle;
    double er;
    const char* cycle;
    double cycle_rating;
    std::vector<CellDigit> elims;  // of the first step of that technique
  };
  const Case cases[] = {
      {"12.4.67......8....7.9......2..........4.91352..8.....73..5..641..7.."
       "....8..6.2...",
       6.6,
       "x_cycle",
       6.5,
       {{3 * 9 + 4, 3}, {5 * 9 + 4, 3}, {7 * 9 + 4, 3}, {7 * 9 + 8, 3}}},
      {"1...5....4.......3..8..2.6..1....9..5...478.6..79154.......1...86..7"
       "..9......865.",
       7.0,
       "bidirectional_cycle",
       7.0,
       {{6 * 9 + 1, 2}, {6 * 9 + 2, 2}, {8 * 9 + 1, 2}}},
      {"1...5....4.6.8.....9.1..56....5...166..3...5.........7.72..4.9.....2"
       "....9......31",
       6.8,
       "y_cycle",
       6.7,
       {{3 * 9 + 1, 3}, {5 * 9 + 4, 4}, {5 * 9 + 6, 4}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.puzzle);
    auto grid = ParseGrid(c.puzzle);
    ASSERT_OK(grid);
    const Explanation e = (*se)->Explain(*grid);
    EXPECT_TRUE(e.solved_by_logic);
    EXPECT_DOUBLE_EQ(e.ratings.er, c.er);
    const Deduction* first = nullptr;
    for (const Deduction& d : e.steps) {
      if (d.technique == c.cycle) {
        first = &d;
        break;
      }
    }
    ASSERT_NE(first, nullptr);
    EXPECT_DOUBLE_EQ(first->rating, c.cycle_rating);
    EXPECT_EQ(first->eliminations, c.elims);
  }
}

// Sudoku Explainer's Nishio forcing chains with their length bonus, from
// se-steps.sh on three cbg000 puzzles: the ratings of SE's Nishio steps in
// order (r8c2<>3 at 7.7; r9c9<>2 at 7.8 then r8c6<>2 at 7.7; r5c6<>1 at
// 7.8), each the puzzle's ER. The template rule would say 7.5.
TEST(SeLadderTest, RatesNishioChainsAsSudokuExplainerDoes) {
  auto se = StepSolver::Create(kSeLadderName, DeductionOptions{});
  ASSERT_OK(se);
  struct Case {
    const char* puzzle;
    std::vector<CellDigit> elims;
    std::vector<double> ratings;
  };
  const Case cases[] = {
      {".23..6...4571....6.8...7.5....6..9.5...8...6...6.251.....798.....5.4"
       "...7.......2.",
       {{7 * 9 + 1, 3}},
       {7.7}},
      {"12.4...89..7.....6..92..1......97...5.....6...3.51...8..4.68..18...4"
       "..6....3.....",
       {{8 * 9 + 8, 2}, {7 * 9 + 5, 2}},
       {7.8, 7.7}},
      {"..34.6....5...92....932...5..4...8633.58..9...7.......54.....98.18.."
       "....9......7.",
       {{4 * 9 + 5, 1}},
       {7.8}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.puzzle);
    auto grid = ParseGrid(c.puzzle);
    ASSERT_OK(grid);
    const Explanation e = (*se)->Explain(*grid);
    EXPECT_TRUE(e.solved_by_logic);
    std::vector<CellDigit> elims;
    std::vector<double> ratings;
    for (const Deduction& d : e.steps) {
      if (d.technique != "nishio_chain") continue;
      ASSERT_EQ(d.eliminations.size(), 1u);
      elims.push_back(d.eliminations[0]);
      ratings.push_back(d.rating);
    }
    EXPECT_EQ(elims, c.elims);
    EXPECT_EQ(ratings, c.ratings);
    EXPECT_DOUBLE_EQ(e.ratings.er, c.ratings.front());
  }
}

}  // namespace
}  // namespace sudoku
