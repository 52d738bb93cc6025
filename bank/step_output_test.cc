// explain and hint walk a puzzle's canonical form and map the steps back,
// as the rater does: every isomorph gets the same steps (mapped) and the
// same ER/EP/ED as `rate --explain`.
#include "bank/step_output.h"

#include <memory>
#include <string>
#include <vector>

#include "bank/hint.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/rng.h"
#include "deduction/transform.h"
#include "gtest/gtest.h"
#include "rater/rater.h"
#include "tests/testing/puzzles.h"
#include "tests/testing/status_matchers.h"

namespace sudoku::bank {
namespace {

std::unique_ptr<StepSolver> RaterLadder() {
  DeductionOptions options;
  options.allow_uniqueness = true;
  options.allow_guessing = true;
  auto solver = StepSolver::Create("", options);
  EXPECT_TRUE(solver.ok()) << solver.status();
  return solver.ok() ? *std::move(solver) : nullptr;
}

std::vector<std::string> Texts(const ExplainOutput& out) {
  std::vector<std::string> texts;
  for (const StepOutput& s : out.steps()) texts.push_back(s.text());
  return texts;
}

// The pair of issue 16 (one canonical key; the walks as written differ)
// and random isomorphs of the test puzzles.
// Every verdict of the step solver has its word in ExplainOutput.Status
// (README "Verdict words"), and it is the one the name promises.
TEST(StepOutputTest, EveryExplainStatusHasItsJsonWord) {
  for (ExplainStatus status :
       {ExplainStatus::kSolved, ExplainStatus::kStuck,
        ExplainStatus::kNoSolution, ExplainStatus::kMultipleSolutions,
        ExplainStatus::kOutOfTime, ExplainStatus::kBudgetExceeded}) {
    const ExplainOutput::Status out = ExplainOutputStatus(status);
    EXPECT_NE(out, ExplainOutput::STATUS_UNSPECIFIED)
        << ExplainStatusName(status);
    EXPECT_EQ(ExplainOutput::Status_Name(out), ExplainStatusName(status));
  }
  EXPECT_EQ(ExplainOutputStatus(ExplainStatus::kMultipleSolutions),
            ExplainOutput::MULTIPLE);
  EXPECT_EQ(ExplainOutputStatus(ExplainStatus::kNoSolution),
            ExplainOutput::NONE);
}

TEST(StepOutputTest, ExplainIsTheSameOnIsomorphsAndEqualsTheRaters) {
  std::vector<std::pair<Grid, Grid>> pairs;
  pairs.emplace_back(
      *ParseGrid(
          "8.5.....2...9.1...3.........6.7..4..2...5...........6....38....."
          "4....7...1.....9."),
      *ParseGrid(
          "...8....3.1.4...7..6...........69.2.8.4.....53............1.2..."
          "....7.9.5........"));
  Rng rng(22);
  std::vector<Grid> puzzles =
      ::sudoku::testing::LoadTestPuzzles("isomorph_puzzles.txt");
  ASSERT_GE(puzzles.size(), 20u);
  puzzles.erase(puzzles.begin() + 20, puzzles.end());
  std::vector<GridTransform> transforms;
  for (const Grid& p : puzzles) {
    transforms.push_back(RandomTransform(p.shape(), rng));
    pairs.emplace_back(p, transforms.back().Apply(p));
  }
  const std::unique_ptr<StepSolver> solver = RaterLadder();
  RaterOptions rater_options;
  rater_options.stochastic = StochasticUse::kNever;
  auto rater = Rater::Create(rater_options);
  ASSERT_OK(rater);
  for (size_t i = 0; i < pairs.size(); ++i) {
    const auto& [a, b] = pairs[i];
    const std::string what = ToLine(a) + " vs " + ToLine(b);
    const ExplainOutput ea = ExplainToOutput(*solver, a);
    const ExplainOutput eb = ExplainToOutput(*solver, b);
    ASSERT_EQ(ea.status(), ExplainOutput::SOLVED) << what;
    EXPECT_EQ(ea.er(), eb.er()) << what;
    EXPECT_EQ(ea.ep(), eb.ep()) << what;
    EXPECT_EQ(ea.ed(), eb.ed()) << what;
    ASSERT_EQ(ea.steps_size(), eb.steps_size()) << what;
    for (int k = 0; k < ea.steps_size(); ++k) {
      EXPECT_EQ(ea.steps(k).technique(), eb.steps(k).technique()) << what;
      EXPECT_EQ(ea.steps(k).rating(), eb.steps(k).rating()) << what;
    }
    // The steps name the cells as written: the final grid is the solution
    // of the puzzle as given, and for a known transform the texts map.
    EXPECT_TRUE(IsValidSolution(a, *ParseGrid(ea.final_grid()))) << what;
    EXPECT_TRUE(IsValidSolution(b, *ParseGrid(eb.final_grid()))) << what;
    if (i > 0) {
      const GridTransform& t = transforms[i - 1];
      for (int k = 0; k < ea.steps_size(); ++k) {
        EXPECT_EQ(TransformStepText(ea.steps(k).text(), t), eb.steps(k).text())
            << what << " step " << k + 1;
      }
    }
    // rate --explain's walk is the same walk.
    const RatingResult rated = (*rater)->Rate(b);
    ASSERT_NE(rated.explanation, nullptr) << what;
    EXPECT_EQ(rated.features.er, eb.er()) << what;
    ExplainOutput from_rater;
    for (const Deduction& d : rated.explanation->steps)
      *from_rater.add_steps() = ToStepOutput(d, b.shape());
    EXPECT_EQ(Texts(from_rater), Texts(eb)) << what;
  }
}

TEST(StepOutputTest, HintGivesTheSameStepOnIsomorphs) {
  const std::unique_ptr<StepSolver> solver = RaterLadder();
  Rng rng(5);
  const Grid puzzle = *ParseGrid(::sudoku::testing::kHardPuzzle);
  const HintOutput base = Hint(*solver, puzzle, "", "");
  ASSERT_EQ(base.status(), HintOutput::STEP);
  for (int k = 0; k < 10; ++k) {
    const GridTransform t = RandomTransform(puzzle.shape(), rng);
    const HintOutput iso = Hint(*solver, t.Apply(puzzle), "", "");
    ASSERT_EQ(iso.status(), HintOutput::STEP);
    EXPECT_EQ(iso.step().technique(), base.step().technique());
    EXPECT_EQ(iso.text(), TransformStepText(base.text(), t));
  }
}

}  // namespace
}  // namespace sudoku::bank
