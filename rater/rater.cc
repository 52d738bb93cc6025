#include "rater/rater.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/board.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/hash.h"
#include "core/rng.h"
#include "core/status_macros.h"
#include "deduction/registry.h"
#include "deduction/technique_table.h"
#include "deduction/transform.h"
#include "solvers/solver.h"

namespace sudoku {
namespace {

constexpr const char* kLevelNames[] = {"easy", "medium",  "hard",
                                       "evil", "extreme", "needs-guessing"};
constexpr int kNumLevels = static_cast<int>(std::size(kLevelNames));

// How many moves by singles `board` offers a person, weighted by how easy
// each kind is to spot (the order of Sudoku Explainer's ratings 1.2 / 1.5 /
// 2.3): a hidden single in a box counts 1, one only in a row or column 0.5,
// a cell that is only a naked single 0.25. A cell counts once, at its
// easiest kind.
// `weight` and `where` are scratch of num_cells and N + 1 entries.
double WeightedSingles(const Board& board, std::vector<double>& weight,
                       std::vector<int>& where) {
  const Shape& shape = board.shape();
  const int n = shape.size();
  // 0 = not fillable; otherwise the weight of the easiest single found.
  std::fill(weight.begin(), weight.end(), 0.0);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (board.value(cell) == 0 && board.candidates(cell).Count() == 1) {
      weight[static_cast<size_t>(cell)] = 0.25;
    }
  }
  for (int u = 0; u < shape.num_units(); ++u) {
    const double w = shape.unit_kind(u) == UnitKind::kBox ? 1.0 : 0.5;
    std::fill(where.begin(), where.end(), -1);  // -1 none yet, -2 several
    for (int cell : shape.unit(u)) {
      for (int d : board.candidates(cell)) {
        int& at = where[static_cast<size_t>(d)];
        at = at == -1 ? cell : -2;
      }
    }
    for (int d = 1; d <= n; ++d) {
      const int at = where[static_cast<size_t>(d)];
      if (at >= 0)
        weight[static_cast<size_t>(at)] =
            std::max(weight[static_cast<size_t>(at)], w);
    }
  }
  double total = 0;
  for (double w : weight) total += w;
  return total;
}

// The exact search (count to two) that decides whether a puzzle is rated.
// `max_nodes` (0 = none) bounds it: past it the result has limit_hit.
SolveResult CountToTwo(const Grid& puzzle, int64_t max_nodes) {
  absl::StatusOr<std::unique_ptr<Solver>> solver = MakeSolver("backtrack");
  assert(solver.ok());
  SolveLimits limits;
  limits.max_solutions = 2;
  limits.max_nodes = std::max<int64_t>(0, max_nodes);
  return (*solver)->Solve(puzzle, limits);
}

}  // namespace

absl::string_view LevelName(Level level) {
  return kLevelNames[static_cast<int>(level)];
}

absl::StatusOr<Level> ParseLevel(absl::string_view name) {
  for (int i = 0; i < kNumLevels; ++i) {
    if (name == kLevelNames[i]) return static_cast<Level>(i);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown level '", name, "' (expected ",
                   absl::StrJoin(LevelNames(), ", "), ")"));
}

std::vector<std::string> LevelNames() {
  return std::vector<std::string>(std::begin(kLevelNames),
                                  std::end(kLevelNames));
}

absl::string_view RateStatusName(RateStatus status) {
  switch (status) {
    case RateStatus::kRated:
      return "RATED";
    case RateStatus::kNoSolution:
      return "NONE";
    case RateStatus::kMultipleSolutions:
      return "MULTIPLE";
    case RateStatus::kOutOfTime:
      return "OUT_OF_TIME";
    case RateStatus::kBudgetExceeded:
      return "BUDGET_EXCEEDED";
  }
  return "?";
}

std::vector<RaterOptions::StochasticConfig>
RaterOptions::DefaultStochasticBudgets() {
  // The relaxation solvers start from a fixed point (projection: the
  // origin; entropy: the LP's optimal face), so one run says all there is.
  // 500 projection sweeps solve 79 % of the Cloud Sudoku puzzles and cost
  // about 2 ms on a 17-clue puzzle; entropy's budget is the paper's 15 DOWN
  // + 15 UP steps.
  return {{"anneal", 2, 2000},
          {"hillclimb", 2, 40},
          {"reseda", 1, 2},
          {"projection", 1, 500},
          {"entropy", 1, 30}};
}

absl::Status RaterOptions::Validate() const {
  if (players.players < 1) {
    return absl::InvalidArgumentError(
        "rater: simulated players must be at least 1");
  }
  if (players.box_visibility < 1 || players.line_visibility < 0 ||
      players.full_house_visibility < 1 || players.naked_visibility < 0) {
    return absl::InvalidArgumentError(
        "rater: players' visibilities must be >= 0 (box and full house >= 1)");
  }
  if (!(players.technique_slope >= 0) ||
      !std::isfinite(players.technique_slope)) {
    return absl::InvalidArgumentError(
        "rater: players' technique slope must be finite and >= 0");
  }
  if (max_nodes < 0) {
    return absl::InvalidArgumentError(
        "rater: max_nodes must be at least 0 (0 = no budget)");
  }
  if (top_work < 0) {
    return absl::InvalidArgumentError(
        "rater: top_work must be at least 0 (0 = no budget)");
  }
  for (const StochasticConfig& c : stochastic_solvers) {
    if (c.runs < 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          "rater: ", c.solver, ": stochastic runs must be at least 1"));
    }
    if (c.iterations < 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          "rater: ", c.solver, ": stochastic iterations must be at least 1"));
    }
    if (stochastic_source != nullptr)
      SUDOKU_RETURN_IF_ERROR(stochastic_source->CheckSolver(c.solver));
  }
  const bool may_run =
      !stochastic_solvers.empty() &&
      (stochastic == StochasticUse::kAlways ||
       (stochastic == StochasticUse::kIfModelUses && ModelUsesStochastic()));
  if (may_run && stochastic_source == nullptr) {
    return absl::InvalidArgumentError(
        "rater: the stochastic solvers are on but no stochastic_source is "
        "given (rater/solver_features.h)");
  }
  return absl::OkStatus();
}

std::string TopLadderSpec() { return "se"; }

std::map<std::string, std::string> RaterOptions::Parameters() const {
  std::map<std::string, std::string> p;
  std::string ladder_spec = techniques;
  if (ladder_spec.empty()) ladder_spec = "default";
  p.emplace("techniques", std::move(ladder_spec));
  p["allow_uniqueness"] = absl::StrCat(allow_uniqueness ? 1 : 0);
  p["exact_solver"] = "backtrack";
  p["top_work"] = absl::StrCat(top_work);
  p["stochastic_seed"] = absl::StrCat(stochastic_seed);
  p["players"] = absl::StrCat(
      "players=", players.players, ",box=", players.box_visibility,
      ",line=", players.line_visibility,
      ",full_house=", players.full_house_visibility,
      ",naked=", players.naked_visibility,
      ",technique_slope=", players.technique_slope, ",seed=", player_seed);
  for (const StochasticConfig& c : stochastic_solvers) {
    p[absl::StrCat("stochastic.", c.solver)] =
        absl::StrCat("runs=", c.runs, ",iterations=", c.iterations);
  }
  return p;
}

double SearchEffort(const Grid& puzzle, const Explanation& explanation) {
  absl::StatusOr<Board> board = Board::FromGrid(puzzle);
  if (!board.ok()) return 0;
  double effort = 0;
  std::vector<double> weight(static_cast<size_t>(puzzle.num_cells()));
  std::vector<int> where(static_cast<size_t>(puzzle.shape().size() + 1));
  for (const Deduction& step : explanation.steps) {
    if (IsSingleTechnique(step.technique) && !step.placements.empty()) {
      effort += board->num_empty() /
                std::max(1.0, WeightedSingles(*board, weight, where));
    }
    if (!ApplyDeduction(step, &*board)) break;
  }
  return effort;
}

Rater::Rater(const RaterOptions& options, std::unique_ptr<StepSolver> steps,
             std::unique_ptr<StepSolver> se_steps)
    : options_(options),
      steps_(std::move(steps)),
      se_steps_(std::move(se_steps)) {}

std::map<std::string, std::string> Rater::ScoreParameters() const {
  std::map<std::string, std::string> p = options_.Parameters();
  std::vector<std::string> ids;
  for (const auto& t : steps_->ladder()) ids.emplace_back(t->id());
  p["ladder"] = absl::StrJoin(ids, ",");
  // SE's ladder sets top_er: a technique added there changes ratings at
  // the top, so stored ones are recomputed.
  ids.clear();
  for (const auto& t : se_steps_->ladder()) ids.emplace_back(t->id());
  p["top_ladder"] = absl::StrJoin(ids, ",");
  return p;
}

std::map<std::string, std::string> Rater::Parameters() const {
  std::map<std::string, std::string> p = ScoreParameters();
  p["stochastic_use"] = RunsStochastic() ? "on" : "off";
  return p;
}

bool Rater::RunsStochastic() const {
  switch (options_.stochastic) {
    case StochasticUse::kAlways:
      return !options_.stochastic_solvers.empty();
    case StochasticUse::kNever:
      return false;
    case StochasticUse::kIfModelUses:
      return ModelUsesStochastic();
  }
  return false;
}

absl::StatusOr<std::unique_ptr<Rater>> Rater::Create(
    const RaterOptions& options) {
  SUDOKU_RETURN_IF_ERROR(options.Validate());
  DeductionOptions deduction;
  deduction.allow_uniqueness = options.allow_uniqueness;
  deduction.allow_guessing = true;
  deduction.max_seconds = options.max_seconds;
  deduction.max_nodes = options.max_nodes;
  SUDOKU_ASSIGN_OR_RETURN(std::unique_ptr<StepSolver> steps,
                          StepSolver::Create(options.techniques, deduction));
  deduction.allow_guessing = false;
  SUDOKU_ASSIGN_OR_RETURN(std::vector<std::unique_ptr<Technique>> se_ladder,
                          MakeLadder(TopLadderSpec(), deduction));
  for (const auto& t : se_ladder) t->SetWorkBudget(options.top_work);
  auto se_steps = std::make_unique<StepSolver>(std::move(se_ladder), deduction);
  return std::unique_ptr<Rater>(
      new Rater(options, std::move(steps), std::move(se_steps)));
}

RatingResult Rater::Rate(const Grid& puzzle) const {
  // A puzzle without exactly one solution gets its verdict and solutions,
  // no rating: no canonical form is needed (and near-empty grids, the only
  // ones whose canonical form is expensive, end here).
  return Rate(puzzle, CountToTwo(puzzle, options_.max_nodes));
}

RatingResult Rater::Rate(const Grid& puzzle, SolveResult exact) const {
  if (exact.num_solutions != 1 || exact.limit_hit)
    return RateAsWritten(puzzle, std::move(exact));
  // Rate the canonical form, so that every isomorph of the puzzle gets the
  // same rating, then carry what names cells and digits (the solution, the
  // walk-through) back to the puzzle as written. The exact search runs again
  // on the canonical form: its node and guess counts are features, and cost
  // about 1 % of a rating.
  absl::StatusOr<Canonical> canonical = Canonicalize(puzzle);
  if (!canonical.ok()) return RateAsWritten(puzzle, std::move(exact));
  return RateCanonical(*canonical);
}

RatingResult Rater::Rate(const Grid& puzzle, SolveResult exact,
                         const Canonical& canonical) const {
  if (exact.num_solutions != 1 || exact.limit_hit)
    return RateAsWritten(puzzle, std::move(exact));
  return RateCanonical(canonical);
}

RatingResult Rater::RateCanonical(const Canonical& canonical) const {
  RatingResult result = RateAsWritten(
      canonical.form, CountToTwo(canonical.form, options_.max_nodes));
  const GridTransform back = canonical.transform.Inverse();
  for (Grid& solution : result.solutions) solution = back.Apply(solution);
  if (result.explanation != nullptr) {
    *result.explanation =
        TransformExplanation(std::move(*result.explanation), back);
  }
  return result;
}

void Rater::RunStochastic(const Grid& target, RatingFeatures& f) const {
  f.stochastic_seed =
      DeriveSeed(options_.stochastic_seed, Fnv1a(ToLine(target)));
  for (size_t k = 0; k < options_.stochastic_solvers.size(); ++k) {
    const RaterOptions::StochasticConfig& c = options_.stochastic_solvers[k];
    const std::optional<StochasticFeature> s = options_.stochastic_source->Run(
        c.solver, target, c.runs, DeriveSeed(f.stochastic_seed, k),
        c.iterations);
    if (!s.has_value()) continue;
    f.stochastic_success[c.solver] = s->success_rate;
    f.stochastic_median_iterations[c.solver] = s->median_iterations;
  }
}

absl::Status Rater::AddStochasticFeatures(const Grid& puzzle,
                                          RatingResult* rating) const {
  if (options_.stochastic_source == nullptr) {
    return absl::FailedPreconditionError(
        "rater: no stochastic_source to run the stochastic solvers with");
  }
  if (rating->status != RateStatus::kRated) return absl::OkStatus();
  if (!rating->features.stochastic_success.empty()) return absl::OkStatus();
  absl::StatusOr<Canonical> canonical = Canonicalize(puzzle);
  RunStochastic(canonical.ok() ? canonical->form : puzzle, rating->features);
  rating->score = ForgeScore(rating->features);
  rating->level = LevelFor(rating->score, rating->features);
  return absl::OkStatus();
}

bool Rater::MeasureTop(const Grid& puzzle, const Explanation& e,
                       RatingFeatures& f, RateStatus* status) const {
  if (e.solved_by_logic && f.er < kSeLadderFromEr) {
    f.top_er = f.er;
    return true;
  }
  const Explanation se = se_steps_->Explain(puzzle);
  if (se.status == ExplainStatus::kOutOfTime ||
      se.status == ExplainStatus::kBudgetExceeded) {
    *status = se.status == ExplainStatus::kOutOfTime
                  ? RateStatus::kOutOfTime
                  : RateStatus::kBudgetExceeded;
    return false;
  }
  if (se.solved_by_logic) {
    f.top_er = se.ratings.er;
    return true;
  }
  f.trial = TrialDepthOfTrace(puzzle, se);
  f.top_er = TopErFromTrials(f.trial, f.steps);
  return true;
}

RatingResult Rater::RateAsWritten(const Grid& puzzle, SolveResult exact) const {
  RatingResult result;
  RatingFeatures& f = result.features;
  f.clues = puzzle.NumFilled();
  f.empty_cells = puzzle.num_cells() - f.clues;
  f.solver_nodes = exact.nodes;
  f.solver_guesses = exact.guesses;
  result.solutions = std::move(exact.solutions);
  if (exact.limit_hit) {
    // The verdict is unknown: no solutions are reported.
    result.solutions.clear();
    result.status = RateStatus::kBudgetExceeded;
    return result;
  }
  if (exact.num_solutions == 0) {
    result.status = RateStatus::kNoSolution;
    return result;
  }
  if (exact.num_solutions > 1) {
    result.status = RateStatus::kMultipleSolutions;
    return result;
  }

  result.explanation = std::make_unique<Explanation>(steps_->Explain(puzzle));
  const Explanation& e = *result.explanation;
  if (e.status == ExplainStatus::kOutOfTime ||
      e.status == ExplainStatus::kBudgetExceeded) {
    result.status = e.status == ExplainStatus::kOutOfTime
                        ? RateStatus::kOutOfTime
                        : RateStatus::kBudgetExceeded;
    return result;
  }
  f.er = e.ratings.er;
  f.ep = e.ratings.ep;
  f.ed = e.ratings.ed;
  f.technique_counts = e.technique_counts;
  f.steps = static_cast<int>(e.steps.size());
  double hardest = -1;
  for (const Deduction& step : e.steps) {
    if (step.rating > kHardestSingleRating) ++f.steps_above_singles;
    if (step.rating > hardest) {
      hardest = step.rating;
      f.hardest_technique = step.technique;
    }
  }
  for (const Deduction& step : e.steps) {
    if (step.rating > kHardestSingleRating)
      f.technique_effort += std::min(step.rating, 11.0) - kHardestSingleRating;
  }
  f.solved_by_logic = e.solved_by_logic;
  f.deduction_guesses = e.guesses;
  f.search_effort = SearchEffort(puzzle, e);
  if (puzzle.shape().size() == 9 && !MeasureTop(puzzle, e, f, &result.status)) {
    return result;
  }
  const uint64_t player_seed =
      DeriveSeed(options_.player_seed, Fnv1a(ToLine(puzzle)));
  if (e.solved_by_logic || f.top_er <= 0) {
    f.player_effort = PlayerEffort(puzzle, e, options_.players, player_seed);
  } else {
    // A 9x9 trace's guesses count at top_er in the players' effort, not at
    // 20.0 (which would swamp it with the number of guesses).
    Explanation graded = e;
    for (Deduction& step : graded.steps)
      if (step.technique == kGuessId) step.rating = f.top_er;
    f.player_effort =
        PlayerEffort(puzzle, graded, options_.players, player_seed);
  }

  // Rate() passes the canonical form: the seed comes from its key, and
  // every isomorph of the puzzle gets the very same runs.
  if (RunsStochastic()) RunStochastic(puzzle, f);

  result.score = ForgeScore(f);
  result.level = LevelFor(result.score, f);
  return result;
}

}  // namespace sudoku
