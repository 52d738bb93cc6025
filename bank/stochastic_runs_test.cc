#include "bank/stochastic_runs.h"

#include <memory>
#include <string>

#include "core/format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku::bank {
namespace {

using ::sudoku::testing::StatusIs;
using ::testing::HasSubstr;

constexpr char kEasy[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5"
    "....8..79";

TEST(StochasticRunsTest, MakesSolversAndRejectsBadParameters) {
  EXPECT_TRUE(IsStochasticSolverName("anneal"));
  EXPECT_FALSE(IsStochasticSolverName("backtrack"));
  EXPECT_OK(MakeStochasticRunner("entropy", "", "D").status());
  EXPECT_THAT(MakeStochasticRunner("anneal", "", "D").status(),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MakeStochasticRunner("entropy", "variant=C", "D").status(),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MakeStochasticRunner("anneal", "alpha", "").status(),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MakeStochasticRunner("nope", "", "").status(),
              StatusIs(absl::StatusCode::kNotFound));
}

// The same seed gives the same runs; a solved run's grid is the solution.
TEST(StochasticRunsTest, RunsAreReproducibleAndChecked) {
  auto solver = MakeStochasticRunner("anneal", "", "");
  ASSERT_OK(solver);
  const Grid puzzle = *ParseGrid(kEasy);
  StochasticRunSpec spec;
  spec.runs = 3;
  spec.seed = 7;
  spec.budget.max_iterations = 200000;
  const StochasticSolveOutput a = RunStochastic(**solver, puzzle, spec);
  const StochasticSolveOutput b = RunStochastic(**solver, puzzle, spec);
  EXPECT_EQ(a.solver(), "anneal");
  EXPECT_EQ(a.runs(), 3u);
  EXPECT_EQ(a.successes(), b.successes());
  EXPECT_EQ(a.median_iterations(), b.median_iterations());
  EXPECT_EQ(a.solution(), b.solution());
  ASSERT_GT(a.successes(), 0u);
  EXPECT_TRUE(IsValidSolution(puzzle, *ParseGrid(a.solution())));
  EXPECT_EQ(a.success_rate(), a.successes() / 3.0);
}

TEST(StochasticRunsTest, SoftPuzzlesNeedARelaxationSolverAndGoodLines) {
  auto anneal = MakeStochasticRunner("anneal", "", "");
  auto projection = MakeStochasticRunner("projection", "", "");
  ASSERT_OK(anneal);
  ASSERT_OK(projection);
  EXPECT_FALSE(SolvesSoftPuzzles(**anneal));
  EXPECT_TRUE(SolvesSoftPuzzles(**projection));
  auto soft = ParseSoftText(std::string("# comment\n") + kEasy + "\n", nullptr);
  ASSERT_OK(soft);
  ASSERT_EQ(soft->size(), 1u);
  EXPECT_THAT(RunSoft(**anneal, (*soft)[0], {}).status(),
              StatusIs(absl::StatusCode::kInvalidArgument));
  auto out = RunSoft(**projection, (*soft)[0], {});
  ASSERT_OK(out);
  EXPECT_EQ(out->exact_solutions(), 1u);
  EXPECT_THAT(ParseSoftText("\n{\"puzzle\": 3}\n", nullptr).status().message(),
              HasSubstr("line 2"));
}

}  // namespace
}  // namespace sudoku::bank
