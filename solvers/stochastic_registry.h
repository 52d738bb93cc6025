// Every stochastic solver by name: the explicit list behind
// MakeStochasticSolver (no self-registering statics: static libraries drop
// translation units nothing references). Its own target,
// sudoku::stochastic_registry, above the interface (solvers/stochastic.h)
// and every implementation, so the interface never reaches back up to them.
// Adding a solver = one factory declared in its header and one line in
// StochasticRegistry() (solvers/stochastic_registry.cc).
#ifndef SUDOKU_SOLVERS_STOCHASTIC_REGISTRY_H_
#define SUDOKU_SOLVERS_STOCHASTIC_REGISTRY_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
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

// The registered stochastic solvers, in a fixed order.
std::vector<std::string> StochasticSolverNames();
// NotFound (listing the known names) for an unknown name; InvalidArgument for
// bad parameters.
absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeStochasticSolver(
    absl::string_view name, const StochasticParams& params = {});

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_STOCHASTIC_REGISTRY_H_
