#include "rater/solver_features.h"

#include <memory>
#include <utility>

#include "solvers/stochastic.h"
#include "solvers/stochastic_registry.h"

namespace sudoku {
namespace {

// "name" or "name:key=value,..." (a solver with its parameters, e.g.
// "reseda:zones=27").
absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeFromSpec(
    absl::string_view spec) {
  const size_t colon = spec.find(':');
  if (colon == absl::string_view::npos) return MakeStochasticSolver(spec);
  absl::StatusOr<StochasticParams> params =
      ParseStochasticParams(spec.substr(colon + 1));
  if (!params.ok()) return params.status();
  return MakeStochasticSolver(spec.substr(0, colon), *params);
}

class RegistryFeatures : public StochasticFeatureSource {
 public:
  absl::Status CheckSolver(absl::string_view solver) const override {
    return MakeFromSpec(solver).status();
  }

  std::optional<StochasticFeature> Run(absl::string_view solver,
                                       const Grid& puzzle, int runs,
                                       uint64_t seed,
                                       int64_t iterations) const override {
    // A fresh instance per call: solvers keep scratch and are not
    // thread-safe, and building one costs nothing next to its runs.
    absl::StatusOr<std::unique_ptr<StochasticSolver>> runner =
        MakeFromSpec(solver);
    if (!runner.ok() || !(*runner)->SupportsShape(puzzle.shape()))
      return std::nullopt;
    StochasticBudget budget;
    budget.max_iterations = iterations;
    const StochasticSummary s = RunMany(**runner, puzzle, runs, seed, budget);
    return StochasticFeature{s.success_rate, s.median_iterations};
  }
};

}  // namespace

std::shared_ptr<const StochasticFeatureSource> SolverStochasticFeatures() {
  static const auto* source =
      new std::shared_ptr<const StochasticFeatureSource>(
          std::make_shared<RegistryFeatures>());
  return *source;
}

RaterOptions WithSolverFeatures(RaterOptions options) {
  options.stochastic_source = SolverStochasticFeatures();
  return options;
}

}  // namespace sudoku
