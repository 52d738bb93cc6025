// Ratings do not depend on how a puzzle is written: every isomorph of a
// puzzle (digits relabelled, rows and columns permuted within bands and
// stacks, bands and stacks permuted, transposed) gets the same rating, and
// the explanation handed back names the cells and digits of the puzzle as
// the user wrote it.
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rater/players.h"
#include "rater/rater.h"
#include "rater/test_options.h"
#include "tests/testing/paths.h"
#include "tests/testing/puzzles.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::testing::HasSubstr;

std::vector<Grid> LoadPuzzles() {
  return ::sudoku::testing::LoadTestPuzzles("isomorph_puzzles.txt");
}

// Every feature, the score and the level.
void ExpectSameRating(const RatingResult& a, const RatingResult& b,
                      const std::string& what) {
  const RatingFeatures& x = a.features;
  const RatingFeatures& y = b.features;
  EXPECT_EQ(a.status, b.status) << what;
  EXPECT_EQ(a.score, b.score) << what;
  EXPECT_EQ(a.level, b.level) << what;
  EXPECT_EQ(x.clues, y.clues) << what;
  EXPECT_EQ(x.empty_cells, y.empty_cells) << what;
  EXPECT_EQ(x.er, y.er) << what;
  EXPECT_EQ(x.ep, y.ep) << what;
  EXPECT_EQ(x.ed, y.ed) << what;
  EXPECT_EQ(x.hardest_technique, y.hardest_technique) << what;
  EXPECT_EQ(x.technique_counts, y.technique_counts) << what;
  EXPECT_EQ(x.steps, y.steps) << what;
  EXPECT_EQ(x.steps_above_singles, y.steps_above_singles) << what;
  EXPECT_EQ(x.solved_by_logic, y.solved_by_logic) << what;
  EXPECT_EQ(x.deduction_guesses, y.deduction_guesses) << what;
  EXPECT_EQ(x.search_effort, y.search_effort) << what;
  EXPECT_EQ(x.player_effort, y.player_effort) << what;
  EXPECT_EQ(x.technique_effort, y.technique_effort) << what;
  EXPECT_EQ(x.solver_nodes, y.solver_nodes) << what;
  EXPECT_EQ(x.solver_guesses, y.solver_guesses) << what;
  EXPECT_EQ(x.stochastic_success, y.stochastic_success) << what;
  EXPECT_EQ(x.stochastic_median_iterations, y.stochastic_median_iterations)
      << what;
  EXPECT_EQ(x.stochastic_seed, y.stochastic_seed) << what;
}

// The rating's solution and walk-through belong to `puzzle` as written:
// the solution solves it, and replaying the steps on its board places the
// solution's digits and never removes one, ending on the solution. A single
// names the cell it fills and the digit.
void ExpectNamesTheUsersCells(const Grid& puzzle, const RatingResult& r,
                              const std::string& what) {
  ASSERT_EQ(r.solutions.size(), 1u) << what;
  const Grid& solution = r.solutions[0];
  EXPECT_TRUE(IsValidSolution(puzzle, solution)) << what;
  ASSERT_NE(r.explanation, nullptr) << what;
  const Shape& shape = puzzle.shape();
  absl::StatusOr<Board> board = Board::FromGrid(puzzle);
  ASSERT_TRUE(board.ok()) << what;
  for (const Deduction& d : r.explanation->steps) {
    for (const CellDigit& p : d.placements) {
      EXPECT_EQ(solution[p.cell], p.digit) << what << ": " << d.text;
      if (IsSingleTechnique(d.technique)) {
        EXPECT_THAT(d.text, HasSubstr(shape.CellName(p.cell))) << what;
        EXPECT_THAT(d.text, HasSubstr(std::string(1, shape.Symbol(p.digit))))
            << what;
      }
    }
    for (const CellDigit& x : d.eliminations)
      EXPECT_NE(solution[x.cell], x.digit) << what << ": " << d.text;
    ASSERT_TRUE(ApplyDeduction(d, &*board)) << what << ": " << d.text;
  }
  if (r.explanation->status == ExplainStatus::kSolved) {
    EXPECT_EQ(board->grid(), solution) << what;
    EXPECT_EQ(r.explanation->final_grid, solution) << what;
  }
}

// 1,000 isomorph pairs (a puzzle and a random isomorph of it) without the
// stochastic solvers, which cost about 25 times a rating; the test below
// runs them on a few pairs.
TEST(IsomorphTest, IsomorphPairsGetTheSameRating) {
  const std::vector<Grid> puzzles = LoadPuzzles();
  ASSERT_GE(puzzles.size(), 100u);
  RaterOptions options;
  options.stochastic = StochasticUse::kNever;
  absl::StatusOr<std::unique_ptr<Rater>> rater = Rater::Create(options);
  ASSERT_OK(rater);
  Rng rng(16);
  constexpr int kPairs = 1000;
  int pairs = 0;
  for (size_t i = 0; i < puzzles.size(); ++i) {
    const Grid& puzzle = puzzles[i];
    const RatingResult base = (*rater)->Rate(puzzle);
    ASSERT_EQ(base.status, RateStatus::kRated) << ToLine(puzzle);
    ExpectNamesTheUsersCells(puzzle, base, ToLine(puzzle));
    // Spread the pairs evenly over the puzzles.
    const int quota = static_cast<int>((i + 1) * kPairs / puzzles.size()) -
                      static_cast<int>(i * kPairs / puzzles.size());
    for (int k = 0; k < quota; ++k, ++pairs) {
      const GridTransform t = RandomTransform(puzzle.shape(), rng);
      const Grid iso = t.Apply(puzzle);
      const std::string what = ToLine(puzzle) + " vs " + ToLine(iso);
      const RatingResult r = (*rater)->Rate(iso);
      ExpectSameRating(base, r, what);
      ASSERT_EQ(r.solutions.size(), 1u) << what;
      EXPECT_EQ(r.solutions[0], t.Apply(base.solutions[0])) << what;
      ExpectNamesTheUsersCells(iso, r, what);
    }
  }
  EXPECT_EQ(pairs, kPairs);
}

TEST(IsomorphTest, StochasticFiguresAreTheSameForIsomorphs) {
  const std::vector<Grid> puzzles = LoadPuzzles();
  absl::StatusOr<std::unique_ptr<Rater>> rater =
      Rater::Create(::sudoku::testing::SmallStochasticOptions());
  ASSERT_OK(rater);
  Rng rng(5);
  for (size_t i = 0; i < puzzles.size(); i += puzzles.size() / 4) {
    const Grid iso = RandomIsomorph(puzzles[i], rng);
    const RatingResult a = (*rater)->Rate(puzzles[i]);
    const RatingResult b = (*rater)->Rate(iso);
    EXPECT_EQ(a.features.stochastic_success.size(), 5u);
    ExpectSameRating(a, b, ToLine(puzzles[i]) + " vs " + ToLine(iso));
    ExpectNamesTheUsersCells(iso, b, ToLine(iso));
  }
}

TEST(IsomorphTest, OtherShapesToo) {
  // 4x4, 6x6 (2x3 boxes: no transposition), 8x8 (2x4) and 12x12 (3x4)
  // puzzles with one solution each (tests/data/puzzles.txt).
  RaterOptions options;
  options.stochastic = StochasticUse::kNever;
  absl::StatusOr<std::unique_ptr<Rater>> rater = Rater::Create(options);
  ASSERT_OK(rater);
  Rng rng(8);
  for (const char* text :
       {".....3.4.4..1...", "...21......4..6...3..4.2.2...1.6.3..",
        ".....64.7...1....8...5.7..36........43...1.8.7......5....2.18...",
        "...2.1CB.A7..C...2.4.....3.8....B..6.B4..965.......A...3...9....7....6"
        "..2..3....7.B.645B..A....2.......8...C..8......4A5....8.B9.3C.5......."
        "...."}) {
    absl::StatusOr<Grid> puzzle = ParseGrid(text);
    ASSERT_OK(puzzle);
    const RatingResult base = (*rater)->Rate(*puzzle);
    ASSERT_EQ(base.status, RateStatus::kRated) << text;
    for (int k = 0; k < 5; ++k) {
      const Grid iso = RandomIsomorph(*puzzle, rng);
      const RatingResult r = (*rater)->Rate(iso);
      ExpectSameRating(base, r, ToLine(iso));
      ExpectNamesTheUsersCells(iso, r, ToLine(iso));
    }
  }
}

TEST(IsomorphTest, PuzzlesWithoutOneSolutionKeepTheirOwnSolutions) {
  auto rater = Rater::Create({});
  ASSERT_OK(rater);
  // A near-empty 16x16 grid (its canonical form would be expensive): many
  // solutions, two of which come back as solutions of the grid as written.
  Grid sparse(Shape::GetOrDie(4, 4));
  sparse.set(0, 1);
  sparse.set(17, 2);
  const RatingResult r = (*rater)->Rate(sparse);
  EXPECT_EQ(r.status, RateStatus::kMultipleSolutions);
  ASSERT_EQ(r.solutions.size(), 2u);
  for (const Grid& s : r.solutions) EXPECT_TRUE(IsValidSolution(sparse, s));
}

}  // namespace
}  // namespace sudoku
