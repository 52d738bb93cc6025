#include "rater/rater.h"

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rater/calibration.h"
#include "rater/solver_features.h"
#include "rater/test_options.h"
#include "solvers/solver.h"
#include "solvers/stochastic_registry.h"
#include "tests/testing/paths.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::StatusIs;

constexpr char kWiki[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.."
    "..8..79";

TEST(RaterTest, LevelNamesRoundTrip) {
  for (const std::string& name : LevelNames()) {
    absl::StatusOr<Level> level = ParseLevel(name);
    ASSERT_OK(level);
    EXPECT_EQ(LevelName(*level), name);
  }
  EXPECT_THAT(ParseLevel("diabolical"),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(RaterTest, RatesAUniquePuzzle) {
  auto rater = Rater::Create({});
  ASSERT_OK(rater);
  RatingResult r = (*rater)->Rate(*ParseGrid(kWiki));
  EXPECT_EQ(r.status, RateStatus::kRated);
  ASSERT_EQ(r.solutions.size(), 1u);
  EXPECT_TRUE(IsValidSolution(*ParseGrid(kWiki), r.solutions[0]));
  EXPECT_TRUE(r.features.solved_by_logic);
  EXPECT_EQ(r.features.clues, 30);
  EXPECT_GE(r.features.er, 1.0);
  EXPECT_GT(r.features.search_effort, 0);
  EXPECT_GT(r.features.player_effort, 0);
  EXPECT_EQ(r.score, ForgeScore(r.features));
  EXPECT_EQ(r.level, LevelFor(r.score, r.features));
  ASSERT_NE(r.explanation, nullptr);
  EXPECT_FALSE(r.explanation->steps.empty());
}

// From ../shared/corpora/rated/hardest_database_110626.tsv (SE ER 10.3):
// the default ladder cannot finish it without a guess; SE's ladder, its
// nested forcing chains included, can.
constexpr char kHardest[] =
    "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7."
    ".....6.";

// SE's ladder without guessing on the canonical form of `puzzle`: the walk
// the rater makes for top_er.
Explanation SeWalkOfCanonicalForm(const Grid& puzzle) {
  DeductionOptions no_guess;
  no_guess.allow_guessing = false;
  auto se = StepSolver::Create("se", no_guess);
  EXPECT_OK(se);
  return (*se)->Explain(Canonicalize(puzzle)->form);
}

// `r` is graded by SE's walk of the canonical form of `puzzle`, which
// finishes: top_er is that walk's ER, and the score is the top's.
void ExpectTopErIsSesWalk(const RatingResult& r, const Grid& puzzle) {
  const Explanation e = SeWalkOfCanonicalForm(puzzle);
  ASSERT_TRUE(e.solved_by_logic);
  EXPECT_EQ(r.features.top_er, e.ratings.er);
  EXPECT_FALSE(r.features.trial.computed);
  EXPECT_EQ(r.score, TopScore(r.features.top_er));
}

TEST(RaterTest, GradesA9x9PuzzleOnlyTheNestedChainsFinishBySesLadder) {
  auto rater = Rater::Create({});
  ASSERT_OK(rater);
  const Grid puzzle = *ParseGrid(kHardest);
  const RatingResult r = (*rater)->Rate(puzzle);
  ASSERT_EQ(r.status, RateStatus::kRated);
  EXPECT_FALSE(r.features.solved_by_logic);
  // The rater walks the canonical form on SE's whole ladder, no guessing.
  ExpectTopErIsSesWalk(r, puzzle);
  EXPECT_GE(r.features.top_er, kTopUnsolvedEr);
  EXPECT_EQ(r.level, Level::kExtreme);
}

TEST(RaterTest, GradesByTrialsWhereTheTopWorkBudgetStopsSesLadder) {
  // A budget too small for any nested search to find a step: SE's ladder
  // stops stuck, and top_er is the estimate from the trials there.
  RaterOptions options;
  options.top_work = 1;
  auto rater = Rater::Create(options);
  ASSERT_OK(rater);
  const RatingResult r = (*rater)->Rate(*ParseGrid(kHardest));
  ASSERT_EQ(r.status, RateStatus::kRated);
  EXPECT_FALSE(r.features.solved_by_logic);
  EXPECT_EQ(r.level, Level::kExtreme);
  EXPECT_GE(r.score, ExtremeFrom());
  ASSERT_TRUE(r.features.trial.computed);
  EXPECT_GT(r.features.trial.candidates, 0);
  EXPECT_EQ(r.features.top_er,
            TopErFromTrials(r.features.trial, r.features.steps));
  EXPECT_GE(r.features.top_er, kTopUnsolvedEr);
  EXPECT_EQ(r.score, TopScore(r.features.top_er));
}

TEST(RaterTest, RejectsANegativeTopWorkBudget) {
  RaterOptions options;
  options.top_work = -1;
  EXPECT_FALSE(Rater::Create(options).ok());
}

// A 9x9 feature set whose linear (human-time) score is large or small.
RatingFeatures NineByNine(double top_er, double player_effort,
                          int64_t solver_guesses) {
  RatingFeatures f;
  f.solved_by_logic = top_er < kTopUnsolvedEr;
  f.player_effort = player_effort;
  f.solver_guesses = solver_guesses;
  f.top_er = top_er;
  return f;
}

TEST(RaterTest, ScoreAtTheTopRisesWithTopErWhateverTheHumanTimeInputs) {
  // Along the top, in steps of 0.1 ER, the lowest score of a puzzle
  // (smallest human-time inputs) stays above the highest score one step
  // below it (largest inputs): the human-time part cannot reverse the order.
  for (int tenth = 80; tenth < 125; ++tenth) {
    const double er = tenth / 10.0;
    const double low = ForgeScore(NineByNine(er + 0.1, 1.0, 0));
    const double high = ForgeScore(NineByNine(er, 1e30, 1'000'000));
    EXPECT_GT(low, high) << "top_er " << er;
    EXPECT_EQ(low, TopScore(er + 0.1));
  }
}

TEST(RaterTest, BelowTheTopA9x9PuzzleScoresAtMostTheTopsStart) {
  const double start = TopScore(kTopFromEr);
  for (double er : {2.0, 6.6, 7.9}) {
    const RatingFeatures hard = NineByNine(er, 1e30, 1'000'000);
    EXPECT_EQ(ForgeScore(hard), start) << er;  // capped
    const RatingFeatures easy = NineByNine(er, 50.0, 0);
    EXPECT_LT(ForgeScore(easy), start) << er;  // the human-time model's own
    EXPECT_LE(ForgeScore(easy), ForgeScore(NineByNine(kTopFromEr, 1.0, 0)));
  }
  // Other shapes have no top_er and keep the linear score.
  RatingFeatures other = NineByNine(0, 1e30, 1'000'000);
  other.solved_by_logic = true;
  EXPECT_GT(ForgeScore(other), start);
}

TEST(RaterTest, TheTopsLevelsFollowTopEr) {
  const LevelThresholds t = Thresholds();
  EXPECT_GE(TopScore(kTopFromEr), t.evil_from);
  EXPECT_EQ(ExtremeFrom(), TopScore(kTopUnsolvedEr));
  for (double inputs : {1.0, 1e30}) {
    const RatingFeatures below = NineByNine(7.9, inputs, 9);
    EXPECT_NE(LevelFor(ForgeScore(below), below), Level::kExtreme);
    const RatingFeatures evil = NineByNine(8.5, inputs, 9);
    EXPECT_EQ(LevelFor(ForgeScore(evil), evil), Level::kEvil);
    const RatingFeatures extreme = NineByNine(kTopUnsolvedEr, inputs, 9);
    EXPECT_EQ(LevelFor(ForgeScore(extreme), extreme), Level::kExtreme);
  }
}

// cbg000 (SE ER 8.9 by se-steps.sh as written, tests/data/se_steps.txt): SE's
// ladder finishes it, so top_er is that ladder's ER, and the score is the
// top's. The rater walks the canonical form, where SE's order of search
// finds other chains (ER 8.5 there): every isomorph gets that one rating.
constexpr char kSe89[] =
    "...4....94.71...3..8..3...5...673.5.3..8.....87..9..4......2.6.......5..9."
    "2...8.4";

TEST(RaterTest, TopErIsSudokuExplainersLadderErWhereItFinishes) {
  auto rater = Rater::Create({});
  ASSERT_OK(rater);
  const Grid puzzle = *ParseGrid(kSe89);
  const RatingResult r = (*rater)->Rate(puzzle);
  ASSERT_EQ(r.status, RateStatus::kRated);
  // The canonical form is what the rater walks.
  ExpectTopErIsSesWalk(r, puzzle);
  EXPECT_GE(r.features.top_er, kTopFromEr);
  EXPECT_LT(r.features.top_er, kTopUnsolvedEr);
  EXPECT_EQ(r.level, Level::kEvil);
}

TEST(RaterTest, RejectsBadPlayerOptions) {
  RaterOptions none;
  none.players.players = 0;
  EXPECT_THAT(Rater::Create(none),
              StatusIs(absl::StatusCode::kInvalidArgument));
  RaterOptions blind;
  blind.players.box_visibility = 0;
  EXPECT_THAT(Rater::Create(blind),
              StatusIs(absl::StatusCode::kInvalidArgument));
  RaterOptions negative;
  negative.players.technique_slope = -1;
  EXPECT_THAT(Rater::Create(negative),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_TRUE(Rater::Create({}).ok());
}

TEST(RaterTest, RejectsPuzzlesWithoutOneSolution) {
  auto rater = Rater::Create({});
  ASSERT_OK(rater);
  RatingResult several =
      (*rater)->Rate(*ParseGrid(std::string("1") + std::string(80, '.')));
  EXPECT_EQ(several.status, RateStatus::kMultipleSolutions);
  ASSERT_EQ(several.solutions.size(), 2u);
  EXPECT_NE(several.solutions[0], several.solutions[1]);
  std::string none = "12345678.........9";
  none += std::string(81 - none.size(), '.');
  EXPECT_EQ((*rater)->Rate(*ParseGrid(none)).status, RateStatus::kNoSolution);
}

TEST(RaterTest, GivesUpAtTheWorkBound) {
  RaterOptions options;
  options.max_seconds = 1e-9;  // past before the walk starts
  auto rater = Rater::Create(options);
  ASSERT_OK(rater);
  const RatingResult r = (*rater)->Rate(*ParseGrid(
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2....."
      "1.4......"));
  EXPECT_EQ(r.status, RateStatus::kOutOfTime);
  EXPECT_EQ(RateStatusName(r.status), "OUT_OF_TIME");
  // Not a rating parameter: a bound does not make a different rating.
  EXPECT_EQ(options.Parameters(), RaterOptions().Parameters());
}

TEST(RaterTest, StopsTheExactSearchAtTheNodeBudget) {
  // Hostile inputs: an empty 25x25 grid and a near-empty 16x16 one. The
  // count to two that decides whether a puzzle is rated stops at
  // max_nodes, whatever the clock, with kBudgetExceeded and no solutions.
  std::string near_empty(256, '.');
  near_empty[0] = '1';
  near_empty[17] = '2';
  near_empty[255] = 'G';
  for (const std::string& text : {std::string(625, '.'), near_empty}) {
    RaterOptions options;
    options.max_nodes = 20;
    auto rater = Rater::Create(options);
    ASSERT_OK(rater);
    auto puzzle = ParseGrid(text);
    ASSERT_OK(puzzle);
    const RatingResult r = (*rater)->Rate(*puzzle);
    EXPECT_EQ(r.status, RateStatus::kBudgetExceeded) << text.size();
    EXPECT_EQ(RateStatusName(r.status), "BUDGET_EXCEEDED");
    EXPECT_LE(r.features.solver_nodes, options.max_nodes);
    EXPECT_TRUE(r.solutions.empty());
    EXPECT_EQ(r.explanation, nullptr);
    // The default budget settles both: several solutions.
    auto full = Rater::Create({});
    ASSERT_OK(full);
    EXPECT_EQ((*full)->Rate(*puzzle).status, RateStatus::kMultipleSolutions)
        << text.size();
  }
  // Not a rating parameter.
  RaterOptions bounded;
  bounded.max_nodes = 7;
  EXPECT_EQ(bounded.Parameters(), RaterOptions().Parameters());
  bounded.max_nodes = -1;
  EXPECT_THAT(Rater::Create(bounded),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(RaterTest, TakesAKnownCountInsteadOfCountingAgain) {
  auto rater = Rater::Create({});
  ASSERT_OK(rater);
  const Grid puzzle = *ParseGrid(kWiki);
  auto solver = MakeSolver("backtrack");
  ASSERT_OK(solver);
  const SolveResult known = (*solver)->Solve(puzzle, {.max_solutions = 2});
  const RatingResult fresh = (*rater)->Rate(puzzle);
  const RatingResult reused = (*rater)->Rate(puzzle, known);
  EXPECT_EQ(reused.status, RateStatus::kRated);
  EXPECT_EQ(reused.score, fresh.score);
  EXPECT_EQ(reused.level, fresh.level);
  EXPECT_EQ(reused.solutions, fresh.solutions);
  // A verdict the caller already has is taken as given: no search runs, so
  // the node count is the caller's.
  SolveResult several = known;
  several.num_solutions = 2;
  several.nodes = 12345;
  several.solutions.push_back(known.solutions[0]);
  const RatingResult rejected = (*rater)->Rate(puzzle, several);
  EXPECT_EQ(rejected.status, RateStatus::kMultipleSolutions);
  EXPECT_EQ(rejected.features.solver_nodes, 12345);
  SolveResult stopped;
  stopped.limit_hit = true;
  EXPECT_EQ((*rater)->Rate(puzzle, stopped).status,
            RateStatus::kBudgetExceeded);
}

// A caller that has the canonical form (the service, for the bank's key)
// hands it over: the rating is Rate()'s, the solution and the walk named in
// the cells of the puzzle as written (an isomorph, so the transform back
// is not the identity).
TEST(RaterTest, TakesAKnownCanonicalFormInsteadOfMakingItAgain) {
  auto rater = Rater::Create({});
  ASSERT_OK(rater);
  Rng rng(11);
  const Grid puzzle = RandomIsomorph(*ParseGrid(kWiki), rng);
  ASSERT_NE(ToLine(puzzle), kWiki);
  auto solver = MakeSolver("backtrack");
  ASSERT_OK(solver);
  const SolveResult known = (*solver)->Solve(puzzle, {.max_solutions = 2});
  const absl::StatusOr<Canonical> canonical = Canonicalize(puzzle);
  ASSERT_OK(canonical);
  const RatingResult fresh = (*rater)->Rate(puzzle);
  const RatingResult handed = (*rater)->Rate(puzzle, known, *canonical);
  EXPECT_EQ(handed.status, RateStatus::kRated);
  EXPECT_EQ(handed.score, fresh.score);
  EXPECT_EQ(handed.level, fresh.level);
  EXPECT_EQ(handed.features.er, fresh.features.er);
  EXPECT_EQ(handed.features.solver_nodes, fresh.features.solver_nodes);
  EXPECT_EQ(handed.solutions, fresh.solutions);
  ASSERT_EQ(handed.solutions.size(), 1u);
  // The solution as written: it keeps the puzzle's givens.
  for (int c = 0; c < puzzle.num_cells(); ++c) {
    if (puzzle[c] != 0) {
      EXPECT_EQ(handed.solutions[0][c], puzzle[c]) << c;
    }
  }
  ASSERT_NE(handed.explanation, nullptr);
  ASSERT_NE(fresh.explanation, nullptr);
  ASSERT_EQ(handed.explanation->steps.size(), fresh.explanation->steps.size());
  for (size_t i = 0; i < handed.explanation->steps.size(); ++i)
    EXPECT_EQ(handed.explanation->steps[i].text,
              fresh.explanation->steps[i].text);
  // A verdict other than one solution is still the caller's.
  SolveResult several = known;
  several.num_solutions = 2;
  several.solutions.push_back(known.solutions[0]);
  EXPECT_EQ((*rater)->Rate(puzzle, several, *canonical).status,
            RateStatus::kMultipleSolutions);
}

TEST(RaterTest, LevelsFollowTheScoreThresholds) {
  RatingFeatures f;
  f.solved_by_logic = true;
  const LevelThresholds t = Thresholds();
  EXPECT_LT(t.medium_from, t.hard_from);
  EXPECT_LT(t.hard_from, t.evil_from);
  EXPECT_EQ(LevelFor(t.medium_from - 0.01, f), Level::kEasy);
  EXPECT_EQ(LevelFor(t.medium_from, f), Level::kMedium);
  EXPECT_EQ(LevelFor(t.hard_from, f), Level::kHard);
  EXPECT_LT(t.evil_from, ExtremeFrom());
  EXPECT_EQ(LevelFor(t.evil_from, f), Level::kEvil);
  EXPECT_EQ(LevelFor(ExtremeFrom(), f), Level::kExtreme);
  // A trace ending in a guess: needs-guessing on other shapes (no top_er),
  // graded on 9x9 (top_er set).
  f.solved_by_logic = false;
  EXPECT_EQ(LevelFor(0, f), Level::kNeedsGuessing);
  f.top_er = kTopUnsolvedEr;
  EXPECT_EQ(LevelFor(ForgeScore(f), f), Level::kExtreme);
  f.top_er = 0;
  for (Level level : {Level::kEasy, Level::kMedium, Level::kHard, Level::kEvil,
                      Level::kExtreme}) {
    auto [lo, hi] = ScoreBand(level);
    f.solved_by_logic = true;
    EXPECT_EQ(LevelFor(lo == -1e9 ? hi - 1 : lo, f), level);
  }
}

// Mean Forge score per value of `column` in a rated TSV sample.
std::map<std::string, double> MeanScores(const std::string& file,
                                         const std::string& column) {
  std::ifstream in(sudoku::testing::SourceDir() + "/tests/data/" + file);
  std::stringstream text;
  text << in.rdbuf();
  absl::StatusOr<RatedFile> rated = ParseRatedTsv(text.str());
  EXPECT_TRUE(rated.ok()) << rated.status();
  if (!rated.ok()) return {};
  auto rater = Rater::Create({});
  EXPECT_TRUE(rater.ok());
  std::map<std::string, std::pair<double, int>> sums;
  for (const RatedRow& row : rated->rows) {
    absl::StatusOr<Grid> grid = ParseGrid(row.puzzle);
    EXPECT_TRUE(grid.ok()) << row.puzzle;
    if (!grid.ok()) continue;
    RatingResult r = (*rater)->Rate(*grid);
    EXPECT_EQ(r.status, RateStatus::kRated) << row.puzzle;
    auto& [sum, n] = sums[row.labels.at(column)];
    sum += r.score;
    ++n;
  }
  std::map<std::string, double> means;
  for (const auto& [label, sn] : sums) means[label] = sn.first / sn.second;
  return means;
}

TEST(RaterTest, MeanScoreIncreasesOverAndokusFiveLevels) {
  std::map<std::string, double> m =
      MeanScores("rated_andoku_sample.tsv", "andoku_name");
  ASSERT_EQ(m.size(), 5u);
  EXPECT_LT(m["easy"], m["medium"]);
  EXPECT_LT(m["medium"], m["challenging"]);
  EXPECT_LT(m["challenging"], m["hard"]);
  EXPECT_LT(m["hard"], m["fiendish"]);
}

TEST(RaterTest, MeanScoreIncreasesOverQqwingsFourLevels) {
  std::map<std::string, double> m =
      MeanScores("rated_qqwing_sample.tsv", "qqwing_level");
  ASSERT_EQ(m.size(), 4u);
  EXPECT_LT(m["simple"], m["easy"]);
  EXPECT_LT(m["easy"], m["intermediate"]);
  EXPECT_LT(m["intermediate"], m["expert"]);
}

RaterOptions WithStochastic() {
  return ::sudoku::testing::SmallStochasticOptions();
}

TEST(RaterTest, DefaultBudgetsRunEveryStochasticSolver) {
  std::set<std::string> budgeted;
  for (const RaterOptions::StochasticConfig& c :
       RaterOptions::DefaultStochasticBudgets()) {
    EXPECT_GE(c.runs, 1) << c.solver;
    EXPECT_GE(c.iterations, 1) << c.solver;
    budgeted.insert(c.solver);
  }
  for (const StochasticRegistryEntry& entry : StochasticRegistry()) {
    EXPECT_EQ(budgeted.count(entry.name), 1u) << entry.name;
  }
}

TEST(RaterTest, RatingsAreReproducible) {
  auto a = Rater::Create(WithStochastic());
  auto b = Rater::Create(WithStochastic());
  ASSERT_OK(a);
  ASSERT_OK(b);
  const Grid puzzle = *ParseGrid(kWiki);
  RatingResult ra = (*a)->Rate(puzzle), rb = (*b)->Rate(puzzle),
               ra2 = (*a)->Rate(puzzle);
  for (const RatingResult* r : {&rb, &ra2}) {
    EXPECT_EQ(ra.score, r->score);
    EXPECT_EQ(ra.level, r->level);
    EXPECT_EQ(ra.features.er, r->features.er);
    EXPECT_EQ(ra.features.stochastic_seed, r->features.stochastic_seed);
    EXPECT_EQ(ra.features.stochastic_success, r->features.stochastic_success);
    EXPECT_EQ(ra.features.stochastic_median_iterations,
              r->features.stochastic_median_iterations);
  }
  EXPECT_EQ(ra.features.stochastic_success.size(), 5u);
}

TEST(RaterTest, StochasticRunsAreTheSameForEveryIsomorph) {
  auto rater = Rater::Create(WithStochastic());
  ASSERT_OK(rater);
  const Grid puzzle = *ParseGrid(kWiki);
  Rng rng(7);
  const Grid disguised = RandomIsomorph(puzzle, rng);
  ASSERT_NE(ToLine(puzzle), ToLine(disguised));
  RatingResult a = (*rater)->Rate(puzzle), b = (*rater)->Rate(disguised);
  EXPECT_EQ(a.features.stochastic_seed, b.features.stochastic_seed);
  EXPECT_EQ(a.features.stochastic_median_iterations,
            b.features.stochastic_median_iterations);
  EXPECT_EQ(a.features.stochastic_success, b.features.stochastic_success);
}

TEST(RaterTest, DefaultRaterSkipsStochasticSolversTheModelDoesNotUse) {
  auto rater = Rater::Create({});
  ASSERT_OK(rater);
  EXPECT_EQ((*rater)->RunsStochastic(), ModelUsesStochastic());
  RaterOptions never;
  never.stochastic = StochasticUse::kNever;
  auto quiet = Rater::Create(never);
  ASSERT_OK(quiet);
  EXPECT_TRUE(
      (*quiet)->Rate(*ParseGrid(kWiki)).features.stochastic_success.empty());
}

TEST(RaterTest, EngineVersionAndParametersNameTheSetup) {
  EXPECT_THAT(RaterEngineVersion(), ::testing::StartsWith("rater-"));
  auto rater = Rater::Create({});
  ASSERT_OK(rater);
  std::map<std::string, std::string> p = (*rater)->Parameters();
  EXPECT_THAT(p["ladder"], ::testing::HasSubstr("hidden_single"));
  // SE's ladder, which sets top_er (its Nishio chains are SE's own row).
  EXPECT_THAT(p["top_ladder"], ::testing::HasSubstr("nishio_chain"));
  // ... up to its "+" and nested forcing chains, whose work budget is a
  // rating parameter (a budget that stops a search can change top_er).
  EXPECT_THAT(p["top_ladder"], ::testing::HasSubstr("se_dynamic_chains"));
  EXPECT_THAT(p["top_ladder"],
              ::testing::HasSubstr("dynamic_forcing_chain_plus"));
  EXPECT_THAT(p["top_ladder"],
              ::testing::HasSubstr("nested_chain_dynamic_plus"));
  EXPECT_EQ(p["top_work"], absl::StrCat(RaterOptions().top_work));
  RaterOptions small_top;
  small_top.top_work = 1000;
  EXPECT_NE(small_top.Parameters(), RaterOptions().Parameters());
  EXPECT_THAT(p["ladder"],
              ::testing::Not(::testing::HasSubstr("nishio_chain")));
  EXPECT_EQ(p.count("stochastic.anneal"), 1u);
  RaterOptions other;
  other.stochastic_seed = 2;
  auto rater2 = Rater::Create(other);
  ASSERT_OK(rater2);
  EXPECT_NE((*rater2)->Parameters(), p);
}

TEST(RaterTest, RejectsBadStochasticBudgets) {
  RaterOptions bad = WithSolverFeatures({});
  bad.stochastic_solvers = {{"anneal", 0, 10}};
  EXPECT_THAT(Rater::Create(bad), StatusIs(absl::StatusCode::kInvalidArgument));
  bad.stochastic_solvers = {{"no-such-solver", 1, 10}};
  EXPECT_FALSE(Rater::Create(bad).ok());
}

// The rater runs the stochastic solvers only through a source it is given
// (rater/stochastic_features.h): without one, asking for them is an error,
// not a rating without them.
TEST(RaterTest, StochasticSolversNeedASource) {
  RaterOptions always;
  always.stochastic = StochasticUse::kAlways;
  EXPECT_THAT(Rater::Create(always),
              StatusIs(absl::StatusCode::kInvalidArgument));
  RaterOptions never;
  never.stochastic = StochasticUse::kNever;
  auto rater = Rater::Create(never);
  ASSERT_OK(rater);
  const Grid puzzle = *ParseGrid(kWiki);
  RatingResult rating = (*rater)->Rate(puzzle);
  EXPECT_THAT((*rater)->AddStochasticFeatures(puzzle, &rating),
              StatusIs(absl::StatusCode::kFailedPrecondition));
  EXPECT_TRUE(rating.features.stochastic_success.empty());
}

// A fast rating completed with the stochastic solvers equals the rating
// that ran them from the start (same canonical-form runs and seeds).
TEST(RaterTest, AddStochasticFeaturesMatchesAFullRating) {
  RaterOptions fast_options = WithSolverFeatures({});
  fast_options.stochastic = StochasticUse::kNever;
  RaterOptions full_options = WithSolverFeatures({});
  full_options.stochastic = StochasticUse::kAlways;
  auto fast = Rater::Create(fast_options);
  auto full = Rater::Create(full_options);
  ASSERT_TRUE(fast.ok() && full.ok());
  const Grid puzzle = *ParseGrid(
      "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1...."
      "."
      "...4...9");
  RatingResult completed = (*fast)->Rate(puzzle);
  ASSERT_TRUE(completed.features.stochastic_success.empty());
  ASSERT_OK((*fast)->AddStochasticFeatures(puzzle, &completed));
  const RatingResult reference = (*full)->Rate(puzzle);
  ASSERT_FALSE(reference.features.stochastic_success.empty());
  EXPECT_EQ(completed.features.stochastic_success,
            reference.features.stochastic_success);
  EXPECT_EQ(completed.features.stochastic_median_iterations,
            reference.features.stochastic_median_iterations);
  EXPECT_EQ(completed.features.stochastic_seed,
            reference.features.stochastic_seed);
  EXPECT_EQ(completed.score, reference.score);
}

}  // namespace
}  // namespace sudoku
