#include "solvers/dlx_solver.h"

#include <vector>

#include "solvers/search_counter.h"

namespace sudoku {
namespace {

class DlxSolver : public Solver {
 public:
  absl::string_view name() const override { return "dlx"; }
  SolveResult Solve(const Grid& puzzle, const SolveLimits& limits) override;

 private:
  void Build(const Shape& shape);
  void Cover(int c);
  void Uncover(int c);
  void Search(int depth);

  // Node 0 is the root, nodes 1..num_columns the column headers, then 4
  // nodes per matrix row in (cell, digit) order.
  const Shape* shape_ = nullptr;  // not owned
  int n_ = 0;
  int num_columns_ = 0;
  std::vector<int> left_, right_, up_, down_, column_;
  std::vector<int> size_;    // per column header
  std::vector<int> row_of_;  // matrix row (cell * N + digit - 1) per node
  std::vector<int> chosen_;  // matrix rows chosen, per depth
  std::vector<char> covered_;
  std::vector<int> given_columns_;  // columns covered for givens, in order
  std::vector<uint8_t> solutions_;  // 2 x cells
  std::vector<uint8_t> givens_;

  SearchCounter count_;
};

void DlxSolver::Build(const Shape& shape) {
  if (shape_ == &shape) return;
  shape_ = &shape;
  n_ = shape.size();
  const int cells = n_ * n_;
  num_columns_ = 4 * cells;
  const int rows = cells * n_;
  const auto total = static_cast<size_t>(1 + num_columns_ + 4 * rows);
  left_.assign(total, 0);
  right_.assign(total, 0);
  up_.assign(total, 0);
  down_.assign(total, 0);
  column_.assign(total, 0);
  row_of_.assign(total, -1);
  size_.assign(static_cast<size_t>(num_columns_ + 1), 0);
  for (int c = 0; c <= num_columns_; ++c) {
    const auto i = static_cast<size_t>(c);
    left_[i] = c == 0 ? num_columns_ : c - 1;
    right_[i] = c == num_columns_ ? 0 : c + 1;
    up_[i] = down_[i] = c;
    column_[i] = c;
  }
  int next = num_columns_ + 1;
  for (int cell = 0; cell < cells; ++cell) {
    const int r = shape.Row(cell), c = shape.Col(cell), b = shape.Box(cell);
    for (int d = 0; d < n_; ++d) {
      const int cols[4] = {1 + cell, 1 + cells + r * n_ + d,
                           1 + 2 * cells + c * n_ + d,
                           1 + 3 * cells + b * n_ + d};
      for (int k = 0; k < 4; ++k) {
        const auto x = static_cast<size_t>(next + k);
        const int col = cols[k];
        const auto ci = static_cast<size_t>(col);
        column_[x] = col;
        row_of_[x] = cell * n_ + d;
        left_[x] = next + (k + 3) % 4;
        right_[x] = next + (k + 1) % 4;
        up_[x] = up_[ci];
        down_[x] = col;
        down_[static_cast<size_t>(up_[ci])] = next + k;
        up_[ci] = next + k;
        ++size_[ci];
      }
      next += 4;
    }
  }
  chosen_.assign(static_cast<size_t>(cells), 0);
  covered_.assign(static_cast<size_t>(num_columns_ + 1), 0);
  given_columns_.assign(static_cast<size_t>(num_columns_), 0);
  solutions_.assign(2 * static_cast<size_t>(cells), 0);
  givens_.assign(static_cast<size_t>(cells), 0);
}

void DlxSolver::Cover(int c) {
  const auto ci = static_cast<size_t>(c);
  right_[static_cast<size_t>(left_[ci])] = right_[ci];
  left_[static_cast<size_t>(right_[ci])] = left_[ci];
  for (int i = down_[ci]; i != c; i = down_[static_cast<size_t>(i)]) {
    for (int j = right_[static_cast<size_t>(i)]; j != i;
         j = right_[static_cast<size_t>(j)]) {
      const auto jj = static_cast<size_t>(j);
      up_[static_cast<size_t>(down_[jj])] = up_[jj];
      down_[static_cast<size_t>(up_[jj])] = down_[jj];
      --size_[static_cast<size_t>(column_[jj])];
    }
  }
}

void DlxSolver::Uncover(int c) {
  const auto ci = static_cast<size_t>(c);
  for (int i = up_[ci]; i != c; i = up_[static_cast<size_t>(i)]) {
    for (int j = left_[static_cast<size_t>(i)]; j != i;
         j = left_[static_cast<size_t>(j)]) {
      const auto jj = static_cast<size_t>(j);
      ++size_[static_cast<size_t>(column_[jj])];
      up_[static_cast<size_t>(down_[jj])] = j;
      down_[static_cast<size_t>(up_[jj])] = j;
    }
  }
  right_[static_cast<size_t>(left_[ci])] = c;
  left_[static_cast<size_t>(right_[ci])] = c;
}

void DlxSolver::Search(int depth) {
  if (!count_.EnterNode()) return;
  if (right_[0] == 0) {
    if (count_.num_solutions < 2) {
      const size_t cells = givens_.size();
      uint8_t* out =
          solutions_.data() + static_cast<size_t>(count_.num_solutions) * cells;
      for (size_t cell = 0; cell < cells; ++cell) out[cell] = givens_[cell];
      for (int k = 0; k < depth; ++k) {
        const int row = chosen_[static_cast<size_t>(k)];
        out[row / n_] = static_cast<uint8_t>(row % n_ + 1);
      }
    }
    count_.AddSolution();
    return;
  }
  int best = right_[0];
  int best_size = size_[static_cast<size_t>(best)];
  for (int c = right_[static_cast<size_t>(best)]; c != 0 && best_size > 1;
       c = right_[static_cast<size_t>(c)]) {
    if (size_[static_cast<size_t>(c)] < best_size) {
      best = c;
      best_size = size_[static_cast<size_t>(c)];
    }
  }
  if (best_size == 0) return;
  Cover(best);
  bool first = true;
  for (int r = down_[static_cast<size_t>(best)]; r != best;
       r = down_[static_cast<size_t>(r)]) {
    if (!first) ++count_.guesses;
    first = false;
    chosen_[static_cast<size_t>(depth)] = row_of_[static_cast<size_t>(r)];
    for (int j = right_[static_cast<size_t>(r)]; j != r;
         j = right_[static_cast<size_t>(j)])
      Cover(column_[static_cast<size_t>(j)]);
    Search(depth + 1);
    for (int j = left_[static_cast<size_t>(r)]; j != r;
         j = left_[static_cast<size_t>(j)])
      Uncover(column_[static_cast<size_t>(j)]);
    if (count_.stop) break;
  }
  Uncover(best);
}

SolveResult DlxSolver::Solve(const Grid& puzzle, const SolveLimits& limits) {
  Build(puzzle.shape());
  count_.Reset(limits);

  // Cover the columns of every given's row; a column already covered means
  // two givens clash, so there is no solution.
  const int cells = n_ * n_;
  const int first_node = num_columns_ + 1;
  std::vector<int>& done = given_columns_;
  int num_done = 0;
  bool ok = true;
  for (int cell = 0; cell < cells && ok; ++cell) {
    const int d = puzzle[cell];
    givens_[static_cast<size_t>(cell)] = static_cast<uint8_t>(d);
    if (d == 0) continue;
    const int node = first_node + 4 * (cell * n_ + d - 1);
    for (int k = 0; k < 4; ++k) {
      if (covered_[static_cast<size_t>(column_[static_cast<size_t>(node + k)])])
        ok = false;
    }
    if (!ok) break;
    for (int k = 0; k < 4; ++k) {
      const int c = column_[static_cast<size_t>(node + k)];
      covered_[static_cast<size_t>(c)] = 1;
      Cover(c);
      done[static_cast<size_t>(num_done++)] = c;
    }
  }
  if (ok) {
    Search(0);
  } else {
    count_.nodes = 1;
  }
  for (int k = num_done - 1; k >= 0; --k) {
    const int c = done[static_cast<size_t>(k)];
    Uncover(c);
    covered_[static_cast<size_t>(c)] = 0;
  }
  SolveResult result;
  count_.Fill(result);
  for (int s = 0; s < count_.num_solutions && s < 2; ++s) {
    Grid g(puzzle.shape());
    const uint8_t* in =
        solutions_.data() + static_cast<size_t>(s) * static_cast<size_t>(cells);
    for (int cell = 0; cell < cells; ++cell)
      g.set(cell, in[static_cast<size_t>(cell)]);
    result.solutions.push_back(std::move(g));
  }
  return result;
}

}  // namespace

std::unique_ptr<Solver> NewDlxSolver() { return std::make_unique<DlxSolver>(); }

}  // namespace sudoku
