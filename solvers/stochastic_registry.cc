#include "solvers/stochastic_registry.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "solvers/anneal.h"
#include "solvers/entropy.h"
#include "solvers/hillclimb.h"
#include "solvers/projection.h"
#include "solvers/reseda.h"

namespace sudoku {

// One line per solver, in the order StochasticSolverNames() lists them.
const std::vector<StochasticRegistryEntry>& StochasticRegistry() {
  static const auto* registry = new std::vector<StochasticRegistryEntry>{
      {"anneal", &MakeAnnealSolver},   {"hillclimb", &MakeHillClimbSolver},
      {"reseda", &MakeResedaSolver},   {"projection", &MakeProjectionSolver},
      {"entropy", &MakeEntropySolver},
  };
  return *registry;
}

std::vector<std::string> StochasticSolverNames() {
  std::vector<std::string> names;
  for (const StochasticRegistryEntry& e : StochasticRegistry()) {
    names.emplace_back(e.name);
  }
  return names;
}

absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeStochasticSolver(
    absl::string_view name, const StochasticParams& params) {
  for (const StochasticRegistryEntry& e : StochasticRegistry()) {
    if (name == e.name) return e.make(params);
  }
  return absl::NotFoundError(absl::StrCat(
      "unknown stochastic solver '", name,
      "' (known: ", absl::StrJoin(StochasticSolverNames(), ", "), ")"));
}

}  // namespace sudoku
