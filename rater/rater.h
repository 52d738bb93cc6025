// The rater: turns a puzzle into a Forge score and a level.
//
// Features (RatingFeatures) come from three places: the human-style
// deduction trace (ER/EP/ED, hardest technique, counts, a human search-
// effort estimate), the exact solver (nodes, guesses) and the stochastic
// solvers (success rates at a fixed budget and seeds). The score is a small
// linear model over a few of them, fitted on human solve times (see
// docs/CALIBRATION.md for the fit and what each feature contributes); the
// level cuts the score at thresholds chosen by calibration. The same model
// and thresholds serve generation and rating.
//
// A Rater is immutable after construction and thread-compatible: Rate() is
// const but uses per-call solver instances, so one Rater may serve threads.
#ifndef SUDOKU_RATER_RATER_H_
#define SUDOKU_RATER_RATER_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/canonical.h"
#include "core/grid.h"
#include "deduction/step_solver.h"
#include "rater/players.h"
#include "rater/stochastic_features.h"
#include "rater/trial_depth.h"
#include "solvers/solver.h"

namespace sudoku {

// Bumped whenever the same puzzle may get a different score or level for a
// reason other than the fitted model parameters (rater/model_params.inc, which
// carry their own fit id: see RaterEngineVersion()).
// 3: every isomorph of a puzzle gets one rating (Rate() rates the canonical
// form): scores moved with the players' seeds, and the trace (counts,
// sometimes ER) and the exact solver's counts are those of the form.
// 4: a graded top for 9x9 (TopEr, the level `extreme`): puzzles the ladder
// finishes at ER above 8 and those it cannot finish score by the engine's
// ER estimate; needs-guessing remains for other shapes only.
// 5: the top scores by top_er alone (TopScore), and top_er is the se
// ladder's ER where that ladder finishes, else the trial estimate at its
// stuck board.
// 6: the se ladder of top_er includes SE's dynamic forcing chains "+" and
// nested forcing chains (under RaterOptions::top_work), so it finishes
// every 9x9 puzzle of the hardest list: top_er is SE's own scale there,
// and the trial estimate is left for walks the budget stops.
inline constexpr int kRaterVersion = 6;

// "rater-<kRaterVersion>.<fit id>", the engine version stored with ratings:
// a refit (calibrate --fit --write-model) changes it, so stored ratings made
// with other parameters are recomputed instead of reused.
std::string RaterEngineVersion();

enum class Level {
  kEasy = 0,
  kMedium = 1,
  kHard = 2,
  kEvil = 3,
  kExtreme = 4,        // 9x9 above evil (TopEr, docs/CALIBRATION.md)
  kNeedsGuessing = 5,  // other shapes whose trace ends in a guess
};
absl::string_view LevelName(Level level);  // "easy", ..., "needs-guessing"
// InvalidArgument listing the names for an unknown one.
absl::StatusOr<Level> ParseLevel(absl::string_view name);
std::vector<std::string> LevelNames();

struct RatingFeatures {
  int clues = 0;
  int empty_cells = 0;
  // From the deduction trace.
  double er = 0, ep = 0, ed = 0;
  std::string hardest_technique;
  std::vector<std::pair<std::string, int>> technique_counts;
  int steps = 0;
  int steps_above_singles = 0;  // steps rated above a naked single (2.3)
  bool solved_by_logic = false;
  int deduction_guesses = 0;
  // Human search effort: the sum over single placements of (empty cells /
  // moves by singles available at that moment, weighted by how easy each
  // kind is to see): a person scanning for a move needs longer when fewer
  // moves are available (after Pelanek's model of human Sudoku solving).
  double search_effort = 0;
  // The same kind of effort averaged over simulated players who take the
  // singles in varying order (rater/players.h): the score's main input.
  double player_effort = 0;
  // Sum over the steps above singles of (step rating - 2.3): how much
  // non-single work the trace needed, not only its hardest step.
  double technique_effort = 0;
  // From the exact solver (count-to-2).
  int64_t solver_nodes = 0;
  int64_t solver_guesses = 0;
  // Stochastic solver name -> success rate over the configured runs, and
  // the median iterations of those runs (failed runs count with the whole
  // budget). Empty when the stochastic solvers did not run.
  std::map<std::string, double> stochastic_success;
  std::map<std::string, double> stochastic_median_iterations;
  // The base seed of the stochastic runs (derived from the canonical key).
  uint64_t stochastic_seed = 0;
  // Where the se ladder gets stuck on a 9x9 puzzle (see top_er): the trials
  // on its stuck board (rater/trial_depth.h). Not computed otherwise.
  TrialDepth trial;
  // 9x9 only: the engine's estimate of Sudoku Explainer's ER, the input of
  // the score at the top (TopScore). Below kSeLadderFromEr it is the
  // trace's ER; from there on, and whenever the trace guesses, Sudoku
  // Explainer's own ladder (--techniques=se, no guessing) runs too: its ER
  // where it finishes, else the estimate from `trial` and the trace's
  // length (TopErFromTrials, at least kTopUnsolvedEr). 0 for other shapes.
  double top_er = 0;
};

// When the rater runs the stochastic solvers.
enum class StochasticUse {
  kIfModelUses,  // only when the fitted model has a stochastic input
  kAlways,       // always (rate reports solver_success)
  kNever,
};

struct RaterOptions {
  // Deduction ladder (--techniques syntax); empty = the default ladder.
  std::string techniques;
  // Uniqueness techniques assume one solution; the rater only rates unique
  // puzzles, so they are on by default, as in Sudoku Explainer.
  bool allow_uniqueness = true;
  // Stochastic solvers run as features (names from the stochastic registry)
  // and their fixed budget: runs per puzzle and iterations per run, per
  // solver (DefaultStochasticBudgets()). The runs work on the puzzle's
  // canonical (minlex) form with seeds derived from its canonical key, so a
  // puzzle and all its isomorphs get the same figures on every machine.
  StochasticUse stochastic = StochasticUse::kIfModelUses;
  struct StochasticConfig {
    std::string solver;
    int runs = 0;
    int64_t iterations = 0;
  };
  std::vector<StochasticConfig> stochastic_solvers = DefaultStochasticBudgets();
  uint64_t stochastic_seed = 1;
  // Runs the stochastic solvers (rater/stochastic_features.h; the registry's
  // solvers: rater/solver_features.h). Needed whenever the rater may run
  // them (Validate() says so); not a parameter of the rating.
  std::shared_ptr<const StochasticFeatureSource> stochastic_source;
  // The simulated players of player_effort; their seed is derived from
  // `player_seed` and the puzzle's canonical form (Rater::Rate).
  PlayerModelOptions players;
  uint64_t player_seed = 1;
  // The work bound per puzzle (DeductionOptions::max_seconds): a walk that
  // outlasts it gives kOutOfTime, never a rating. Not a rating parameter.
  double max_seconds = DeductionOptions::kDefaultMaxSeconds;
  // The work budget of the exact searches (the count to two that decides
  // whether a puzzle is rated, and the one before the walk), in search
  // nodes (DeductionOptions::max_nodes): past it Rate() stops with
  // kBudgetExceeded, never a rating. 0 = no budget. Not a rating parameter.
  int64_t max_nodes = DeductionOptions::kDefaultMaxNodes;
  // The work budget of each search of SE's dynamic forcing chains "+" and
  // nested forcing chains in the walk for top_er (Technique::SetWorkBudget,
  // literal expansions; 0 = none). Counted, not timed, so a puzzle gets the
  // same rating on every machine: past it a search reports the best step
  // found so far, or none, and a walk left stuck gets the trial estimate.
  // The default is explain's (--max-nodes), so top_er equals `explain
  // --techniques=se`'s ER (both walk the puzzle's canonical form). A
  // rating parameter.
  int64_t top_work = DeductionOptions::kDefaultMaxNodes;

  // anneal, hillclimb and reseda at small budgets (docs/CALIBRATION.md).
  static std::vector<StochasticConfig> DefaultStochasticBudgets();
  // Every parameter that affects a rating, as text (stored with ratings).
  std::map<std::string, std::string> Parameters() const;

  absl::Status Validate() const;
};

// kBudgetExceeded: an exact search used up RaterOptions::max_nodes before
// the verdict was known .
enum class RateStatus {
  kRated,
  kNoSolution,
  kMultipleSolutions,
  kOutOfTime,
  kBudgetExceeded
};
absl::string_view RateStatusName(RateStatus status);  // "RATED", ...

struct RatingResult {
  RateStatus status = RateStatus::kRated;
  // Two different solutions when kMultipleSolutions; the solution when rated.
  std::vector<Grid> solutions;
  RatingFeatures features;
  double score = 0;
  Level level = Level::kEasy;
  // The deduction walk-through (for --explain and storage).
  std::unique_ptr<Explanation> explanation;
};

class Rater {
 public:
  static absl::StatusOr<std::unique_ptr<Rater>> Create(
      const RaterOptions& options);

  // Rates the puzzle's canonical form (core/canonical.h), so that every
  // isomorph of a puzzle gets the same rating: the deduction trace, the
  // exact solver's counts, the players' and the stochastic solvers' seeds
  // all come from the canonical form. The solutions and the explanation are
  // mapped back through the inverse transform, so they name the cells and
  // digits of `puzzle` as written. A puzzle without exactly one solution
  // gets its verdict and solutions from the puzzle as written; so does one
  // whose canonical form cannot be computed (ResourceExhausted, which needs
  // the tie sets of near-empty large grids: no unique puzzle met so far).
  // REQUIRES: CheckGivens(puzzle).ok().
  RatingResult Rate(const Grid& puzzle) const;
  // The same for a caller that has already run the count to two on
  // `puzzle` as written (max_solutions = 2, the backtrack solver, as the
  // rater runs it): `known` is that search's result, so the puzzle is not
  // counted twice. A `known` whose limit was hit gives kBudgetExceeded.
  RatingResult Rate(const Grid& puzzle, SolveResult known) const;
  // The same again for a caller that has canonicalized `puzzle` too (the
  // service, which needs the canonical key for the bank): `canonical` is
  // used instead of a second Canonicalize.
  // REQUIRES: canonical is Canonicalize(puzzle)'s value.
  RatingResult Rate(const Grid& puzzle, SolveResult known,
                    const Canonical& canonical) const;

  // Adds the stochastic solvers' results (options().stochastic_solvers, on
  // the canonical form as Rate() runs them) to a rating of `puzzle` that
  // lacks them, whatever options().stochastic says: a generator judges with
  // a fast rater and completes only the puzzles it keeps. The score and
  // level are recomputed (they change only if the model reads the
  // solvers). No-op unless rating->status is kRated. FailedPrecondition
  // when options().stochastic_source is not set.
  absl::Status AddStochasticFeatures(const Grid& puzzle,
                                     RatingResult* rating) const;

  const RaterOptions& options() const { return options_; }
  // options().Parameters() plus the resolved deduction ladder: every
  // parameter that can change a score, level or feature. Ratings with the
  // same ScoreParameters() are the same rating, whether or not the
  // stochastic solvers ran.
  std::map<std::string, std::string> ScoreParameters() const;
  // ScoreParameters() plus whether Rate() runs the stochastic solvers.
  std::map<std::string, std::string> Parameters() const;
  // Whether Rate() runs the stochastic solvers.
  bool RunsStochastic() const;

 private:
  Rater(const RaterOptions& options, std::unique_ptr<StepSolver> steps,
        std::unique_ptr<StepSolver> se_steps);
  // The rating of `puzzle` exactly as written (Rate() passes the canonical
  // form); seeds derive from its text. `exact` is the count-to-two search
  // of `puzzle`.
  RatingResult RateAsWritten(const Grid& puzzle, SolveResult exact) const;
  // Rate() of a puzzle with one solution, through its canonical form.
  RatingResult RateCanonical(const Canonical& canonical) const;
  // The stochastic features of `target` (the canonical form) into `f`.
  void RunStochastic(const Grid& target, RatingFeatures& f) const;
  // top_er (and trial) of a 9x9 puzzle from its trace `e` (f.er set);
  // false when SE's ladder outlasts the work bound (`status` says how).
  bool MeasureTop(const Grid& puzzle, const Explanation& e, RatingFeatures& f,
                  RateStatus* status) const;

  RaterOptions options_;
  std::unique_ptr<StepSolver> steps_;
  // Sudoku Explainer's ladder without guessing, below its dynamic forcing
  // chains "+" and nested forcing chains: top_er at the top.
  std::unique_ptr<StepSolver> se_steps_;
};

// The Forge score of a feature set (the fitted model). Larger is harder.
double ForgeScore(const RatingFeatures& features);
// A linear score (the human-time model's) with the top: a 9x9 puzzle at the
// top (top_er >= kTopFromEr) scores TopScore(top_er) whatever the linear
// score, so the human-time part cannot reverse the order there; a 9x9
// puzzle below the top scores at most TopScore(kTopFromEr). Other shapes
// keep the linear score. ForgeScore() is WithTop(installed linear model).
double WithTop(double score, const RatingFeatures& features);
// The score of a 9x9 puzzle at the top: kTopSlope score points per ER
// point above TopScore(kTopFromEr) (docs/CALIBRATION.md, "The top").
double TopScore(double top_er);
// The expected solve time of a typical player of the human-time data, in
// minutes: e^score / 60 (the score models ln seconds; docs/CALIBRATION.md
// gives its error on the held-out rows and which players it describes).
double ExpectedMinutes(double score);
// Whether the fitted model reads a stochastic-solver input.
bool ModelUsesStochastic();
// The level of a score. A 9x9 puzzle is extreme when top_er >= kTopUnsolvedEr
// (SE's chains "+" and nested chains, or a puzzle SE's ladder here cannot
// finish); other shapes whose trace guesses get kNeedsGuessing.
Level LevelFor(double score, const RatingFeatures& features);
// Whether `features` get kNeedsGuessing whatever the score: a trace that
// ends in a guess on a shape other than 9x9.
bool EndsInGuessLevel(const RatingFeatures& features);
// Score thresholds: easy < kMediumFrom <= medium < kHardFrom <= hard <
// kEvilFrom <= evil < ExtremeFrom() <= extreme.
struct LevelThresholds {
  double medium_from, hard_from, evil_from;
};
LevelThresholds Thresholds();
// Where extreme begins: TopScore(kTopUnsolvedEr).
double ExtremeFrom();
// LevelFor with explicit thresholds (calibration tries candidates);
// `ends_in_guess` is EndsInGuessLevel().
Level LevelForScore(double score, bool ends_in_guess,
                    const LevelThresholds& thresholds);

// The top of the score for 9x9 (docs/CALIBRATION.md, "The top") begins at
// this top_er.
inline constexpr double kTopFromEr = 8.0;
// The ladder spec of the rater's walk for top_er: Sudoku Explainer's whole
// ladder ("se"), its last producers (dynamic forcing chains "+" and the
// nested forcing chains, Technique::LastResort) included. Those rows run
// only where every other row has nothing, and cost seconds of CPU a puzzle
// there (each of their searches bounded by RaterOptions::top_work); where
// the walk still stops, top_er is the trial estimate.
std::string TopLadderSpec();
// From this ER of the trace (or when it guesses) the rater runs SE's ladder
// for top_er: the default ladder's ER is at most a few tenths below SE's
// there, so every puzzle SE rates 8.0 or more is caught.
inline constexpr double kSeLadderFromEr = 7.0;
// The ER estimate of a 9x9 puzzle SE's ladder cannot finish is at least this
// (SE's chains "+" begin at 9.0), and extreme begins there.
inline constexpr double kTopUnsolvedEr = 9.0;
// The ER estimate of a 9x9 puzzle SE's ladder cannot finish, from its stuck
// board (`trial`) and the length of the trace (steps, guesses included),
// clamped to [kTopUnsolvedEr, 12].
double TopErFromTrials(const TrialDepth& trial, int trace_steps);

// The score band [lo, hi) of a level (for generation targets).
std::pair<double, double> ScoreBand(Level level);

// Replays `explanation` from `puzzle` and returns the human search effort
// (see RatingFeatures::search_effort).
double SearchEffort(const Grid& puzzle, const Explanation& explanation);

}  // namespace sudoku

#endif  // SUDOKU_RATER_RATER_H_
