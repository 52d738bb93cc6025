// RESEDA (Maire & Prissette). A generation costs Q samples; with block
// sampling a box of k empty cells costs O(k^2 N) to draw, so a 9x9 sample is
// a few thousand operations and a generation of Q = 100 well under a
// millisecond. The model update and rho are O(N^3).
#include "solvers/reseda.h"

#include <algorithm>
#include <array>
#include <limits>
#include <numeric>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/candidate_set.h"
#include "core/status_macros.h"

namespace sudoku {
namespace {

size_t Idx(int i) { return static_cast<size_t>(i); }

// Draws an index from the non-negative weights w[0..n) with total `total`
// (> 0).
int DrawWeighted(Rng& rng, const double* w, int n, double total) {
  double x = UniformDouble(rng) * total;
  int last = -1;
  for (int i = 0; i < n; ++i) {
    if (w[i] <= 0) continue;
    last = i;
    if (x < w[i]) return i;
    x -= w[i];
  }
  return last;  // rounding at the top end
}

bool ZoneIsPermutation(const Grid& grid, absl::Span<const int> zone) {
  std::vector<bool> seen(Idx(grid.size() + 1), false);
  for (int cell : zone) {
    const int d = grid[cell];
    if (d < 1 || seen[Idx(d)]) return false;
    seen[Idx(d)] = true;
  }
  return true;
}

}  // namespace

absl::Status ResedaOptions::Validate() const {
  if (q < 1 || q1 < 1 || q1 > q) {
    return absl::InvalidArgumentError("reseda: need 1 <= q1 <= q");
  }
  if (!(alpha >= 0 && alpha < 1)) {
    return absl::InvalidArgumentError("reseda: alpha must be in [0, 1)");
  }
  if (!(beta > 0 && beta <= 1)) {
    return absl::InvalidArgumentError("reseda: beta must be in (0, 1]");
  }
  if (full_restarts < -1 || max_iterations < 1) {
    return absl::InvalidArgumentError(
        "reseda: full_restarts must be >= -1 and max_iterations >= 1");
  }
  return absl::OkStatus();
}

int64_t ResedaCost(const Grid& grid) {
  const Shape& shape = grid.shape();
  int64_t cost = 0;
  for (int u = 0; u < shape.num_units(); ++u) {
    std::vector<bool> seen(Idx(shape.size() + 1), false);
    int distinct = 0;
    for (int cell : shape.unit(u)) {
      if (grid[cell] >= 1 && !seen[Idx(grid[cell])]) ++distinct;
      seen[Idx(grid[cell])] = true;
    }
    cost += shape.size() - distinct;
  }
  return cost;
}

std::vector<std::vector<int>> AdmissibleBoxFillings(const Grid& puzzle,
                                                    int box) {
  const Shape& shape = puzzle.shape();
  const int n = shape.size();
  std::vector<int> cells;
  std::vector<bool> present(Idx(n + 1), false);
  for (int cell : shape.unit(shape.BoxUnit(box))) {
    if (puzzle[cell] == 0) {
      cells.push_back(cell);
    } else {
      present[Idx(puzzle[cell])] = true;
    }
  }
  // allowed[i]: symbols of no given in the row or column of cells[i].
  std::vector<CandidateSet> allowed;
  for (int cell : cells) {
    CandidateSet a = CandidateSet::All(n);
    for (int d = 1; d <= n; ++d)
      if (present[Idx(d)]) a.Erase(d);
    for (int u :
         {shape.RowUnit(shape.Row(cell)), shape.ColUnit(shape.Col(cell))}) {
      for (int other : shape.unit(u))
        if (puzzle[other] != 0) a.Erase(puzzle[other]);
    }
    allowed.push_back(a);
  }
  std::vector<std::vector<int>> out;
  std::vector<int> current(cells.size());
  CandidateSet used;
  // Depth-first enumeration in lexicographic order.
  auto extend = [&](auto&& self, size_t i) -> void {
    if (i == cells.size()) {
      out.push_back(current);
      return;
    }
    for (int d : allowed[i].Without(used)) {
      current[i] = d;
      used.Insert(d);
      self(self, i + 1);
      used.Erase(d);
    }
  };
  extend(extend, 0);
  return out;
}

ResedaModel::ResedaModel(const Grid& puzzle, const ResedaOptions& options)
    : puzzle_(puzzle), options_(options), n_(puzzle.size()) {
  const Shape& shape = puzzle.shape();
  p_.assign(Idx(shape.num_cells() * n_), 0.0);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    double* row = &p_[Idx(cell * n_)];
    if (puzzle[cell] != 0) {
      row[puzzle[cell] - 1] = 1.0;
      continue;
    }
    CandidateSet allowed = CandidateSet::All(n_);
    if (options.precompute) {
      for (int peer : shape.peers(cell))
        if (puzzle[peer] != 0) allowed.Erase(puzzle[peer]);
      // Clashing extra givens can exclude everything: fall back to uniform.
      if (allowed.empty()) allowed = CandidateSet::All(n_);
    }
    for (int d : allowed) row[d - 1] = 1.0 / allowed.Count();
  }
}

double ResedaModel::Rho() const {
  double rho = 1.0;
  for (size_t cell = 0; cell < p_.size() / Idx(n_); ++cell) {
    const double* row = &p_[cell * Idx(n_)];
    rho = std::min(rho, *std::max_element(row, row + n_));
  }
  return rho;
}

void ResedaModel::SampleBox(int box, Rng& rng, Grid& grid) const {
  // Fixed-size scratch (N <= 25): this runs once per box of every sample.
  const Shape& shape = grid.shape();
  std::array<int, 25> cells;
  std::array<bool, 26> taken{};
  std::array<double, 25> w;
  size_t num_cells = 0;
  for (int cell : shape.unit(shape.BoxUnit(box))) {
    if (puzzle_[cell] == 0) {
      cells[num_cells++] = cell;
    } else {
      taken[Idx(puzzle_[cell])] = true;
    }
  }
  // The untaken digits in increasing order: the sums below add the same
  // terms in the same order as a scan of all digits that skips taken ones.
  std::array<int, 25> free_digits;
  int num_free = 0;
  for (int d = 1; d <= n_; ++d) {
    if (!taken[Idx(d)]) free_digits[Idx(num_free++)] = d;
  }
  while (num_cells > 0) {
    size_t best = 0;
    double best_max = -1, best_total = 0;
    bool stuck = false;
    for (size_t i = 0; i < num_cells; ++i) {
      const double* row = &p_[Idx(cells[i] * n_)];
      double total = 0, top = 0;
      for (int k = 0; k < num_free; ++k) {
        const double v = row[free_digits[Idx(k)] - 1];
        total += v;
        top = std::max(top, v);
      }
      if (total <= 0) {
        stuck = true;
        break;
      }
      if (top / total > best_max) {
        best_max = top / total;
        best = i;
        best_total = total;
      }
    }
    if (stuck) {
      // No permutation can be completed: remaining symbols at random.
      std::vector<int> rest(free_digits.begin(),
                            free_digits.begin() + num_free);
      Shuffle(rng, rest.begin(), rest.end());
      for (size_t i = 0; i < num_cells; ++i) grid.set(cells[i], rest[i]);
      return;
    }
    const double* row = &p_[Idx(cells[best] * n_)];
    std::fill(w.begin(), w.begin() + n_, 0.0);
    for (int k = 0; k < num_free; ++k) {
      const int f = free_digits[Idx(k)];
      w[Idx(f - 1)] = row[f - 1];
    }
    const int d = DrawWeighted(rng, w.data(), n_, best_total) + 1;
    grid.set(cells[best], d);
    int* gone =
        std::find(free_digits.begin(), free_digits.begin() + num_free, d);
    std::copy(gone + 1, free_digits.begin() + num_free, gone);
    --num_free;
    std::copy(cells.begin() + static_cast<std::ptrdiff_t>(best + 1),
              cells.begin() + static_cast<std::ptrdiff_t>(num_cells),
              cells.begin() + static_cast<std::ptrdiff_t>(best));
    --num_cells;
  }
}

Grid ResedaModel::Sample(Rng& rng) const {
  Grid grid = puzzle_;
  const Shape& shape = grid.shape();
  if (options_.block_sampling) {
    for (int b = 0; b < n_; ++b) SampleBox(b, rng, grid);
    return grid;
  }
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (puzzle_[cell] != 0) continue;
    const double* row = &p_[Idx(cell * n_)];
    const double total = std::accumulate(row, row + n_, 0.0);
    const int d = total > 0 ? DrawWeighted(rng, row, n_, total) + 1
                            : static_cast<int>(UniformInt(rng, Idx(n_))) + 1;
    grid.set(cell, d);
  }
  return grid;
}

void ResedaModel::Update(const std::vector<const Grid*>& best, double alpha) {
  const int cells = puzzle_.num_cells();
  const double share = (1 - alpha) / static_cast<double>(best.size());
  for (int cell = 0; cell < cells; ++cell) {
    if (puzzle_[cell] != 0) continue;
    double* row = &p_[Idx(cell * n_)];
    for (int d = 0; d < n_; ++d) row[d] *= alpha;
    for (const Grid* g : best) row[(*g)[cell] - 1] += share;
  }
}

StochasticResult ResedaSolver::Run(const Grid& puzzle, uint64_t seed,
                                   const StochasticBudget& budget) {
  const double start = ThreadCpuSeconds();
  auto elapsed = [&] { return ThreadCpuSeconds() - start; };
  const Shape& shape = puzzle.shape();
  const int n = shape.size();
  const int64_t max_iterations = budget.max_iterations > 0
                                     ? budget.max_iterations
                                     : options_.max_iterations;
  Rng rng(seed);
  StochasticResult result;
  result.grid = puzzle;
  int64_t generations = 0, shots = 0;
  bool out_of_budget = false;
  std::optional<Grid> solution;
  int64_t best_cost = std::numeric_limits<int64_t>::max();

  // One shot from `base`; returns the best sample of its last generation.
  auto shot = [&](const Grid& base) -> Grid {
    ++shots;
    ResedaModel model(base, options_);
    std::vector<Grid> samples;
    std::vector<int64_t> cost(Idx(static_cast<int>(options_.q)));
    std::vector<int> order(cost.size());
    Grid last_best = base;
    while (true) {
      if (generations >= max_iterations) {
        out_of_budget = true;
        return last_best;
      }
      if (budget.max_seconds > 0 && elapsed() > budget.max_seconds) {
        result.time_limit_hit = true;
        out_of_budget = true;
        return last_best;
      }
      ++generations;
      samples.clear();
      for (size_t i = 0; i < cost.size(); ++i) {
        samples.push_back(model.Sample(rng));
        cost[i] = ResedaCost(samples.back());
        if (cost[i] == 0) {
          solution = samples.back();
          return samples.back();
        }
      }
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return cost[Idx(a)] < cost[Idx(b)];
      });
      std::vector<const Grid*> best;
      for (int64_t i = 0; i < options_.q1; ++i)
        best.push_back(&samples[Idx(order[Idx(static_cast<int>(i))])]);
      last_best = *best.front();
      if (cost[Idx(order.front())] < best_cost) {
        best_cost = cost[Idx(order.front())];
        result.grid = last_best;
      }
      model.Update(best, options_.alpha);
      if (model.Rho() > options_.beta) return last_best;
    }
  };

  // One attempt: a shot, then one shot per usable zone of its result.
  std::vector<int> zones;
  switch (options_.zones) {
    case ResedaZones::kNone:
      break;
    case ResedaZones::kDiagonalBoxes: {
      const int bands = shape.box_cols(), stacks = shape.box_rows();
      for (int i = 0; i < std::min(bands, stacks); ++i)
        zones.push_back(shape.BoxUnit(i * stacks + i));
      break;
    }
    case ResedaZones::kBoxes:
      for (int b = 0; b < n; ++b) zones.push_back(shape.BoxUnit(b));
      break;
    case ResedaZones::kAllUnits:
      for (int u = 0; u < shape.num_units(); ++u) zones.push_back(u);
      break;
  }
  auto attempt = [&](const Grid& base) {
    const Grid approx = shot(base);
    for (int u : zones) {
      if (solution || out_of_budget) return;
      absl::Span<const int> zone = shape.unit(u);
      if (!ZoneIsPermutation(approx, zone)) continue;
      Grid fixed = base;
      bool adds = false;
      for (int cell : zone) {
        adds |= base[cell] == 0;
        fixed.set(cell, approx[cell]);
      }
      if (!adds || !CheckGivens(fixed).ok()) continue;
      shot(fixed);
    }
  };

  std::vector<std::vector<int>> fillings;
  std::vector<int> brute_cells;
  if (options_.brute_box >= 0 && options_.brute_box < n) {
    const int box = static_cast<int>(options_.brute_box);
    fillings = AdmissibleBoxFillings(puzzle, box);
    for (int cell : shape.unit(shape.BoxUnit(box)))
      if (puzzle[cell] == 0) brute_cells.push_back(cell);
  } else {
    fillings.emplace_back();
  }
  for (int64_t full = 0; !solution && !out_of_budget; ++full) {
    if (options_.full_restarts >= 0 && full > options_.full_restarts) break;
    for (const std::vector<int>& filling : fillings) {
      if (solution || out_of_budget) break;
      Grid base = puzzle;
      for (size_t i = 0; i < filling.size(); ++i)
        base.set(brute_cells[i], filling[i]);
      attempt(base);
    }
    if (fillings.empty()) break;  // no admissible filling: no solution
  }
  if (solution) {
    result.grid = *solution;
    best_cost = 0;
  }
  result.iterations = generations;
  result.restarts = std::max<int64_t>(0, shots - 1);
  result.final_cost = best_cost == std::numeric_limits<int64_t>::max()
                          ? ResedaCost(result.grid)
                          : best_cost;
  result.solved = IsValidSolution(puzzle, result.grid);
  result.seconds = elapsed();
  return result;
}

absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeResedaSolver(
    StochasticParams params) {
  ResedaOptions o;
  int64_t precompute = o.precompute, block = o.block_sampling;
  std::string zones = "3";
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "q", &o.q));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "q1", &o.q1));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "alpha", &o.alpha));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "beta", &o.beta));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "precompute", &precompute));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "block_sampling", &block));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "zones", &zones));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "full_restarts", &o.full_restarts));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "brute_box", &o.brute_box));
  SUDOKU_RETURN_IF_ERROR(
      TakeParam(params, "max_iterations", &o.max_iterations));
  SUDOKU_RETURN_IF_ERROR(CheckNoParamsLeft("reseda", params));
  if ((precompute != 0 && precompute != 1) || (block != 0 && block != 1)) {
    return absl::InvalidArgumentError(
        "reseda: precompute and block_sampling must be 0 or 1");
  }
  o.precompute = precompute == 1;
  o.block_sampling = block == 1;
  if (zones == "none" || zones == "0") {
    o.zones = ResedaZones::kNone;
  } else if (zones == "3") {
    o.zones = ResedaZones::kDiagonalBoxes;
  } else if (zones == "9") {
    o.zones = ResedaZones::kBoxes;
  } else if (zones == "27") {
    o.zones = ResedaZones::kAllUnits;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("reseda: zones='", zones, "': expected none, 3, 9 or 27"));
  }
  if (o.brute_box < -1) {
    return absl::InvalidArgumentError("reseda: brute_box must be >= -1");
  }
  SUDOKU_RETURN_IF_ERROR(o.Validate());
  return std::make_unique<ResedaSolver>(o);
}

}  // namespace sudoku
