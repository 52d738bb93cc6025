// The explicit list behind MakeStochasticSolver (no self-registering
// statics: static libraries drop translation units nothing references).
// Adding a solver = one factory declared in its header and one line in
// StochasticRegistry() (solvers/stochastic_registry.cc).
#ifndef SUDOKU_SOLVERS_STOCHASTIC_REGISTRY_H_
#define SUDOKU_SOLVERS_STOCHASTIC_REGISTRY_H_

#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "solvers/stochastic.h"

namespace sudoku {

struct StochasticRegistryEntry {
  const char* name;
  // Builds the solver from its parameters (taken by value: the factory
  // removes the keys it knows and rejects the rest).
  absl::StatusOr<std::unique_ptr<StochasticSolver>> (*make)(
      StochasticParams params);
};

const std::vector<StochasticRegistryEntry>& StochasticRegistry();

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_STOCHASTIC_REGISTRY_H_
