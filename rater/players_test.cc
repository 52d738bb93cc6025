#include "rater/players.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/rng.h"
#include "deduction/step_solver.h"
#include "gtest/gtest.h"
#include "rater/calibration.h"
#include "tests/testing/paths.h"

namespace sudoku {
namespace {

// The puzzles of a rated TSV sample in tests/data.
std::vector<Grid> SamplePuzzles(const std::string& file) {
  std::ifstream in(sudoku::testing::SourceDir() + "/tests/data/" + file);
  std::stringstream text;
  text << in.rdbuf();
  absl::StatusOr<RatedFile> rated = ParseRatedTsv(text.str());
  EXPECT_TRUE(rated.ok()) << rated.status();
  std::vector<Grid> puzzles;
  if (!rated.ok()) return puzzles;
  for (const RatedRow& row : rated->rows) {
    absl::StatusOr<Grid> grid = ParseGrid(row.puzzle);
    EXPECT_TRUE(grid.ok()) << row.puzzle;
    if (grid.ok()) puzzles.push_back(*grid);
  }
  return puzzles;
}

Explanation Explain(const Grid& puzzle) {
  DeductionOptions options;
  options.allow_guessing = true;
  absl::StatusOr<std::unique_ptr<StepSolver>> solver =
      StepSolver::Create("", options);
  EXPECT_TRUE(solver.ok()) << solver.status();
  return (*solver)->Explain(puzzle);
}

bool HasNonSingleStep(const Explanation& e) {
  for (const Deduction& step : e.steps) {
    if (!IsSingleTechnique(step.technique)) return true;
  }
  return false;
}

TEST(PlayersTest, NineByNineKernelWalksTheGenericPaths) {
  // QQWing's four levels: singles-only puzzles and ones that need pointing,
  // subsets, wings and chains (the replayed steps).
  const PlayerModelOptions options;
  int with_techniques = 0;
  for (const Grid& puzzle : SamplePuzzles("rated_qqwing_sample.tsv")) {
    const Explanation e = Explain(puzzle);
    with_techniques += HasNonSingleStep(e) ? 1 : 0;
    const double kernel = PlayerEffort(puzzle, e, options, 7);
    EXPECT_GT(kernel, 0) << ToLine(puzzle);
    // The same integer visibilities and draws: the same paths, so equal
    // to the last bit.
    EXPECT_EQ(kernel, PlayerEffortGeneric(puzzle, e, options, 7))
        << ToLine(puzzle);
  }
  EXPECT_GT(with_techniques, 10);
}

TEST(PlayersTest, OneEmptyCellCostsItsVisibility) {
  // The last empty cell is a full house of its row, column and box (3 x 10
  // tenths) and a naked single (1): one position costing 1 / 3.1.
  const std::string solved =
      "534678912672195348198342567859761423426853791713924856961537284287419635"
      "345286179";
  std::string puzzle = solved;
  puzzle[40] = '.';
  const Grid grid = *ParseGrid(puzzle);
  const Explanation e = Explain(grid);
  EXPECT_DOUBLE_EQ(PlayerEffort(grid, e, {}, 1), 10.0 / 31);
  EXPECT_DOUBLE_EQ(PlayerEffortGeneric(grid, e, {}, 1), 10.0 / 31);
}

TEST(PlayersTest, SameSeedSameEffortAndPlayersVary) {
  const Grid puzzle = SamplePuzzles("rated_andoku_sample.tsv").front();
  const Explanation e = Explain(puzzle);
  PlayerModelOptions one;
  one.players = 1;
  EXPECT_EQ(PlayerEffort(puzzle, e, one, 3), PlayerEffort(puzzle, e, one, 3));
  // Different seeds walk different paths, hence different costs.
  std::vector<double> seen;
  for (uint64_t seed = 0; seed < 8; ++seed)
    seen.push_back(PlayerEffort(puzzle, e, one, seed));
  std::sort(seen.begin(), seen.end());
  EXPECT_LT(seen.front(), seen.back());
}

TEST(PlayersTest, TechniqueSlopeChargesOnlyTheStepsAboveSingles) {
  PlayerModelOptions flat;
  flat.technique_slope = 0;
  const PlayerModelOptions steep;  // the default slope
  int charged = 0;
  for (const Grid& puzzle : SamplePuzzles("rated_qqwing_sample.tsv")) {
    const Explanation e = Explain(puzzle);
    const double a = PlayerEffort(puzzle, e, flat, 5);
    const double b = PlayerEffort(puzzle, e, steep, 5);
    if (!HasNonSingleStep(e)) {
      EXPECT_EQ(b, a) << ToLine(puzzle);
    } else {
      // A player who spots a naked single where the trace took a direct
      // technique (rated below 2.3) never needs the step, and pays nothing.
      EXPECT_GE(b, a) << ToLine(puzzle);
      charged += b > a ? 1 : 0;
    }
  }
  EXPECT_GT(charged, 10);
}

TEST(PlayersTest, FewerVisibleMovesCostMore) {
  // Naked singles seen more easily: the same puzzles cost less.
  PlayerModelOptions keen;
  keen.naked_visibility = 10;
  const std::vector<Grid> puzzles = SamplePuzzles("rated_andoku_sample.tsv");
  ASSERT_FALSE(puzzles.empty());
  int cheaper = 0;  // puzzles strictly cheaper for the keen players
  for (const Grid& puzzle : puzzles) {
    const Explanation e = Explain(puzzle);
    const double keen_effort = PlayerEffort(puzzle, e, keen, 9);
    const double effort = PlayerEffort(puzzle, e, {}, 9);
    EXPECT_LE(keen_effort, effort * 1.0001) << ToLine(puzzle);
    if (keen_effort < effort * 0.999) ++cheaper;
  }
  // An ignored visibility option would leave every effort unchanged.
  EXPECT_GT(cheaper, 0);
}

TEST(PlayersTest, OtherShapesWalkToTheEnd) {
  for (const char* line :
       {".2......4.3....1", "...21......4..6...3..4.2.2...1.6.3..",
        ".5..1.2.......4C3...5...92.6.....B....8....2..9.7C9...5.B3A.5..A......"
        "C......B...285..7.6..9C"
        "...A.C.................A....1A.49B....7..5....C2.69"}) {
    absl::StatusOr<Grid> grid = ParseGrid(line);
    ASSERT_TRUE(grid.ok()) << grid.status();
    const Explanation e = Explain(*grid);
    const double effort = PlayerEffort(*grid, e, {}, 2);
    EXPECT_GT(effort, 0) << line;
    EXPECT_TRUE(std::isfinite(effort)) << line;
  }
}

TEST(PlayersTest, MorePlayersBringIsomorphsCloser) {
  // The draws follow cell order, so an isomorph walks other paths (and its
  // trace may take other steps); averaging over players narrows the gap.
  PlayerModelOptions one;
  one.players = 1;
  const PlayerModelOptions many;
  std::vector<double> gap_one, gap_many;
  Rng rng(11);
  for (const Grid& puzzle : SamplePuzzles("rated_andoku_sample.tsv")) {
    const Grid disguised = RandomIsomorph(puzzle, rng);
    const Explanation e = Explain(puzzle), d = Explain(disguised);
    gap_one.push_back(std::abs(std::log(PlayerEffort(puzzle, e, one, 4)) -
                               std::log(PlayerEffort(disguised, d, one, 4))));
    gap_many.push_back(std::abs(std::log(PlayerEffort(puzzle, e, many, 4)) -
                                std::log(PlayerEffort(disguised, d, many, 4))));
  }
  std::sort(gap_one.begin(), gap_one.end());
  std::sort(gap_many.begin(), gap_many.end());
  const size_t mid = gap_one.size() / 2;
  EXPECT_LT(gap_many[mid], gap_one[mid]);
  EXPECT_LT(gap_many[mid], 0.1);
}

}  // namespace
}  // namespace sudoku
