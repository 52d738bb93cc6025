#include "generator/generator.h"

#include "core/format.h"
#include "core/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "solvers/classic_kernel.h"
#include "solvers/random_solution.h"
#include "solvers/solver.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

// Uniqueness checked by the other exact solver than the generator's.
int CountWithDlx(const Grid& puzzle) {
  auto dlx = MakeSolver("dlx");
  SolveLimits limits;
  limits.max_solutions = 2;
  return (*dlx)->Solve(puzzle, limits).num_solutions;
}

// Minimal by an independent counter: removing any one clue leaves several
// solutions (Dancing Links, not the generator's own search).
bool IsMinimalByDlx(const Grid& puzzle) {
  Grid probe = puzzle;
  for (int cell = 0; cell < puzzle.num_cells(); ++cell) {
    const int d = puzzle[cell];
    if (d == 0) continue;
    probe.set(cell, 0);
    const int count = CountWithDlx(probe);
    probe.set(cell, d);
    if (count < 2) return false;
  }
  return true;
}

struct Case {
  int r, c;
  Symmetry symmetry;
  int count;
};

class GeneratorShapeTest : public ::testing::TestWithParam<Case> {};

TEST_P(GeneratorShapeTest, PuzzlesAreUniqueMinimalAndSymmetric) {
  const Case& tc = GetParam();
  GeneratorOptions options;
  options.shape = &Shape::GetOrDie(tc.r, tc.c);
  options.symmetry = tc.symmetry;
  ASSERT_OK(options.Validate());
  Generator generator(options);
  for (int i = 0; i < tc.count; ++i) {
    std::optional<GeneratedPuzzle> p =
        generator.Generate(1000 + static_cast<uint64_t>(i));
    ASSERT_TRUE(p.has_value());
    SCOPED_TRACE(ToLine(p->puzzle));
    EXPECT_TRUE(IsValidSolution(p->puzzle, p->solution));
    EXPECT_EQ(CountWithDlx(p->puzzle), 1);
    EXPECT_TRUE(HasSymmetricPattern(p->puzzle, tc.symmetry));
    if (tc.symmetry == Symmetry::kNone) {
      EXPECT_TRUE(IsMinimalByDlx(p->puzzle));
      EXPECT_TRUE(generator.IsMinimal(p->puzzle));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, GeneratorShapeTest,
                         ::testing::Values(Case{2, 2, Symmetry::kNone, 20},
                                           Case{2, 3, Symmetry::kNone, 20},
                                           Case{3, 2, Symmetry::kRotate180, 10},
                                           Case{3, 3, Symmetry::kNone, 20},
                                           Case{3, 3, Symmetry::kRotate180, 10},
                                           Case{3, 3, Symmetry::kDihedral, 5},
                                           Case{3, 3, Symmetry::kDiagonal, 5},
                                           Case{3, 4, Symmetry::kNone, 2}));

TEST(GeneratorTest, SameSeedSamePuzzle) {
  Generator a({}), b({});
  auto pa = a.Generate(42), pb = b.Generate(42), pc = a.Generate(43);
  ASSERT_TRUE(pa && pb && pc);
  EXPECT_EQ(pa->puzzle, pb->puzzle);
  EXPECT_NE(pa->puzzle, pc->puzzle);
}

TEST(GeneratorTest, MinCluesStopsRemovalEarly) {
  GeneratorOptions options;
  options.minimal = false;
  options.min_clues = 40;
  Generator g(options);
  auto p = g.Generate(7);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->puzzle.NumFilled(), 40);
  EXPECT_EQ(CountWithDlx(p->puzzle), 1);
}

TEST(GeneratorTest, JudgeSteersAndBisects) {
  GeneratorOptions options;
  Generator g(options);
  // "Hard" here means fewer than 35 clues: the bisection must find an
  // intermediate puzzle of the removal sequence with 35..40 clues.
  Judge judge = [](const Grid& puzzle, const Grid&) {
    const int clues = puzzle.NumFilled();
    if (clues > 40) return Verdict::kTooEasy;
    if (clues < 35) return Verdict::kTooHard;
    return Verdict::kAccept;
  };
  auto p = g.Generate(9, judge);
  ASSERT_TRUE(p);
  EXPECT_GE(p->puzzle.NumFilled(), 35);
  EXPECT_LE(p->puzzle.NumFilled(), 40);
  EXPECT_EQ(CountWithDlx(p->puzzle), 1);
  EXPECT_GE(p->judged, 2);
}

TEST(GeneratorTest, BackOffKeepsTheFewestCluesInTheBand) {
  GeneratorOptions options;
  Generator g(options);
  // Without symmetry each removal takes one clue, so the removal sequence
  // passes through every count from 81 down to the minimal puzzle's: the
  // accepted puzzle with the fewest clues has exactly 35.
  auto p = g.Generate(9, [](const Grid& puzzle, const Grid&) {
    const int clues = puzzle.NumFilled();
    if (clues > 40) return Verdict::kTooEasy;
    if (clues < 35) return Verdict::kTooHard;
    return Verdict::kAccept;
  });
  ASSERT_TRUE(p);
  EXPECT_EQ(p->puzzle.NumFilled(), 35);
}

TEST(GeneratorTest, BackOffPicksThePuzzleNearestThePreference) {
  GeneratorOptions options;
  Generator g(options);
  // Band 30..60 clues, preferred 45 (offset > 0: harder, i.e. fewer clues).
  for (uint64_t seed : {9u, 10u, 11u}) {
    auto p = g.Generate(seed, [](const Grid& puzzle, const Grid&) -> Judgement {
      const int clues = puzzle.NumFilled();
      if (clues > 60) return Verdict::kTooEasy;
      if (clues < 30) return Verdict::kTooHard;
      return Judgement(Verdict::kAccept, 45.0 - clues);
    });
    ASSERT_TRUE(p);
    EXPECT_EQ(p->puzzle.NumFilled(), 45) << "seed " << seed;
    EXPECT_EQ(CountWithDlx(p->puzzle), 1);
  }
}

TEST(GeneratorTest, StrictMinimalNeverBacksOff) {
  GeneratorOptions options;
  options.allow_backoff = false;
  options.max_attempts = 5;
  Generator g(options);
  // Minimal 9x9 puzzles have at most ~40 clues: "too hard" below 60 clues
  // cannot be met without backing off.
  auto p = g.Generate(3, [](const Grid& puzzle, const Grid&) {
    return puzzle.NumFilled() < 60 ? Verdict::kTooHard : Verdict::kAccept;
  });
  EXPECT_FALSE(p.has_value());
}

TEST(GeneratorTest, GivesUpAfterMaxAttempts) {
  GeneratorOptions options;
  options.max_attempts = 3;
  Generator g(options);
  auto p =
      g.Generate(5, [](const Grid&, const Grid&) { return Verdict::kTooEasy; });
  EXPECT_FALSE(p.has_value());
}

TEST(GeneratorTest, ValidateRejectsContradictoryBounds) {
  GeneratorOptions options;
  options.min_clues = 30;
  options.max_clues = 25;
  EXPECT_FALSE(options.Validate().ok());
  options.min_clues = 100;
  options.max_clues = 0;
  EXPECT_FALSE(options.Validate().ok());
}

// The generator's 9x9 uniqueness test (a search that excludes the known
// solution on the removed cells) agrees with counting to 2 (by DLX) on
// every step of random removal sequences, kept and refused, with single
// cells and with symmetric groups of 2 and 4.
TEST(GeneratorTest, ExclusionSearchAgreesWithCountingToTwo) {
  ClassicKernel kernel;
  Rng rng(2026);
  int refused = 0, kept = 0;
  for (int trial = 0; trial < 12; ++trial) {
    const Grid solution = RandomSolution(Shape::Classic(), rng());
    const Symmetry symmetry = trial % 3 == 0   ? Symmetry::kNone
                              : trial % 3 == 1 ? Symmetry::kRotate180
                                               : Symmetry::kBothMirrors;
    std::vector<std::vector<int>> orbits =
        SymmetryOrbits(Shape::Classic(), symmetry);
    Shuffle(rng, orbits.begin(), orbits.end());
    Grid puzzle = solution;
    for (const std::vector<int>& orbit : orbits) {
      for (int cell : orbit) puzzle.set(cell, 0);
      const bool differs = kernel.HasSolutionDifferingAt(
          puzzle, solution, orbit.data(), static_cast<int>(orbit.size()));
      ASSERT_EQ(differs, CountWithDlx(puzzle) > 1) << ToLine(puzzle);
      if (differs) {
        ++refused;
        for (int cell : orbit) puzzle.set(cell, solution[cell]);
      } else {
        ++kept;
      }
    }
  }
  EXPECT_GT(refused, 100);
  EXPECT_GT(kept, 100);
}

}  // namespace
}  // namespace sudoku
