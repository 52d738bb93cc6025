// Rater options the rater's tests share.
#ifndef SUDOKU_RATER_TEST_OPTIONS_H_
#define SUDOKU_RATER_TEST_OPTIONS_H_

#include "rater/rater.h"
#include "rater/solver_features.h"

namespace sudoku::testing {

// The stochastic solvers on, at budgets small enough for sanitizer runs.
inline RaterOptions SmallStochasticOptions() {
  RaterOptions options = WithSolverFeatures({});
  options.stochastic = StochasticUse::kAlways;
  options.stochastic_solvers = {{"anneal", 2, 300},
                                {"hillclimb", 2, 10},
                                {"reseda", 1, 1},
                                {"projection", 1, 50},
                                {"entropy", 1, 4}};
  return options;
}

}  // namespace sudoku::testing

#endif  // SUDOKU_RATER_TEST_OPTIONS_H_
