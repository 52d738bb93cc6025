// Helpers shared by the technique implementations: a base class that turns
// one Scan() into Find()/FindAll(), and the wording of steps.
#ifndef SUDOKU_DEDUCTION_UTIL_H_
#define SUDOKU_DEDUCTION_UTIL_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/types/span.h"
#include "core/board.h"
#include "deduction/technique.h"
#include "deduction/unit_index.h"

namespace sudoku {

// Receives one deduction; returns false to stop the scan.
using DeductionSink = absl::FunctionRef<bool(Deduction&&)>;

// A technique written as one scan over the board that reports every
// instance; Find() stops at the first, FindAll() collects them all.
class ScanningTechnique : public Technique {
 public:
  using Technique::Technique;
  std::optional<Deduction> Find(const Board& board) const override;
  void FindAll(const Board& board, std::vector<Deduction>* out) const override;

 protected:
  // Calls `emit` with each deduction found, in scan order, and returns as
  // soon as `emit` returns false. Every emitted deduction makes progress.
  virtual void Scan(const Board& board, const UnitIndex& index,
                    DeductionSink emit) const = 0;
};

// True when applying `d` to `board` would change it.
bool MakesProgress(const Deduction& d, const Board& board);

// "r1c2<>5" / "r1c2=5" for every literal (candidate * 2 + on, candidate =
// cell * N + digit - 1) of `shape`, by literal: the chaining techniques'
// names of their links. Made once per shape and thread (shapes are interned).
const std::vector<std::string>& LiteralNames(const Shape& shape);

// "r4c5, r6c7" (in the given order).
std::string CellList(const Shape& shape, absl::Span<const int> cells);
// "remove 3 from r5c4, r6c7" / "remove 3 from r5c4 and 7 from r6c7, r6c8";
// groups by digit, in the order digits first appear.
std::string DescribeEliminations(const Shape& shape,
                                 absl::Span<const CellDigit> eliminations);
// "{1,5,7}" for a digit set.
std::string DigitList(const Shape& shape, CandidateSet digits);
// Unit names joined: "rows 2 and 8", "columns 1, 4 and 7" (same kind only),
// or "row 2 and box 5" for mixed kinds.
std::string UnitList(const Shape& shape, absl::Span<const int> units);

// Calls f(idx) for each k-combination idx[0..k-1] of 0..m-1 (k <= 4), in
// lexicographic order; stops when f returns false. Returns false if stopped.
template <typename F>
bool ForEachCombination(int m, int k, F&& f) {
  std::array<int, 4> idx{};
  if (k > m || k <= 0) return true;
  for (int i = 0; i < k; ++i) idx[static_cast<size_t>(i)] = i;
  while (true) {
    if (!f(idx)) return false;
    int i = k - 1;
    while (i >= 0 && idx[static_cast<size_t>(i)] == m - k + i) --i;
    if (i < 0) return true;
    ++idx[static_cast<size_t>(i)];
    for (int j = i + 1; j < k; ++j)
      idx[static_cast<size_t>(j)] = idx[static_cast<size_t>(j - 1)] + 1;
  }
}

// The lowest-rated deduction of `all` (the first of equals), or nullopt.
std::optional<Deduction> LowestRated(std::vector<Deduction>&& all);

// Sorts and removes duplicates (cells, then digits).
void Canonicalize(std::vector<CellDigit>* v);

// What turns `to` on when `from` is off, for a strong link between them on
// `board`: the cell when they share it, else the first of to's box, row and
// column holding both where the digit has only those two places (the first
// shared unit when none has).
ChainCause StrongLinkCause(const Board& board, CellDigit from, CellDigit to);

// One word per cell: its value with bit 31 set when placed, else its
// candidates. Equal keys (on one shape) mean the same grid, so a search
// can keep what it built from a board for the next board with the same key.
void GridKey(const Board& board, std::vector<uint32_t>* key);

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_UTIL_H_
