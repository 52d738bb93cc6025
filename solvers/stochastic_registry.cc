#include "solvers/stochastic_registry.h"

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

}  // namespace sudoku
