#include "cli/stochastic_solve.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/progress.h"
#include "core/format.h"
#include "core/rng.h"
#include "core/stats.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "solvers/entropy.h"
#include "solvers/projection.h"
#include "solvers/soft_puzzle.h"
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

// "r4c12" -> cell index, or -1.
int CellOfName(const Shape& shape, absl::string_view name) {
  int row = 0, col = 0;
  const size_t c = name.find_first_of("cC");
  if (name.size() < 4 || (name[0] != 'r' && name[0] != 'R') ||
      c == absl::string_view::npos ||
      !absl::SimpleAtoi(name.substr(1, c - 1), &row) ||
      !absl::SimpleAtoi(name.substr(c + 1), &col) || row < 1 ||
      row > shape.size() || col < 1 || col > shape.size()) {
    return -1;
  }
  return shape.Cell(row - 1, col - 1);
}

// One JSON line: {"puzzle": "<soft line>", "weights": {"r1c4": {"4": 0.4}}}.
absl::StatusOr<SoftPuzzle> ParseSoftJson(absl::string_view line,
                                         int line_number, const Shape* shape) {
  google::protobuf::Struct root;
  auto status =
      google::protobuf::util::JsonStringToMessage(std::string(line), &root);
  const std::string at = absl::StrCat("line ", line_number, ": ");
  if (!status.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(at, "bad JSON: ", std::string(status.message())));
  }
  const auto& fields = root.fields();
  for (const auto& [key, value] : fields) {
    if (key != "puzzle" && key != "weights") {
      return absl::InvalidArgumentError(absl::StrCat(
          at, "unknown key \"", key, "\" (expected puzzle, weights)"));
    }
  }
  auto puzzle_it = fields.find("puzzle");
  if (puzzle_it == fields.end() || !puzzle_it->second.has_string_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat(at, "\"puzzle\" must be a string"));
  }
  absl::StatusOr<SoftPuzzle> soft =
      ParseSoftPuzzle(puzzle_it->second.string_value(), line_number, shape);
  if (!soft.ok()) return soft.status();
  auto weights_it = fields.find("weights");
  if (weights_it == fields.end()) return soft;
  if (!weights_it->second.has_struct_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat(at, "\"weights\" must be an object"));
  }
  for (const auto& [cell_name, dist] :
       weights_it->second.struct_value().fields()) {
    const int cell = CellOfName(soft->clues.shape(), cell_name);
    if (cell < 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          at, "bad cell name \"", cell_name, "\" (expected like r1c4)"));
    }
    if (!dist.has_struct_value()) {
      return absl::InvalidArgumentError(
          absl::StrCat(at, cell_name, ": expected an object of digit: weight"));
    }
    std::vector<std::pair<int, double>> pairs;
    for (const auto& [digit, weight] : dist.struct_value().fields()) {
      int d = 0;
      if (!absl::SimpleAtoi(digit, &d) || !weight.has_number_value()) {
        return absl::InvalidArgumentError(
            absl::StrCat(at, cell_name, ": expected \"digit\": number, got \"",
                         digit, "\""));
      }
      pairs.emplace_back(d, weight.number_value());
    }
    absl::Status set = SetSoftClue(*soft, cell, pairs);
    if (!set.ok())
      return absl::InvalidArgumentError(absl::StrCat(at, set.message()));
  }
  absl::Status givens = CheckGivens(soft->clues);
  if (!givens.ok())
    return absl::InvalidArgumentError(absl::StrCat(at, givens.message()));
  return soft;
}

// Soft puzzles of a text: line format, or one JSON object per line.
absl::StatusOr<std::vector<SoftPuzzle>> ParseSoftText(absl::string_view text,
                                                      const Shape* shape) {
  std::vector<SoftPuzzle> out;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    const absl::string_view trimmed = absl::StripAsciiWhitespace(line);
    if (trimmed.empty() || trimmed[0] == '#') continue;
    const int lead = static_cast<int>(
        line.size() - absl::StripLeadingAsciiWhitespace(line).size());
    absl::StatusOr<SoftPuzzle> p =
        absl::StartsWith(trimmed, "{\"")
            ? ParseSoftJson(trimmed, line_number, shape)
            : ParseSoftPuzzle(line.substr(static_cast<size_t>(lead)),
                              line_number, shape, lead);
    if (!p.ok()) return p.status();
    out.push_back(*std::move(p));
  }
  return out;
}

// `solve --soft`: soft-clue puzzles, one per line (files, "-" or literal).
int RunSoftSolve(const CommandArgs& args, const std::string& solver_name,
                 StochasticSolver& solver, int runs, uint64_t seed, bool json,
                 const StochasticBudget& budget) {
  auto* entropy = dynamic_cast<EntropySolver*>(&solver);
  auto* projection = dynamic_cast<ProjectionSolver*>(&solver);
  if (entropy == nullptr && projection == nullptr) {
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
        ParseSoftText(text, options->shape);
    if (!puzzles.ok()) {
      std::cerr << where << ": " << puzzles.status().message() << "\n";
      exit_code = kExitBadPuzzle;
      continue;
    }
    for (size_t i = 0; i < puzzles->size(); ++i) {
      const SoftPuzzle& soft = (*puzzles)[i];
      Grid exact_solution = soft.clues;
      const int exact = CountSoftSolutions(soft, 2, &exact_solution);
      std::vector<double> prior;
      const Relaxation relaxation = SoftRelaxation(soft, &prior);
      std::vector<double> iterations, seconds;
      int successes = 0;
      std::string solution;
      for (int r = 0; r < runs; ++r) {
        const uint64_t run_seed = DeriveSeed(seed, static_cast<uint64_t>(r));
        StochasticResult result =
            entropy != nullptr
                ? entropy->RunRelaxation(relaxation, prior, soft.clues, budget)
                : projection->RunRelaxation(relaxation, soft.clues, run_seed,
                                            budget);
        const bool ok = IsValidSoftSolution(soft, result.grid);
        successes += ok;
        if (ok && solution.empty()) solution = ToLine(result.grid);
        iterations.push_back(static_cast<double>(result.iterations));
        seconds.push_back(result.seconds);
      }
      StochasticSolveOutput out;
      out.set_where(absl::StrCat(where, " #", i + 1));
      out.set_puzzle(ToSoftLine(soft));
      out.set_solver(solver_name);
      out.set_runs(static_cast<uint32_t>(runs));
      out.set_seed(seed);
      out.set_successes(static_cast<uint32_t>(successes));
      out.set_success_rate(static_cast<double>(successes) / runs);
      out.set_median_iterations(Median(iterations));
      out.set_median_seconds(Median(seconds));
      out.set_solution(solution);
      out.set_exact_solutions(static_cast<uint32_t>(exact));
      if (json) {
        std::cout << ToJson(out) << "\n";
        continue;
      }
      std::cout << absl::StrFormat(
          "%s %s: success %d/%d (%.2f), median %.0f iterations, %.4f s; "
          "exact: %s\n",
          out.where(), solver_name, successes, runs, out.success_rate(),
          out.median_iterations(), out.median_seconds(),
          exact == 0   ? "no solution"
          : exact == 1 ? "unique"
                       : "2+ solutions");
      if (!solution.empty()) std::cout << solution << "\n";
    }
  }
  return exit_code;
}

}  // namespace

bool IsStochasticSolver(const std::string& solver) {
  const std::vector<std::string> names = StochasticSolverNames();
  return std::find(names.begin(), names.end(), solver) != names.end();
}

int RunStochasticSolve(const CommandArgs& args) {
  const std::string solver_name = absl::GetFlag(FLAGS_solver);
  const int runs = absl::GetFlag(FLAGS_runs);
  if (runs < 1) return UsageError("solve", "--runs must be >= 1");
  const uint64_t seed = absl::GetFlag(FLAGS_seed);
  const bool json =
      absl::GetFlag(FLAGS_json) || absl::GetFlag(FLAGS_format) == "json";
  StochasticBudget budget;
  budget.max_iterations = absl::GetFlag(FLAGS_max_iterations);
  budget.max_seconds = absl::GetFlag(FLAGS_max_seconds);
  if (budget.max_iterations < 0 || budget.max_seconds < 0) {
    return UsageError("solve",
                      "--max-iterations and --max-seconds must be >= 0");
  }
  absl::StatusOr<StochasticParams> params =
      ParseStochasticParams(absl::GetFlag(FLAGS_solver_params));
  if (!params.ok())
    return UsageError("solve", std::string(params.status().message()));
  if (const std::string variant = absl::GetFlag(FLAGS_variant);
      !variant.empty()) {
    if (solver_name != "entropy")
      return UsageError("solve", "--variant applies to --solver=entropy only");
    if (params->count("variant") != 0)
      return UsageError("solve",
                        "variant given twice (--variant and "
                        "--solver-params)");
    (*params)["variant"] = variant;
  }
  absl::StatusOr<std::unique_ptr<StochasticSolver>> solver =
      MakeStochasticSolver(solver_name, *params);
  if (!solver.ok())
    return UsageError("solve", std::string(solver.status().message()));
  if (absl::GetFlag(FLAGS_soft)) {
    return RunSoftSolve(args, solver_name, **solver, runs, seed, json, budget);
  }
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
        "%s %s: success %d/%d (%.2f), median %.0f iterations, %.0f restarts, "
        "%.4f s",
        input.where(), solver_name, s.successes, runs, s.success_rate,
        s.median_iterations, s.median_restarts, s.median_seconds);
    if (s.time_limit_hit) std::cout << " (time limit hit)";
    std::cout << "\n";
    if (!out.solution().empty()) std::cout << out.solution() << "\n";
  }
  return exit_code;
}

}  // namespace sudoku::cli
