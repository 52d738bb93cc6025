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
#include "core/grid.h"
#include "deduction/step_solver.h"

namespace sudoku {

// Bumped whenever the same puzzle may get a different score or level.
inline constexpr int kRaterVersion = 1;

enum class Level { kEasy = 0, kMedium = 1, kHard = 2, kEvil = 3, kNeedsGuessing = 4 };
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
  // From the exact solver (count-to-2).
  int64_t solver_nodes = 0;
  int64_t solver_guesses = 0;
  // Stochastic solver name -> success rate over the configured runs.
  std::map<std::string, double> stochastic_success;
  std::map<std::string, double> stochastic_median_iterations;
};

struct RaterOptions {
  // Deduction ladder (--techniques syntax); empty = the default ladder.
  std::string techniques;
  // Uniqueness techniques assume one solution; the rater only rates unique
  // puzzles, so they are on by default, as in Sudoku Explainer.
  bool allow_uniqueness = true;
  // Stochastic solvers to run as features (names from the stochastic
  // registry) and their fixed budget: runs per puzzle, iterations per run,
  // base seed. Empty list = no stochastic features (fastest).
  std::vector<std::string> stochastic_solvers;
  int stochastic_runs = 4;
  int64_t stochastic_iterations = 20000;
  uint64_t stochastic_seed = 1;

  absl::Status Validate() const;
};

enum class RateStatus { kRated, kNoSolution, kMultipleSolutions };
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
  static absl::StatusOr<std::unique_ptr<Rater>> Create(const RaterOptions& options);

  // REQUIRES: CheckGivens(puzzle).ok().
  RatingResult Rate(const Grid& puzzle) const;

  const RaterOptions& options() const { return options_; }

 private:
  Rater(const RaterOptions& options, std::unique_ptr<StepSolver> steps);

  RaterOptions options_;
  std::unique_ptr<StepSolver> steps_;
};

// The Forge score of a feature set (the fitted model). Larger is harder.
double ForgeScore(const RatingFeatures& features);
// The level of a score; puzzles logic cannot finish are kNeedsGuessing.
Level LevelFor(double score, const RatingFeatures& features);
// Score thresholds: easy < kMediumFrom <= medium < kHardFrom <= hard <
// kEvilFrom <= evil.
struct LevelThresholds {
  double medium_from, hard_from, evil_from;
};
LevelThresholds Thresholds();

// The score band [lo, hi) of a level (for generation targets).
std::pair<double, double> ScoreBand(Level level);

// Replays `explanation` from `puzzle` and returns the human search effort
// (see RatingFeatures::search_effort).
double SearchEffort(const Grid& puzzle, const Explanation& explanation);

}  // namespace sudoku

#endif  // SUDOKU_RATER_RATER_H_
