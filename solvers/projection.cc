// Alternating projections (Chi & Lange 2.3). The hot loop is one group
// projection: gather at most N probabilities into a contiguous buffer, sort
// a copy descending (insertion sort: N <= 25), find the threshold, scatter
// max(y - theta, 0) back. Groups are stored in CSR form (relaxation.h) so a
// sweep streams through one index array; p itself (a few hundred doubles on
// 9x9) stays in L1. About 20 us per sweep on 9x9.
#include "solvers/projection.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/rng.h"
#include "core/status_macros.h"
#include "solvers/anneal.h"

namespace sudoku {
namespace {

size_t Idx(int i) { return static_cast<size_t>(i); }

constexpr int kMaxGroup = kMaxDigits;

}  // namespace

absl::Status ProjectionOptions::Validate() const {
  if (max_sweeps < 1)
    return absl::InvalidArgumentError("projection: max_sweeps must be >= 1");
  if (!(eta >= 0))
    return absl::InvalidArgumentError("projection: eta must be >= 0");
  return absl::OkStatus();
}

void ProjectOntoSimplex(absl::Span<const double> y, absl::Span<double> x,
                        absl::Span<double> scratch) {
  const size_t k = y.size();
  double* w = scratch.data();
  // Insertion sort, descending: the groups have at most 25 entries.
  for (size_t i = 0; i < k; ++i) {
    const double v = y[i];
    size_t j = i;
    for (; j > 0 && w[j - 1] < v; --j) w[j] = w[j - 1];
    w[j] = v;
  }
  // theta = (sum of the rho largest - 1) / rho for the largest rho with
  // w_rho > theta_rho; the condition holds for a prefix of the indices.
  double sum = 0, theta = 0;
  for (size_t j = 0; j < k; ++j) {
    sum += w[j];
    const double t = (sum - 1) / static_cast<double>(j + 1);
    if (w[j] > t) theta = t;
  }
  for (size_t i = 0; i < k; ++i) x[i] = std::max(y[i] - theta, 0.0);
}

StochasticResult ProjectionSolver::Run(const Grid& puzzle, uint64_t seed,
                                       const StochasticBudget& budget) {
  if (!options_.presolve)
    return RunRelaxation(BuildRelaxation(puzzle), puzzle, seed, budget);
  const double start_seconds = ThreadCpuSeconds();
  Grid filled = puzzle;
  if (!FillSingles(filled)) {
    StochasticResult failed;
    failed.grid = puzzle;
    failed.seconds = ThreadCpuSeconds() - start_seconds;
    return failed;
  }
  StochasticResult r =
      RunRelaxation(BuildRelaxation(filled), puzzle, seed, budget);
  r.seconds = ThreadCpuSeconds() - start_seconds;
  return r;
}

StochasticResult ProjectionSolver::RunRelaxation(
    const Relaxation& relaxation, const Grid& puzzle, uint64_t seed,
    const StochasticBudget& budget) {
  const double start_seconds = ThreadCpuSeconds();
  StochasticResult result;
  const int64_t max_sweeps =
      budget.max_iterations > 0 ? budget.max_iterations : options_.max_sweeps;
  std::vector<double> p(Idx(relaxation.num_vars()), 0.0);
  if (options_.random_start) {
    Rng rng(seed);
    for (double& v : p) v = UniformDouble(rng);
  }
  std::vector<double> old = p;
  double y[kMaxGroup], x[kMaxGroup], scratch[kMaxGroup];
  result.grid = RoundArgmax(relaxation, p);
  if (relaxation.feasible && relaxation.num_vars() > 0) {
    const int groups = relaxation.num_groups();
    const int* start = relaxation.group_start.data();
    const int* vars = relaxation.group_vars.data();
    for (int64_t sweep = 0; sweep < max_sweeps; ++sweep) {
      old = p;
      for (int g = 0; g < groups; ++g) {
        const int b = start[g], e = start[g + 1];
        const size_t k = Idx(e - b);
        for (size_t i = 0; i < k; ++i) y[i] = p[Idx(vars[Idx(b) + i])];
        ProjectOntoSimplex(absl::MakeConstSpan(y, k), absl::MakeSpan(x, k),
                           absl::MakeSpan(scratch, k));
        for (size_t i = 0; i < k; ++i) p[Idx(vars[Idx(b) + i])] = x[i];
      }
      result.iterations = sweep + 1;
      result.grid = RoundArgmax(relaxation, p);
      if (IsValidSolution(puzzle, result.grid)) break;
      double change = 0, norm = 0;
      for (size_t i = 0; i < p.size(); ++i) {
        change += (p[i] - old[i]) * (p[i] - old[i]);
        norm += p[i] * p[i];
      }
      if (change <= options_.eta * options_.eta * norm) break;
      if (budget.max_seconds > 0 && (sweep & 63) == 63 &&
          ThreadCpuSeconds() - start_seconds > budget.max_seconds) {
        result.time_limit_hit = true;
        break;
      }
    }
  }
  result.solved = IsValidSolution(puzzle, result.grid);
  // Cost: cells whose rounded digit clashes with a peer.
  for (int cell = 0; cell < result.grid.num_cells(); ++cell) {
    for (int peer : result.grid.shape().peers(cell)) {
      if (result.grid[cell] != 0 && result.grid[peer] == result.grid[cell]) {
        ++result.final_cost;
        break;
      }
    }
  }
  result.seconds = ThreadCpuSeconds() - start_seconds;
  return result;
}

absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeProjectionSolver(
    StochasticParams params) {
  ProjectionOptions o;
  std::string start = "origin";
  int64_t presolve = 0;
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "presolve", &presolve));
  if (presolve != 0 && presolve != 1)
    return absl::InvalidArgumentError("projection: presolve must be 0 or 1");
  o.presolve = presolve == 1;
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "max_sweeps", &o.max_sweeps));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "eta", &o.eta));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "start", &start));
  SUDOKU_RETURN_IF_ERROR(CheckNoParamsLeft("projection", params));
  if (start != "origin" && start != "random") {
    return absl::InvalidArgumentError(absl::StrCat(
        "projection: start must be origin or random, got '", start, "'"));
  }
  o.random_start = start == "random";
  SUDOKU_RETURN_IF_ERROR(o.Validate());
  return std::make_unique<ProjectionSolver>(o);
}

}  // namespace sudoku
