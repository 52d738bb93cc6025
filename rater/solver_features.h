// The rater's stochastic features computed by the stochastic solvers
// (solvers/stochastic_registry.h). Target sudoku::rater_solvers, apart from
// sudoku::rater so that only the binaries that run the solvers link them
// (and COIN-OR CLP).
#ifndef SUDOKU_RATER_SOLVER_FEATURES_H_
#define SUDOKU_RATER_SOLVER_FEATURES_H_

#include <memory>

#include "rater/rater.h"
#include "rater/stochastic_features.h"

namespace sudoku {

// A process-wide source over the registered solvers; thread-safe. A solver
// is named as in the registry, optionally with its parameters after a colon
// ("reseda:zones=27").
std::shared_ptr<const StochasticFeatureSource> SolverStochasticFeatures();

// `options` with stochastic_source = SolverStochasticFeatures().
RaterOptions WithSolverFeatures(RaterOptions options);

}  // namespace sudoku

#endif  // SUDOKU_RATER_SOLVER_FEATURES_H_
