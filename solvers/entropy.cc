// Entropy minimisation (Gunther & Moon). Every LP/QP is built on the same
// CoinPackedMatrix of the relaxation's groups; CLP keeps its basis between
// the linear solves of one run, so after the first step each DOWN/UP LP is
// a warm-started primal simplex (only the objective changes) and each l1 LP
// a warm-started dual simplex (only the row bounds change). The l2 QP is
// rebuilt per step and solved by CLP's quadratic primal.
#include "solvers/entropy.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <utility>

#include "ClpSimplex.hpp"
#include "CoinPackedMatrix.hpp"
#include "absl/strings/str_cat.h"
#include "core/status_macros.h"

namespace sudoku {
namespace {

size_t Idx(int i) { return static_cast<size_t>(i); }

// The relaxation's constraint matrix: row g = group g, column v = variable.
CoinPackedMatrix GroupMatrix(const Relaxation& r) {
  std::vector<int> rows, cols;
  std::vector<double> ones;
  for (int g = 0; g < r.num_groups(); ++g) {
    for (int k = r.group_start[Idx(g)]; k < r.group_start[Idx(g + 1)]; ++k) {
      rows.push_back(g);
      cols.push_back(r.group_vars[Idx(k)]);
      ones.push_back(1.0);
    }
  }
  return CoinPackedMatrix(/*colordered=*/true, rows.data(), cols.data(),
                          ones.data(), static_cast<CoinBigIndex>(rows.size()));
}

// One CLP model per run and objective kind, kept warm between steps.
class StepSolver {
 public:
  StepSolver(const Relaxation& r, char variant, bool interior)
      : n_(r.num_vars()),
        groups_(r.num_groups()),
        variant_(variant),
        interior_(interior) {
    a_ = GroupMatrix(r);
    a_.setDimensions(groups_, n_);
    if (variant_ == 'E') {
      // Columns: w (n), t (n). Rows: A w = 1; t - w >= -c; t + w >= c.
      const int n = n_;
      std::vector<int> rows, cols;
      std::vector<double> vals;
      for (int g = 0; g < r.num_groups(); ++g) {
        for (int k = r.group_start[Idx(g)]; k < r.group_start[Idx(g + 1)];
             ++k) {
          rows.push_back(g);
          cols.push_back(r.group_vars[Idx(k)]);
          vals.push_back(1.0);
        }
      }
      for (int i = 0; i < n; ++i) {
        rows.insert(rows.end(), {groups_ + i, groups_ + i, groups_ + n + i,
                                 groups_ + n + i});
        cols.insert(cols.end(), {n + i, i, n + i, i});
        vals.insert(vals.end(), {1.0, -1.0, 1.0, 1.0});
      }
      CoinPackedMatrix m(true, rows.data(), cols.data(), vals.data(),
                         static_cast<CoinBigIndex>(rows.size()));
      m.setDimensions(groups_ + 2 * n, 2 * n);
      std::vector<double> col_lb(Idx(2 * n), 0.0),
          col_ub(Idx(2 * n), COIN_DBL_MAX), obj(Idx(2 * n), 0.0),
          row_lb(Idx(groups_ + 2 * n), 1.0),
          row_ub(Idx(groups_ + 2 * n), COIN_DBL_MAX);
      for (int i = 0; i < n; ++i) obj[Idx(n + i)] = 1.0;
      for (int g = 0; g < groups_; ++g) row_ub[Idx(g)] = 1.0;
      model_.loadProblem(m, col_lb.data(), col_ub.data(), obj.data(),
                         row_lb.data(), row_ub.data());
    } else {
      const CoinPackedMatrix& m = a_;
      std::vector<double> col_lb(Idx(n_), 0.0), col_ub(Idx(n_), COIN_DBL_MAX),
          obj(Idx(n_), 0.0), rhs(Idx(groups_), 1.0);
      model_.loadProblem(m, col_lb.data(), col_ub.data(), obj.data(),
                         rhs.data(), rhs.data());
    }
    model_.setLogLevel(0);
  }

  // INIT: minimise `objective` (all zero: plain feasibility) over P with the
  // interior point method, no crossover. False when CLP fails.
  bool Init(const std::vector<double>& objective, std::vector<double>& x) {
    ClpSimplex init;
    const CoinPackedMatrix& m = a_;
    std::vector<double> col_lb(Idx(n_), 0.0), col_ub(Idx(n_), COIN_DBL_MAX),
        rhs(Idx(groups_), 1.0);
    std::vector<double> obj = objective;
    obj.resize(Idx(n_), 0.0);
    init.loadProblem(m, col_lb.data(), col_ub.data(), obj.data(), rhs.data(),
                     rhs.data());
    init.setLogLevel(0);
    init.barrier(/*crossover=*/false);
    if (init.status() != 0) return false;
    const double* sol = init.primalColumnSolution();
    x.assign(sol, sol + n_);
    return true;
  }

  // The step's target w = x + z for ascent direction y; `sign` is +1 for
  // DOWN, -1 for UP. False when CLP fails.
  bool Target(const std::vector<double>& x, const std::vector<double>& y,
              double alpha, int sign, std::vector<double>& w) {
    switch (variant_) {
      case 'C':
      case 'D': {
        for (int i = 0; i < n_; ++i)
          model_.setObjectiveCoefficient(i, sign * y[Idx(i)]);
        Solve(/*dual=*/false);
        break;
      }
      case 'E': {
        // min ||w - c||_1 with c = x - sign * alpha * y.
        for (int i = 0; i < n_; ++i) {
          const double c = x[Idx(i)] - sign * alpha * y[Idx(i)];
          model_.setRowBounds(groups_ + i, -c, COIN_DBL_MAX);
          model_.setRowBounds(groups_ + n_ + i, c, COIN_DBL_MAX);
        }
        Solve(/*dual=*/true);
        break;
      }
      case 'F': {
        // min 1/2 ||w||^2 - c'w = 1/2 ||w - c||^2 + const.
        std::vector<double> col_lb(Idx(n_), 0.0), col_ub(Idx(n_), COIN_DBL_MAX),
            obj(Idx(n_)), rhs(Idx(groups_), 1.0);
        for (int i = 0; i < n_; ++i)
          obj[Idx(i)] = -(x[Idx(i)] - sign * alpha * y[Idx(i)]);
        model_.loadProblem(a_, col_lb.data(), col_ub.data(), obj.data(),
                           rhs.data(), rhs.data());
        std::vector<CoinBigIndex> start(Idx(n_ + 1));
        std::vector<int> column(Idx(n_));
        std::vector<double> element(Idx(n_), 1.0);
        for (int i = 0; i <= n_; ++i) start[Idx(i)] = i;
        for (int i = 0; i < n_; ++i) column[Idx(i)] = i;
        model_.loadQuadraticObjective(n_, start.data(), column.data(),
                                      element.data());
        model_.setLogLevel(0);
        Solve(/*dual=*/false);
        break;
      }
      default:
        return false;
    }
    if (!model_.isProvenOptimal()) return false;
    const double* sol = model_.primalColumnSolution();
    w.assign(sol, sol + n_);
    return true;
  }

 private:
  // Interior point (the centre of the optimal face, as the authors' cvx
  // returned) or warm-started simplex (a vertex of it).
  void Solve(bool dual) {
    if (interior_) {
      model_.barrier(/*crossover=*/false);
    } else if (dual) {
      model_.dual();
    } else {
      model_.primal();
    }
  }

  int n_, groups_;
  char variant_;
  bool interior_;
  ClpSimplex model_;
  CoinPackedMatrix a_;  // A (groups x variables), for INIT
};

}  // namespace

absl::Status EntropyOptions::Validate() const {
  if (variant != 'C' && variant != 'D' && variant != 'E' && variant != 'F') {
    return absl::InvalidArgumentError(
        absl::StrCat("entropy: variant must be C, D, E or F, got '",
                     std::string(1, variant), "'"));
  }
  if (!(alpha > 0))
    return absl::InvalidArgumentError("entropy: alpha must be > 0");
  if (max_down < 0 || max_up < 0)
    return absl::InvalidArgumentError("entropy: max_down, max_up must be >= 0");
  if (!(floor > 0 && floor < 0.5))
    return absl::InvalidArgumentError("entropy: floor must be in (0, 0.5)");
  if (!(step_tolerance > 0))
    return absl::InvalidArgumentError("entropy: step_tolerance must be > 0");
  return absl::OkStatus();
}

StochasticResult EntropySolver::Run(const Grid& puzzle, uint64_t /*seed*/,
                                    const StochasticBudget& budget) {
  return RunRelaxation(BuildRelaxation(puzzle), {}, puzzle, budget);
}

StochasticResult EntropySolver::RunRelaxation(const Relaxation& relaxation,
                                              const std::vector<double>& prior,
                                              const Grid& puzzle,
                                              const StochasticBudget& budget) {
  const double start_seconds = ThreadCpuSeconds();
  trace_ = EntropyTrace{};
  init_point_.clear();
  StochasticResult result;
  result.grid = relaxation.clues;
  auto finish = [&]() {
    result.solved = IsValidSolution(puzzle, result.grid);
    result.final_cost = result.grid.num_cells() - result.grid.NumFilled();
    result.seconds = ThreadCpuSeconds() - start_seconds;
    return result;
  };
  if (!relaxation.feasible) return finish();
  if (relaxation.num_vars() == 0) return finish();

  StepSolver solver(relaxation, options_.variant, options_.interior_steps);
  const int n = relaxation.num_vars();
  std::vector<double> x, y(Idx(n)), w;
  std::vector<double> init_objective(Idx(n), 0.0);
  for (size_t i = 0; i < prior.size() && i < Idx(n); ++i)
    init_objective[i] = -std::log(std::max(prior[i], options_.floor));
  if (!solver.Init(init_objective, x)) {
    ++trace_.solver_failures;
    return finish();
  }
  init_point_ = x;
  auto clamp = [&]() {
    for (double& v : x) v = std::max(v, options_.floor);
  };
  auto rounded_solves = [&]() {
    result.grid = RoundHalf(relaxation, x);
    return IsValidSolution(puzzle, result.grid);
  };
  clamp();
  if (rounded_solves()) {
    trace_.solved_by_init = true;
    return finish();
  }
  const double step = options_.variant == 'D' ? 0.5 : 1.0;
  const int64_t cap = budget.max_iterations > 0
                          ? budget.max_iterations
                          : options_.max_down + options_.max_up;
  // The previous DOWN step's target: a descent heading for the same vertex
  // again has converged (with half steps ||z|| only halves, never reaching
  // 0, so this is what ends a variant-D descent).
  std::vector<double> last_target;
  // One DOWN or UP step; returns ||z||_inf (0 when the target repeats a
  // DOWN step's), or -1 when CLP failed.
  auto take_step = [&](int sign) -> double {
    for (int i = 0; i < n; ++i) {
      const double xi = x[Idx(i)];
      y[Idx(i)] =
          options_.newton ? -xi * std::log(xi) - xi : -std::log(xi) - 1.0;
    }
    if (!solver.Target(x, y, options_.alpha, sign, w)) {
      ++trace_.solver_failures;
      return -1;
    }
    double norm = 0, moved = 0;
    for (int i = 0; i < n; ++i) {
      if (!last_target.empty())
        moved = std::max(moved, std::fabs(w[Idx(i)] - last_target[Idx(i)]));
      const double z = w[Idx(i)] - x[Idx(i)];
      norm = std::max(norm, std::fabs(z));
      x[Idx(i)] += step * z;
    }
    clamp();
    ++result.iterations;
    if (sign < 0) {
      last_target.clear();
    } else {
      const bool repeated =
          !last_target.empty() && moved < options_.step_tolerance;
      last_target = w;
      if (repeated) return 0;
    }
    return norm;
  };
  bool descending = true;
  while (result.iterations < cap) {
    if (budget.max_seconds > 0 &&
        ThreadCpuSeconds() - start_seconds > budget.max_seconds) {
      result.time_limit_hit = true;
      break;
    }
    double norm;
    if (descending) {
      if (trace_.down_steps >= options_.max_down) break;
      ++trace_.down_steps;
      norm = take_step(+1);
      if (norm >= 0 && norm < options_.step_tolerance) descending = false;
    } else {
      if (trace_.up_steps >= options_.max_up) break;
      ++trace_.up_steps;
      ++result.restarts;
      norm = take_step(-1);
      descending = true;
    }
    if (norm < 0) break;
    if (rounded_solves()) break;
  }
  return finish();
}

absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeEntropySolver(
    StochasticParams params) {
  EntropyOptions o;
  std::string variant = "C", direction = "newton", lp = "simplex";
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "lp", &lp));
  if (lp != "barrier" && lp != "simplex") {
    return absl::InvalidArgumentError(
        absl::StrCat("entropy: lp must be barrier or simplex, got '", lp, "'"));
  }
  o.interior_steps = lp == "barrier";
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "variant", &variant));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "alpha", &o.alpha));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "direction", &direction));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "max_down", &o.max_down));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "max_up", &o.max_up));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "floor", &o.floor));
  SUDOKU_RETURN_IF_ERROR(
      TakeParam(params, "step_tolerance", &o.step_tolerance));
  SUDOKU_RETURN_IF_ERROR(CheckNoParamsLeft("entropy", params));
  if (variant.size() != 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "entropy: variant must be C, D, E or F, got '", variant, "'"));
  }
  o.variant =
      static_cast<char>(std::toupper(static_cast<unsigned char>(variant[0])));
  if (direction != "newton" && direction != "gradient") {
    return absl::InvalidArgumentError(
        absl::StrCat("entropy: direction must be newton or gradient, got '",
                     direction, "'"));
  }
  o.newton = direction == "newton";
  SUDOKU_RETURN_IF_ERROR(o.Validate());
  return std::make_unique<EntropySolver>(o);
}

}  // namespace sudoku
