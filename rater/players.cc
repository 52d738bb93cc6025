#include "rater/players.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "core/board.h"
#include "core/rng.h"
#include "deduction/technique.h"
#include "deduction/technique_table.h"

namespace sudoku {
namespace {

constexpr bool OneBit(uint32_t x) { return x != 0 && (x & (x - 1)) == 0; }

// What a player sees in one position: per cell the summed visibility of its
// singles and its digit, the cells seen, and the total visibility.
struct Sighting {
  int* vis;    // per cell, zero where nothing is seen
  int* digit;  // per cell, valid where vis > 0
  int* seen;   // the cells with vis > 0, in the order found
  int num_seen = 0;
  int64_t total = 0;

  void See(int cell, int d, int weight) {
    if (vis[cell] == 0) seen[num_seen++] = cell;
    vis[cell] += weight;
    digit[cell] = d;
    total += weight;
  }
};

// Positions on the generic path: a Board.
class BoardState {
 public:
  explicit BoardState(const Board& board) : board_(board) {}

  int num_empty() const { return board_.num_empty(); }

  // Records every visible single in `s`.
  void Scan(const PlayerModelOptions& o, Sighting& s) const {
    const Shape& shape = board_.shape();
    for (int u = 0; u < shape.num_units(); ++u) {
      uint32_t once = 0, twice = 0;
      int empties = 0, last_empty = -1;
      for (int cell : shape.unit(u)) {
        if (board_.value(cell) != 0) continue;
        const uint32_t m = board_.candidates(cell).bits();
        twice |= once & m;
        once |= m;
        ++empties;
        last_empty = cell;
      }
      if (empties == 1) {
        const int d = board_.candidates(last_empty).Single();
        if (d != 0) s.See(last_empty, d, o.full_house_visibility);
        continue;
      }
      const uint32_t hidden = once & ~twice;
      if (hidden == 0) continue;
      const int weight = shape.unit_kind(u) == UnitKind::kBox
                             ? o.box_visibility
                             : o.line_visibility;
      for (int cell : shape.unit(u)) {
        const uint32_t m = board_.candidates(cell).bits() & hidden;
        if (m != 0) s.See(cell, std::countr_zero(m) + 1, weight);
      }
    }
    for (int cell = 0; cell < shape.num_cells(); ++cell) {
      const int d = board_.candidates(cell).Single();
      if (d != 0 && board_.value(cell) == 0) s.See(cell, d, o.naked_visibility);
    }
  }

  // Both leave a filled cell alone; Place is false on a contradiction.
  bool Place(int cell, int digit) {
    return board_.value(cell) != 0 || board_.Place(cell, digit);
  }
  void Eliminate(int cell, int digit) {
    if (board_.value(cell) == 0) board_.Eliminate(cell, digit);
  }

 private:
  Board board_;
};

// Positions on the 9x9 path: per digit, its candidate cells as three band
// words of 27 bits (bit (row % 3) * 9 + col of band row / 3):
//
//   band word:  bits 0-8 = the band's first row, 9-17 the second, 18-26 the
//   third a box:      0x7 | 0x7 << 9 | 0x7 << 18, shifted by 3 * (box column)
//   a column:   0x40201 (bits 0, 9, 18), shifted by the column
class Kernel9 {
 public:
  explicit Kernel9(const Board& board) {
    for (int cell = 0; cell < 81; ++cell) {
      if (board.value(cell) != 0) continue;
      const uint32_t bit = Bit(cell);
      empty_[cell / 27] |= bit;
      ++num_empty_;
      ++row_empty_[cell / 9];
      ++col_empty_[cell % 9];
      ++box_empty_[cell / 27 * 3 + cell % 9 / 3];
      for (int d : board.candidates(cell)) pos_[d - 1][cell / 27] |= bit;
    }
  }

  int num_empty() const { return num_empty_; }

  // As BoardState::Scan.
  void Scan(const PlayerModelOptions& o, Sighting& s) const {
    for (int d = 0; d < 9; ++d) {
      uint32_t once = 0, twice = 0;  // columns with one / several places
      for (int b = 0; b < 3; ++b) {
        const uint32_t w = pos_[d][b];
        if (w == 0) continue;
        for (int k = 0; k < 3; ++k) {
          const uint32_t row = (w >> (9 * k)) & kRow;
          twice |= once & row;
          once |= row;
          if (OneBit(row)) {
            const int r = 3 * b + k;
            s.See(r * 9 + std::countr_zero(row), d + 1,
                  row_empty_[r] == 1 ? o.full_house_visibility
                                     : o.line_visibility);
          }
          const uint32_t box = w & (kBox << (3 * k));
          if (OneBit(box)) {
            s.See(CellOf(b, std::countr_zero(box)), d + 1,
                  box_empty_[3 * b + k] == 1 ? o.full_house_visibility
                                             : o.box_visibility);
          }
        }
      }
      for (uint32_t h = once & ~twice; h != 0; h &= h - 1) {
        const int c = std::countr_zero(h);
        for (int b = 0; b < 3; ++b) {
          const uint32_t at = pos_[d][b] & (kCol << c);
          if (at != 0) {
            s.See(CellOf(b, std::countr_zero(at)), d + 1,
                  col_empty_[c] == 1 ? o.full_house_visibility
                                     : o.line_visibility);
            break;
          }
        }
      }
    }
    for (int b = 0; b < 3; ++b) {  // naked singles: one digit's bit only
      uint32_t once = 0, twice = 0;
      for (int d = 0; d < 9; ++d) {
        twice |= once & pos_[d][b];
        once |= pos_[d][b];
      }
      for (uint32_t one = once & ~twice & empty_[b]; one != 0; one &= one - 1) {
        const uint32_t bit = one & (0 - one);
        int d = 0;
        while ((pos_[d][b] & bit) == 0) ++d;
        s.See(CellOf(b, std::countr_zero(bit)), d + 1, o.naked_visibility);
      }
    }
  }

  bool Place(int cell, int digit) {
    const int b = cell / 27;
    const uint32_t bit = Bit(cell);
    if ((empty_[b] & bit) == 0) return true;
    uint32_t* own = pos_[digit - 1];
    if ((own[b] & bit) == 0) return false;
    for (auto& p : pos_) p[b] &= ~bit;
    empty_[b] &= ~bit;
    --num_empty_;
    const int r = cell / 9, c = cell % 9;
    --row_empty_[r];
    --col_empty_[c];
    --box_empty_[r / 3 * 3 + c / 3];
    for (int k = 0; k < 3; ++k) own[k] &= ~(kCol << c);
    own[b] &= ~((kRow << (9 * (r % 3))) | (kBox << (3 * (c / 3))));
    return true;
  }
  void Eliminate(int cell, int digit) {
    pos_[digit - 1][cell / 27] &= ~Bit(cell);
  }

 private:
  static constexpr uint32_t kRow = 0x1FF;
  static constexpr uint32_t kBox = 0x7 | 0x7 << 9 | 0x7 << 18;
  static constexpr uint32_t kCol = 0x40201;
  static uint32_t Bit(int cell) {
    return uint32_t{1} << ((cell / 9 % 3) * 9 + cell % 9);
  }
  static int CellOf(int band, int bit) {
    return (3 * band + bit / 9) * 9 + bit % 9;
  }

  uint32_t pos_[9][3] = {};
  uint32_t empty_[3] = {};
  int num_empty_ = 0;
  int8_t row_empty_[9] = {}, col_empty_[9] = {}, box_empty_[9] = {};
};

// One simulated player's walk from `state` to the solution; returns the sum
// of the positions' costs. `replay` are the trace's non-single steps in
// order; `s` points at per-cell scratch, with vis all zero on entry and on
// return.
template <typename State>
double Walk(State state, const std::vector<const Deduction*>& replay,
            const PlayerModelOptions& o, uint64_t seed, Sighting& s) {
  uint64_t draws = 0;  // the player's random stream: DeriveSeed(seed, draws++)
  size_t next_replay = 0;
  double cost = 0;
  while (state.num_empty() > 0) {
    s.num_seen = 0;
    s.total = 0;
    state.Scan(o, s);
    if (s.total == 0) {
      // No single in sight: the trace's next harder step.
      if (next_replay == replay.size())
        break;  // only if the trace is no solution
      const Deduction& step = *replay[next_replay++];
      cost += state.num_empty() *
              std::exp(o.technique_slope * (std::min(step.rating, 11.0) - 1.2));
      for (const CellDigit& e : step.eliminations)
        state.Eliminate(e.cell, e.digit);
      for (const CellDigit& p : step.placements) {
        if (!state.Place(p.cell, p.digit)) return cost;
      }
      continue;
    }
    cost += state.num_empty() * 10.0 / static_cast<double>(s.total);
    // The move, drawn in proportion to visibility (cells in index order, so
    // that every State walks the same path).
    std::sort(s.seen, s.seen + s.num_seen);
    // A 64-bit draw scaled to [0, total): the bias, below total / 2^64, is
    // far under the model's resolution.
    auto r =
        static_cast<int64_t>((static_cast<Uint128>(DeriveSeed(seed, draws++)) *
                              static_cast<uint64_t>(s.total)) >>
                             64);
    int chosen = -1;
    for (int k = 0; k < s.num_seen; ++k) {
      const int cell = s.seen[k];
      const int v = s.vis[cell];
      s.vis[cell] = 0;
      if (chosen >= 0) continue;
      if (r < v) {
        chosen = cell;
      } else {
        r -= v;
      }
    }
    if (!state.Place(chosen, s.digit[chosen])) break;
  }
  return cost;
}

template <typename State>
double MeanEffort(const Grid& puzzle, const Explanation& explanation,
                  const PlayerModelOptions& options, uint64_t seed) {
  absl::StatusOr<Board> start = Board::FromGrid(puzzle);
  if (!start.ok() || options.players < 1) return 0;
  const State state(*start);
  std::vector<const Deduction*> replay;
  for (const Deduction& step : explanation.steps) {
    if (!IsSingleTechnique(step.technique)) replay.push_back(&step);
  }
  const auto cells = static_cast<size_t>(puzzle.num_cells());
  std::vector<int> vis(cells, 0), digit(cells, 0), seen(cells, 0);
  Sighting s{vis.data(), digit.data(), seen.data()};
  double sum = 0;
  for (int p = 0; p < options.players; ++p) {
    sum += Walk(state, replay, options,
                DeriveSeed(seed, static_cast<uint64_t>(p)), s);
  }
  return sum / options.players;
}

}  // namespace

bool IsSingleTechnique(absl::string_view technique) {
  const TechniqueInfo* info = FindTechniqueInfo(technique);
  return info != nullptr && info->group == TechniqueGroup::kSingles;
}

double PlayerEffort(const Grid& puzzle, const Explanation& explanation,
                    const PlayerModelOptions& options, uint64_t seed) {
  if (puzzle.shape().box_rows() == 3 && puzzle.shape().box_cols() == 3) {
    return MeanEffort<Kernel9>(puzzle, explanation, options, seed);
  }
  return MeanEffort<BoardState>(puzzle, explanation, options, seed);
}

double PlayerEffortGeneric(const Grid& puzzle, const Explanation& explanation,
                           const PlayerModelOptions& options, uint64_t seed) {
  return MeanEffort<BoardState>(puzzle, explanation, options, seed);
}

}  // namespace sudoku
