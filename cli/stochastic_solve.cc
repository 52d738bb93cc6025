#include "cli/stochastic_solve.h"

#include <algorithm>
#include <iostream>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/json.h"
#include "cli/progress.h"
#include "core/format.h"
#include "solvers/stochastic.h"
#include "storage/stochastic_output.pb.h"

ABSL_FLAG(std::string, solver_params, "",
          "Stochastic solver parameters, key=value,... (e.g. alpha=0.7,zones=27)");
ABSL_FLAG(int64_t, max_iterations, 0,
          "Iteration budget per stochastic run (0 = the solver's paper default)");
ABSL_FLAG(double, max_seconds, 0,
          "CPU-time cap per stochastic run in seconds (0 = none; makes runs "
          "non-reproducible when it fires)");

namespace sudoku::cli {

bool IsStochasticSolver(const std::string& solver) {
  const std::vector<std::string> names = StochasticSolverNames();
  return std::find(names.begin(), names.end(), solver) != names.end();
}

int RunStochasticSolve(const CommandArgs& args) {
  const std::string solver_name = absl::GetFlag(FLAGS_solver);
  const int runs = absl::GetFlag(FLAGS_runs);
  if (runs < 1) return UsageError("solve", "--runs must be >= 1");
  const uint64_t seed = absl::GetFlag(FLAGS_seed);
  const bool json = absl::GetFlag(FLAGS_json) || absl::GetFlag(FLAGS_format) == "json";
  StochasticBudget budget;
  budget.max_iterations = absl::GetFlag(FLAGS_max_iterations);
  budget.max_seconds = absl::GetFlag(FLAGS_max_seconds);
  if (budget.max_iterations < 0 || budget.max_seconds < 0) {
    return UsageError("solve", "--max-iterations and --max-seconds must be >= 0");
  }
  absl::StatusOr<StochasticParams> params =
      ParseStochasticParams(absl::GetFlag(FLAGS_solver_params));
  if (!params.ok()) return UsageError("solve", std::string(params.status().message()));
  absl::StatusOr<std::unique_ptr<StochasticSolver>> solver =
      MakeStochasticSolver(solver_name, *params);
  if (!solver.ok()) return UsageError("solve", std::string(solver.status().message()));
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok()) return UsageError("solve", std::string(options.status().message()));
  absl::StatusOr<std::vector<InputPuzzle>> inputs = ReadInputs(args.positional, *options);
  if (!inputs.ok()) return UsageError("solve", std::string(inputs.status().message()));

  int exit_code = kExitOk;
  Progress progress("solve", static_cast<int64_t>(inputs->size()));
  for (const InputPuzzle& input : *inputs) {
    progress.Add();
    StochasticSolveOutput out;
    out.set_where(input.where());
    out.set_label(input.label);
    out.set_solver(solver_name);
    out.set_runs(static_cast<uint32_t>(runs));
    out.set_seed(seed);
    std::string error;
    if (!input.grid.ok()) {
      error = std::string(input.grid.status().message());
    } else if (!(*solver)->SupportsShape(input.grid->shape())) {
      error = absl::StrCat("solver ", solver_name, " does not support shape ",
                           input.grid->shape().name());
    }
    if (!error.empty()) {
      std::cerr << input.where() << ": " << error << "\n";
      out.set_error(error);
      if (json) std::cout << ToJson(out) << "\n";
      exit_code = kExitBadPuzzle;
      continue;
    }
    StochasticSummary s = RunMany(**solver, *input.grid, runs, seed, budget);
    out.set_puzzle(ToLine(*input.grid));
    out.set_successes(static_cast<uint32_t>(s.successes));
    out.set_success_rate(s.success_rate);
    out.set_median_iterations(s.median_iterations);
    out.set_median_seconds(s.median_seconds);
    out.set_median_restarts(s.median_restarts);
    out.set_mean_seconds_success(s.mean_seconds_success);
    out.set_time_limit_hit(s.time_limit_hit);
    for (const StochasticResult& r : s.results) {
      if (r.solved) {
        out.set_solution(ToLine(r.grid));
        break;
      }
    }
    if (json) {
      std::cout << ToJson(out) << "\n";
      continue;
    }
    std::cout << absl::StrFormat(
        "%s %s: success %d/%d (%.2f), median %.0f iterations, %.0f restarts, %.4f s",
        input.where(), solver_name, s.successes, runs, s.success_rate,
        s.median_iterations, s.median_restarts, s.median_seconds);
    if (s.time_limit_hit) std::cout << " (time limit hit)";
    std::cout << "\n";
    if (!out.solution().empty()) std::cout << out.solution() << "\n";
  }
  return exit_code;
}

}  // namespace sudoku::cli
