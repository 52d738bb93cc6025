#include "bank/stochastic_runs.h"

#include <algorithm>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/format.h"
#include "core/rng.h"
#include "core/stats.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "solvers/entropy.h"
#include "solvers/projection.h"
#include "solvers/relaxation.h"
#include "solvers/stochastic_registry.h"

namespace sudoku::bank {
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

}  // namespace

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

bool IsStochasticSolverName(absl::string_view name) {
  const std::vector<std::string> names = StochasticSolverNames();
  return std::find(names.begin(), names.end(), name) != names.end();
}

absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeStochasticRunner(
    absl::string_view name, absl::string_view params_text,
    absl::string_view variant) {
  absl::StatusOr<StochasticParams> params = ParseStochasticParams(params_text);
  if (!params.ok()) return params.status();
  if (!variant.empty()) {
    if (name != "entropy") {
      return absl::InvalidArgumentError(
          "--variant applies to --solver=entropy only");
    }
    if (params->count("variant") != 0) {
      return absl::InvalidArgumentError(
          "variant given twice (--variant and --solver-params)");
    }
    (*params)["variant"] = std::string(variant);
  }
  return MakeStochasticSolver(name, *params);
}

StochasticSolveOutput RunStochastic(StochasticSolver& solver,
                                    const Grid& puzzle,
                                    const StochasticRunSpec& spec) {
  StochasticSolveOutput out;
  out.set_solver(std::string(solver.name()));
  out.set_runs(static_cast<uint32_t>(spec.runs));
  out.set_seed(spec.seed);
  if (!solver.SupportsShape(puzzle.shape())) {
    out.set_error(absl::StrCat("solver ", solver.name(),
                               " does not support shape ",
                               puzzle.shape().name()));
    return out;
  }
  const StochasticSummary s =
      RunMany(solver, puzzle, spec.runs, spec.seed, spec.budget);
  out.set_puzzle(ToLine(puzzle));
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
  return out;
}

bool SolvesSoftPuzzles(const StochasticSolver& solver) {
  return dynamic_cast<const EntropySolver*>(&solver) != nullptr ||
         dynamic_cast<const ProjectionSolver*>(&solver) != nullptr;
}

absl::StatusOr<StochasticSolveOutput> RunSoft(StochasticSolver& solver,
                                              const SoftPuzzle& soft,
                                              const StochasticRunSpec& spec) {
  auto* entropy = dynamic_cast<EntropySolver*>(&solver);
  auto* projection = dynamic_cast<ProjectionSolver*>(&solver);
  if (entropy == nullptr && projection == nullptr) {
    return absl::InvalidArgumentError(
        "--soft needs --solver=entropy or --solver=projection");
  }
  Grid exact_solution = soft.clues;
  const int exact = CountSoftSolutions(soft, 2, &exact_solution);
  std::vector<double> prior;
  const Relaxation relaxation = SoftRelaxation(soft, &prior);
  std::vector<double> iterations, seconds;
  int successes = 0;
  std::string solution;
  for (int r = 0; r < spec.runs; ++r) {
    const uint64_t run_seed = DeriveSeed(spec.seed, static_cast<uint64_t>(r));
    StochasticResult result =
        entropy != nullptr
            ? entropy->RunRelaxation(relaxation, prior, soft.clues, spec.budget)
            : projection->RunRelaxation(relaxation, soft.clues, run_seed,
                                        spec.budget);
    const bool ok = IsValidSoftSolution(soft, result.grid);
    successes += ok;
    if (ok && solution.empty()) solution = ToLine(result.grid);
    iterations.push_back(static_cast<double>(result.iterations));
    seconds.push_back(result.seconds);
  }
  StochasticSolveOutput out;
  out.set_puzzle(ToSoftLine(soft));
  out.set_solver(std::string(solver.name()));
  out.set_runs(static_cast<uint32_t>(spec.runs));
  out.set_seed(spec.seed);
  out.set_successes(static_cast<uint32_t>(successes));
  out.set_success_rate(static_cast<double>(successes) / spec.runs);
  out.set_median_iterations(Median(iterations));
  out.set_median_seconds(Median(seconds));
  out.set_solution(solution);
  out.set_exact_solutions(static_cast<uint32_t>(exact));
  return out;
}

}  // namespace sudoku::bank
