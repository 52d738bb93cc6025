// The stepping solver: solves a puzzle the way a person would, one
// deduction at a time, and rates it on the Sudoku Explainer scale.
//
// At every point it takes the LOWEST-RATED deduction any technique of the
// ladder offers (ties go to the earlier technique), applies it and records
// it, until the grid is solved or nothing applies. That is Sudoku
// Explainer's rule (its producers are ordered by rating and it applies the
// first hint found), and the reason ER means "the hardest step on the
// easiest path". When stuck, an optional GUESS places the solution's digit
// in a cell with the fewest candidates, so the walk-through still ends.
//
// Thread-safety: a StepSolver is immutable after construction; its methods
// are const and may be called from several threads.
#ifndef SUDOKU_DEDUCTION_STEP_SOLVER_H_
#define SUDOKU_DEDUCTION_STEP_SOLVER_H_

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/board.h"
#include "core/grid.h"
#include "deduction/registry.h"
#include "deduction/technique.h"

namespace sudoku {

// The rating of a GUESS step, and so the ER of a puzzle the ladder cannot
// finish: Sudoku Explainer reports 20.0 when its solver gets stuck.
inline constexpr double kGuessRating = 20.0;
inline constexpr absl::string_view kGuessId = "guess";

enum class ExplainStatus {
  kSolved,             // solved (by logic, or with guesses if allowed)
  kStuck,              // no technique applies and guessing is off
  kNoSolution,         // the puzzle (or board) has no solution
  kMultipleSolutions,  // the puzzle has several solutions: rejected before
                       // any step, like the rater does
  kOutOfTime,          // gave up at DeductionOptions::max_seconds; the
                       // steps so far are kept
  kBudgetExceeded,     // the exact search before the walk used up
                       // DeductionOptions::max_nodes; no steps
};
// The verdict word, as ExplainOutput.Status names it ("SOLVED", "NONE", ...).
absl::string_view ExplainStatusName(ExplainStatus status);

// Sudoku Explainer's three numbers, from a step list.
struct SeRatings {
  double er = 0;  // the hardest step
  double ep = 0;  // the hardest step up to the first placement
  double ed = 0;  // the first step
};
// REQUIRES: steps in the order applied. All zero for an empty list.
SeRatings ComputeSeRatings(absl::Span<const Deduction> steps);

struct Explanation {
  ExplainStatus status = ExplainStatus::kSolved;
  std::vector<Deduction> steps;
  // The board after the last step (complete when solved).
  Grid final_grid;
  bool solved_by_logic = false;  // solved with no GUESS step
  int guesses = 0;
  SeRatings ratings;
  // (technique id, count) in order of decreasing count, then first use.
  std::vector<std::pair<std::string, int>> technique_counts;

  explicit Explanation(const Shape& shape) : final_grid(shape) {}
};

// "54 × hidden_single, 3 × pointing, 1 × x_wing".
std::string SummarizeCounts(const Explanation& explanation);

class StepSolver {
 public:
  // `ladder` in the order ties are broken (registry order).
  StepSolver(std::vector<std::unique_ptr<Technique>> ladder,
             const DeductionOptions& options);
  // MakeLadder(spec, options) wrapped; InvalidArgument for an unknown entry.
  static absl::StatusOr<std::unique_ptr<StepSolver>> Create(
      absl::string_view spec, const DeductionOptions& options);

  // The easiest deduction on `board`, or nullopt when no technique applies.
  // With allow_uniqueness = false the ladder's uniqueness techniques are
  // skipped for this call.
  std::optional<Deduction> NextStep(const Board& board,
                                    bool allow_uniqueness = true) const;

  // Solves `puzzle` step by step. REQUIRES: CheckGivens(puzzle).ok().
  // A puzzle without exactly one solution gets kNoSolution or
  // kMultipleSolutions and no steps; a walk (or the exact search before it)
  // that outlasts options().max_seconds ends with kOutOfTime; an exact
  // search that uses up options().max_nodes ends with kBudgetExceeded.
  Explanation Explain(const Grid& puzzle) const;
  // The same from a board with pencil marks already reduced.
  Explanation ExplainBoard(const Board& board) const;

  const std::vector<std::unique_ptr<Technique>>& ladder() const {
    return ladder_;
  }
  const DeductionOptions& options() const { return options_; }

 private:
  std::vector<std::unique_ptr<Technique>> ladder_;
  std::vector<bool> is_uniqueness_;  // parallel to ladder_
  DeductionOptions options_;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_STEP_SOLVER_H_
