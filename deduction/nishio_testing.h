// Test and benchmark support for the nishio rule: naked and hidden singles
// and a "singles + one technique" stepping loop. Deliberately tiny and
// independent of the deduction engine (branch `deduction`), so that the
// nishio tests and benchmark can build positions on their own.
#ifndef SUDOKU_DEDUCTION_NISHIO_TESTING_H_
#define SUDOKU_DEDUCTION_NISHIO_TESTING_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "core/board.h"
#include "core/format.h"
#include "deduction/technique.h"

namespace sudoku::nishio_testing {

// The number of vertices of Eppstein's DAG for one digit, counted from its
// definition rather than by walking it: after s whole stacks and j more
// columns, every band has used s rows (C(r, s) ways each) and j of the c
// bands one row more (C(c, j) choices of bands, C(r, s + 1) ways each), plus
// the sink. Boxes are r rows by c columns.
inline int64_t DagVerticesByCounting(const Shape& shape) {
  const int r = shape.box_rows(), c = shape.box_cols();
  auto choose = [](int n, int k) {
    int64_t v = 1;
    for (int i = 1; i <= k; ++i) v = v * (n - k + i) / i;
    return v;
  };
  auto power = [](int64_t base, int e) {
    int64_t v = 1;
    while (e-- > 0) v *= base;
    return v;
  };
  int64_t vertices = 1;  // the sink
  for (int s = 0; s < r; ++s) {
    for (int j = 0; j < c; ++j) {
      vertices += choose(c, j) * power(choose(r, s + 1), j) *
                  power(choose(r, s), c - j);
    }
  }
  return vertices;
}

// Places naked and hidden singles until none is left. Returns false when the
// board turned out contradictory.
inline bool ApplySingles(Board* board) {
  const Shape& shape = board->shape();
  bool progress = true;
  while (progress) {
    progress = false;
    for (int cell = 0; cell < shape.num_cells(); ++cell) {
      if (board->value(cell) != 0) continue;
      const CandidateSet c = board->candidates(cell);
      if (c.empty()) return false;
      if (c.Single() != 0) {
        if (!board->Place(cell, c.Single())) return false;
        progress = true;
      }
    }
    for (int u = 0; u < shape.num_units(); ++u) {
      for (int digit = 1; digit <= shape.size(); ++digit) {
        int count = 0, last = -1;
        bool placed = false;
        for (int cell : shape.unit(u)) {
          if (board->value(cell) == digit) placed = true;
          if (board->candidates(cell).Contains(digit)) {
            ++count;
            last = cell;
          }
        }
        if (placed) continue;
        if (count == 0) return false;
        if (count == 1) {
          if (!board->Place(last, digit)) return false;
          progress = true;
        }
      }
    }
  }
  return true;
}

struct StepOutcome {
  bool solved = false;
  bool contradiction = false;
  int technique_steps = 0;  // deductions of `technique` applied
};

// Singles, then `technique` (when given), repeated until solved or stuck.
inline StepOutcome SolveWithSingles(Board* board, const Technique* technique) {
  StepOutcome out;
  while (true) {
    if (!ApplySingles(board)) {
      out.contradiction = true;
      return out;
    }
    if (board->IsSolved()) {
      out.solved = true;
      return out;
    }
    if (technique == nullptr) return out;
    std::optional<Deduction> d = technique->Find(*board);
    if (!d.has_value()) return out;
    ++out.technique_steps;
    for (const CellDigit& e : d->eliminations) {
      if (!board->Eliminate(e.cell, e.digit)) {
        out.contradiction = true;
        return out;
      }
    }
    for (const CellDigit& pl : d->placements) {
      if (!board->Place(pl.cell, pl.digit)) {
        out.contradiction = true;
        return out;
      }
    }
  }
}

// One 9x9 case of HoDoKu's regression library:
//   :<technique>:<digit>:<givens, + = placed>:<deleted>:<eliminations>:...
// Candidates are written <digit><row><col> (1-based), blank-separated.
struct HodokuCase {
  std::string technique;
  int digit = 0;
  Board board = Board(Shape::Classic());
  std::vector<CellDigit> eliminations;
};

inline std::vector<CellDigit> ParseHodokuCandidates(absl::string_view text) {
  std::vector<CellDigit> out;
  for (absl::string_view token : absl::StrSplit(text, ' ', absl::SkipEmpty())) {
    if (token.size() != 3) continue;
    out.push_back({(token[1] - '1') * 9 + (token[2] - '1'), token[0] - '0'});
  }
  return out;
}

// nullopt for comments and malformed lines.
inline std::optional<HodokuCase> ParseHodokuCase(absl::string_view line) {
  if (line.empty() || line[0] != ':') return std::nullopt;
  const std::vector<absl::string_view> f = absl::StrSplit(line, ':');
  if (f.size() < 7 || f[2].size() != 1) return std::nullopt;
  HodokuCase c;
  c.technique = std::string(f[1]);
  c.digit = f[2][0] - '0';
  std::string givens;
  for (char ch : f[3]) {
    if (ch != '+') givens += ch;
  }
  absl::StatusOr<Grid> grid = ParseGrid(givens);
  if (!grid.ok()) return std::nullopt;
  absl::StatusOr<Board> board = Board::FromGrid(*grid);
  if (!board.ok()) return std::nullopt;
  c.board = *std::move(board);
  for (const CellDigit& d : ParseHodokuCandidates(f[4])) {
    if (c.board.value(d.cell) == 0) c.board.Eliminate(d.cell, d.digit);
  }
  c.eliminations = ParseHodokuCandidates(f[5]);
  return c;
}

}  // namespace sudoku::nishio_testing

#endif  // SUDOKU_DEDUCTION_NISHIO_TESTING_H_
