// How the rater receives the stochastic solvers' results: through this
// interface, so that sudoku::rater links no stochastic solver (and so no LP
// solver). rater/solver_features.h gives the implementation over the
// solvers' registry (target sudoku::rater_solvers); front ends that let the
// rater run the solvers put it in RaterOptions::stochastic_source.
#ifndef SUDOKU_RATER_STOCHASTIC_FEATURES_H_
#define SUDOKU_RATER_STOCHASTIC_FEATURES_H_

#include <cstdint>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "core/grid.h"

namespace sudoku {

// One solver's figures over its seeded runs on one puzzle.
struct StochasticFeature {
  double success_rate = 0;       // successes / runs
  double median_iterations = 0;  // over all runs (failures at full budget)
};

class StochasticFeatureSource {
 public:
  virtual ~StochasticFeatureSource() = default;
  // OK when `solver` names a solver this source can run; NotFound (listing
  // the known names) otherwise.
  virtual absl::Status CheckSolver(absl::string_view solver) const = 0;
  // `runs` runs of `solver` on `puzzle`, run i seeded by DeriveSeed(seed, i),
  // each of at most `iterations` iterations; std::nullopt when the solver is
  // unknown or does not support the puzzle's shape. Thread-safe.
  // REQUIRES: CheckGivens(puzzle).ok(), runs >= 1.
  virtual std::optional<StochasticFeature> Run(absl::string_view solver,
                                               const Grid& puzzle, int runs,
                                               uint64_t seed,
                                               int64_t iterations) const = 0;
};

}  // namespace sudoku

#endif  // SUDOKU_RATER_STOCHASTIC_FEATURES_H_
