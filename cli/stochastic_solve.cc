#include "cli/stochastic_solve.h"

#include <filesystem>
#include <iostream>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "bank/stochastic_runs.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/progress.h"
#include "core/format.h"
#include "solvers/stochastic.h"
#include "storage/json.h"
#include "storage/stochastic_output.pb.h"

ABSL_FLAG(
    std::string, solver_params, "",
    "Stochastic solver parameters, key=value,... (e.g. alpha=0.7,zones=27)");
ABSL_FLAG(
    int64_t, max_iterations, 0,
    "Iteration budget per stochastic run (0 = the solver's paper default)");
ABSL_FLAG(double, max_seconds, 0,
          "CPU-time cap per stochastic run in seconds (0 = none; makes runs "
          "non-reproducible when it fires)");

ABSL_FLAG(std::string, variant, "",
          "Entropy solver variant C|D|E|F (Gunther & Moon Table I; default C)");
ABSL_FLAG(bool, soft, false,
          "Read soft-clue puzzles (cells like {4679} or {4:0.4,6:0.6}); "
          "solve with --solver=entropy or projection and count the exact "
          "solutions");

namespace sudoku::cli {
namespace {

// `solve --soft`: soft-clue puzzles, one per line (files, "-" or literal).
int RunSoftSolve(const CommandArgs& args, StochasticSolver& solver,
                 const bank::StochasticRunSpec& spec, bool json) {
  if (!bank::SolvesSoftPuzzles(solver)) {
    return UsageError("solve",
                      "--soft needs --solver=entropy or --solver=projection");
  }
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("solve", std::string(options.status().message()));
  std::vector<std::string> sources = args.positional;
  if (sources.empty()) sources.push_back("-");
  int exit_code = kExitOk;
  for (size_t a = 0; a < sources.size(); ++a) {
    const std::string& source = sources[a];
    std::string text = source;
    std::string where = absl::StrCat("argument ", a + 1);
    if (source == "-" || std::filesystem::exists(source)) {
      absl::StatusOr<std::string> read = ReadFileOrStdin(source);
      if (!read.ok())
        return UsageError("solve", std::string(read.status().message()));
      text = *std::move(read);
      where = source == "-" ? "<stdin>" : source;
    }
    absl::StatusOr<std::vector<SoftPuzzle>> puzzles =
        bank::ParseSoftText(text, options->shape);
    if (!puzzles.ok()) {
      std::cerr << where << ": " << puzzles.status().message() << "\n";
      exit_code = kExitBadPuzzle;
      continue;
    }
    for (size_t i = 0; i < puzzles->size(); ++i) {
      absl::StatusOr<StochasticSolveOutput> out =
          bank::RunSoft(solver, (*puzzles)[i], spec);
      if (!out.ok())
        return UsageError("solve", std::string(out.status().message()));
      out->set_where(absl::StrCat(where, " #", i + 1));
      if (json) {
        std::cout << ToJson(*out) << "\n";
        continue;
      }
      const uint32_t exact = out->exact_solutions();
      std::cout << absl::StrFormat(
          "%s %s: success %d/%d (%.2f), median %.0f iterations, %.4f s; "
          "exact: %s\n",
          out->where(), out->solver(), out->successes(), out->runs(),
          out->success_rate(), out->median_iterations(), out->median_seconds(),
          exact == 0   ? "no solution"
          : exact == 1 ? "unique"
                       : "2+ solutions");
      if (!out->solution().empty()) std::cout << out->solution() << "\n";
    }
  }
  return exit_code;
}

void PrintText(const StochasticSolveOutput& out) {
  std::cout << absl::StrFormat(
      "%s %s: success %d/%d (%.2f), median %.0f iterations, %.0f restarts, "
      "%.4f s",
      out.where(), out.solver(), out.successes(), out.runs(),
      out.success_rate(), out.median_iterations(), out.median_restarts(),
      out.median_seconds());
  if (out.time_limit_hit()) std::cout << " (time limit hit)";
  std::cout << "\n";
  if (!out.solution().empty()) std::cout << out.solution() << "\n";
}

}  // namespace

bool IsStochasticSolver(const std::string& solver) {
  return bank::IsStochasticSolverName(solver);
}

int RunStochasticSolve(const CommandArgs& args) {
  bank::StochasticRunSpec spec;
  spec.runs = absl::GetFlag(FLAGS_runs);
  if (spec.runs < 1) return UsageError("solve", "--runs must be >= 1");
  spec.seed = absl::GetFlag(FLAGS_seed);
  const bool json =
      absl::GetFlag(FLAGS_json) || absl::GetFlag(FLAGS_format) == "json";
  spec.budget.max_iterations = absl::GetFlag(FLAGS_max_iterations);
  spec.budget.max_seconds = absl::GetFlag(FLAGS_max_seconds);
  if (spec.budget.max_iterations < 0 || spec.budget.max_seconds < 0) {
    return UsageError("solve",
                      "--max-iterations and --max-seconds must be >= 0");
  }
  absl::StatusOr<std::unique_ptr<StochasticSolver>> solver =
      bank::MakeStochasticRunner(absl::GetFlag(FLAGS_solver),
                                 absl::GetFlag(FLAGS_solver_params),
                                 absl::GetFlag(FLAGS_variant));
  if (!solver.ok())
    return UsageError("solve", std::string(solver.status().message()));
  if (absl::GetFlag(FLAGS_soft))
    return RunSoftSolve(args, **solver, spec, json);
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("solve", std::string(options.status().message()));
  absl::StatusOr<std::vector<InputPuzzle>> inputs =
      ReadInputs(args.positional, *options);
  if (!inputs.ok())
    return UsageError("solve", std::string(inputs.status().message()));

  int exit_code = kExitOk;
  Progress progress("solve", static_cast<int64_t>(inputs->size()));
  for (const InputPuzzle& input : *inputs) {
    progress.Add();
    StochasticSolveOutput out;
    if (input.grid.ok()) {
      out = bank::RunStochastic(**solver, *input.grid, spec);
    } else {
      out.set_solver(std::string((*solver)->name()));
      out.set_runs(static_cast<uint32_t>(spec.runs));
      out.set_seed(spec.seed);
      out.set_error(std::string(input.grid.status().message()));
    }
    out.set_where(input.where());
    out.set_label(input.label);
    if (!out.error().empty()) {
      std::cerr << input.where() << ": " << out.error() << "\n";
      exit_code = kExitBadPuzzle;
      if (json) std::cout << ToJson(out) << "\n";
      continue;
    }
    if (json) {
      std::cout << ToJson(out) << "\n";
    } else {
      PrintText(out);
    }
  }
  return exit_code;
}

}  // namespace sudoku::cli
