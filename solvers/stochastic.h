// Stochastic solvers: randomised searches that either reach a valid grid or
// run out of budget (simulated annealing, hill climbing, RESEDA, alternating
// projections, entropy minimisation). Their success rates over many seeded
// runs are difficulty features for the rater.
//
// Contract shared by every implementation:
//  * Same puzzle, same seed, same iteration budget => the same run, bit for
//    bit (every random choice flows from `seed` through core/rng.h). Only the
//    optional time cap (max_seconds) can make a run non-reproducible, and a
//    result says when it fired.
//  * `solved` is decided independently of the solver's own cost function:
//    IsValidSolution(puzzle, grid). On puzzles with several solutions any
//    valid grid that keeps the clues counts.
//  * What one "iteration" is depends on the method and is documented with
//    each solver (docs/STOCHASTIC.md): one proposed move for annealing, one
//    steepest-ascent step for hill climbing, one generation of Q samples for
//    RESEDA, one projection sweep for the projection solvers.
#ifndef SUDOKU_SOLVERS_STOCHASTIC_H_
#define SUDOKU_SOLVERS_STOCHASTIC_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid.h"

namespace sudoku {

struct StochasticBudget {
  // Iterations per run (summed over the run's restarts); the deterministic
  // budget. 0 = the solver's paper default (e.g. 2*10^5 for annealing).
  int64_t max_iterations = 0;
  // Optional CPU-time cap per run in seconds (0 = none). When it fires the
  // run is no longer reproducible; StochasticResult::time_limit_hit says so.
  double max_seconds = 0;
};

struct StochasticResult {
  // IsValidSolution(puzzle, grid).
  bool solved = false;
  // Iterations used, in the solver's unit (see the file comment).
  int64_t iterations = 0;
  // Restarts from a fresh state (random restarts, RESEDA partial and full
  // restarts, annealing temperature resets).
  int64_t restarts = 0;
  // The solver's own cost of `grid` (0 when solved for every method here).
  int64_t final_cost = 0;
  // CPU seconds of this run (thread CPU time; measurement only).
  double seconds = 0;
  // True when max_seconds stopped the run before its iteration budget.
  bool time_limit_hit = false;
  // The final state (the solution when solved, otherwise the best or last
  // state, as the solver documents). Always a complete grid for the solvers
  // that work on complete grids; same shape as the puzzle.
  Grid grid{Shape::Classic()};
};

// A configured solver. Instances keep scratch memory between runs and are not
// thread-safe: use one per thread.
class StochasticSolver {
 public:
  virtual ~StochasticSolver() = default;
  // The registry name: "anneal", "hillclimb", "reseda", ...
  virtual absl::string_view name() const = 0;
  // Whether the method is implemented for `shape` (all are for 3x3).
  virtual bool SupportsShape(const Shape& shape) const = 0;
  // One run from `seed`.
  // REQUIRES: CheckGivens(puzzle).ok(), SupportsShape(puzzle.shape()).
  virtual StochasticResult Run(const Grid& puzzle, uint64_t seed,
                               const StochasticBudget& budget) = 0;
};

// Solver parameters by name, as typed on the command line
// ("alpha=0.7,beta=0.6"). Each solver documents its keys and defaults (the
// paper's values) and rejects unknown keys and bad values with
// InvalidArgument, so a typo never silently runs the default.
using StochasticParams = std::map<std::string, std::string>;

// Parses "k=v,k=v" (empty text = no parameters). InvalidArgument on a
// missing '=', an empty key or a repeated key.
absl::StatusOr<StochasticParams> ParseStochasticParams(absl::string_view text);

// The solvers by name (StochasticSolverNames, MakeStochasticSolver) are in
// solvers/stochastic_registry.h, a target above every implementation.

// K independent runs of one solver on one puzzle.
struct StochasticSummary {
  int runs = 0;
  int successes = 0;
  double success_rate = 0;  // successes / runs
  // Medians over all runs (failed runs count with their full budget), the
  // mean of the two middle values for an even count.
  double median_iterations = 0;
  double median_seconds = 0;
  double median_restarts = 0;
  // Over successful runs only (0 when none): the paper tables' "time of
  // success".
  double mean_seconds_success = 0;
  double mean_iterations_success = 0;
  double mean_restarts_success = 0;
  // Any run stopped by max_seconds.
  bool time_limit_hit = false;
  // Every run, in run order (run i used seed DeriveSeed(seed, i)).
  std::vector<StochasticResult> results;
};

// Runs `solver` `runs` times on `puzzle`, run i with seed DeriveSeed(seed, i),
// and checks each final grid with IsValidSolution (the solver's own verdict
// is not trusted). REQUIRES: runs >= 1 and the Run preconditions.
StochasticSummary RunMany(StochasticSolver& solver, const Grid& puzzle,
                          int runs, uint64_t seed,
                          const StochasticBudget& budget);

// Helpers for implementations.

// CPU seconds consumed by the calling thread (CLOCK_THREAD_CPUTIME_ID): what
// StochasticResult::seconds and StochasticBudget::max_seconds measure, so
// that times stay meaningful on a loaded machine (the papers report CPU time).
double ThreadCpuSeconds();

// Looks up a parameter, removing it from `params`; the default when absent.
// InvalidArgument naming the key for a value that does not parse.
absl::Status TakeParam(StochasticParams& params, absl::string_view key,
                       double* value);
absl::Status TakeParam(StochasticParams& params, absl::string_view key,
                       int64_t* value);
absl::Status TakeParam(StochasticParams& params, absl::string_view key,
                       std::string* value);
// InvalidArgument naming the first leftover key (call after taking all).
absl::Status CheckNoParamsLeft(absl::string_view solver,
                               const StochasticParams& params);

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_STOCHASTIC_H_
