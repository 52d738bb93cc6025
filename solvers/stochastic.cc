#include "solvers/stochastic.h"

#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/rng.h"
#include "core/stats.h"

namespace sudoku {
double ThreadCpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) +
         1e-9 * static_cast<double>(ts.tv_nsec);
}

absl::StatusOr<StochasticParams> ParseStochasticParams(absl::string_view text) {
  StochasticParams params;
  for (absl::string_view item :
       absl::StrSplit(text, ',', absl::SkipWhitespace())) {
    item = absl::StripAsciiWhitespace(item);
    const size_t eq = item.find('=');
    if (eq == absl::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("solver parameter '", item, "': expected key=value"));
    }
    std::string key(absl::StripAsciiWhitespace(item.substr(0, eq)));
    std::string value(absl::StripAsciiWhitespace(item.substr(eq + 1)));
    if (key.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("solver parameter '", item, "': empty key"));
    }
    if (!params.emplace(key, value).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("solver parameter '", key, "' given twice"));
    }
  }
  return params;
}

absl::Status TakeParam(StochasticParams& params, absl::string_view key,
                       double* value) {
  auto it = params.find(std::string(key));
  if (it == params.end()) return absl::OkStatus();
  double v = 0;
  if (!absl::SimpleAtod(it->second, &v)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "solver parameter ", key, "='", it->second, "': not a number"));
  }
  *value = v;
  params.erase(it);
  return absl::OkStatus();
}

absl::Status TakeParam(StochasticParams& params, absl::string_view key,
                       int64_t* value) {
  auto it = params.find(std::string(key));
  if (it == params.end()) return absl::OkStatus();
  int64_t v = 0;
  if (!absl::SimpleAtoi(it->second, &v)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "solver parameter ", key, "='", it->second, "': not an integer"));
  }
  *value = v;
  params.erase(it);
  return absl::OkStatus();
}

absl::Status TakeParam(StochasticParams& params, absl::string_view key,
                       std::string* value) {
  auto it = params.find(std::string(key));
  if (it == params.end()) return absl::OkStatus();
  *value = it->second;
  params.erase(it);
  return absl::OkStatus();
}

absl::Status CheckNoParamsLeft(absl::string_view solver,
                               const StochasticParams& params) {
  if (params.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "solver ", solver, ": unknown parameter '", params.begin()->first, "'"));
}

StochasticSummary RunMany(StochasticSolver& solver, const Grid& puzzle,
                          int runs, uint64_t seed,
                          const StochasticBudget& budget) {
  StochasticSummary s;
  s.runs = runs;
  std::vector<double> iterations, seconds, restarts;
  double success_seconds = 0, success_iterations = 0, success_restarts = 0;
  for (int i = 0; i < runs; ++i) {
    StochasticResult r =
        solver.Run(puzzle, DeriveSeed(seed, static_cast<uint64_t>(i)), budget);
    // The solver's verdict is not trusted: check the grid independently.
    r.solved = IsValidSolution(puzzle, r.grid);
    if (r.solved) {
      ++s.successes;
      success_seconds += r.seconds;
      success_iterations += static_cast<double>(r.iterations);
      success_restarts += static_cast<double>(r.restarts);
    }
    s.time_limit_hit |= r.time_limit_hit;
    iterations.push_back(static_cast<double>(r.iterations));
    seconds.push_back(r.seconds);
    restarts.push_back(static_cast<double>(r.restarts));
    s.results.push_back(std::move(r));
  }
  s.success_rate = runs > 0 ? static_cast<double>(s.successes) / runs : 0;
  s.median_iterations = Median(std::move(iterations));
  s.median_seconds = Median(std::move(seconds));
  s.median_restarts = Median(std::move(restarts));
  if (s.successes > 0) {
    s.mean_seconds_success = success_seconds / s.successes;
    s.mean_iterations_success = success_iterations / s.successes;
    s.mean_restarts_success = success_restarts / s.successes;
  }
  return s;
}

}  // namespace sudoku
