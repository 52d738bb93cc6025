// The single-digit ("Nishio", "template") subproblem and three ways to
// solve it.
//
// For one digit d let P be the cells where d is placed or still a
// candidate. A valid placement (a "template") is a set of N cells of P with
// exactly one cell in every row, column and box. The exact rule keeps the
// cells of P that lie on at least one valid placement and eliminates d from
// all others; when no valid placement exists the position is contradictory.
// This is Eppstein's "Nishio" (2012) and HoDoKu's unrefined templates. It is
// not Sudoku Explainer's "Nishio forcing chains" (a chain search that finds a
// subset of these eliminations), and it is weaker than HoDoKu's "Template
// Delete", which also prunes each digit's templates against the other
// digits' (on 6 of HoDoKu's 9 regression cases). See docs/NISHIO.md.
//
//  * SolveSingleDigitDag: Eppstein's exact algorithm (a DAG whose
//    source-to-sink paths are the valid placements), any shape up to 25x25.
//  * SolveSingleDigitOverlay: pattern overlay, i.e. scan every valid
//    placement of the empty grid. Exact, slow; the test oracle. Only for
//    shapes with at most kMaxOverlayTemplates placements (up to 10x10).
//  * SolveSingleDigitMatching: Eppstein's earlier polynomial approximation
//    (rows x columns bipartite matching, boxes ignored). Sound but weaker:
//    its eliminations are always a subset of the exact ones.
//
// All functions are pure and thread-safe (the DAG keeps a per-thread scratch
// memo; overlay templates are built once per shape under a lock).
#ifndef SUDOKU_DEDUCTION_NISHIO_H_
#define SUDOKU_DEDUCTION_NISHIO_H_

#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/rng.h"
#include "core/shape.h"

namespace sudoku {

// A set of cells of one grid: bit i is cell i (row-major), for any shape up
// to 25x25 (625 cells).
using CellBits = std::bitset<kMaxDigits * kMaxDigits>;

struct SingleDigitResult {
  // True when no valid placement lies inside P. Then `survivors` is empty
  // and `eliminated` == P (every cell of P is on no valid placement).
  bool contradiction = false;
  // Cells of P on at least one valid placement (for the matching rule: on
  // at least one perfect matching of the rows x columns graph).
  CellBits survivors;
  // P minus survivors.
  CellBits eliminated;
  // Effort, as a count: DAG vertices expanded, templates scanned, or
  // matching edges examined (for comparisons that do not use the clock).
  int64_t work = 0;
};

// Eppstein's DAG. Cost: O(vertices reached from the source inside P times
// the box width); at most 290 vertices for 9x9, 19,442 for 16x16 and
// 4,528,052 for 25x25. REQUIRES: `p` has no bit at or beyond
// shape.num_cells().
SingleDigitResult SolveSingleDigitDag(const Shape& shape, const CellBits& p);

// The shapes whose overlay table we are willing to build: (r!)^c (c!)^r
// valid placements; 46,656 for 3x3, 460,800 for 2x5, but 17,915,904 for 3x4.
inline constexpr uint64_t kMaxOverlayTemplates = 1'000'000;

// Pattern overlay. nullopt when the shape has more than kMaxOverlayTemplates
// valid placements. The first call per shape enumerates them (by plain
// backtracking, independently of the DAG) and caches them.
std::optional<SingleDigitResult> SolveSingleDigitOverlay(const Shape& shape,
                                                         const CellBits& p);

// Rows x columns bipartite graph with an edge per cell of P; survivors are
// the edges on some perfect matching (one maximum matching, then strongly
// connected components of the alternating graph). `contradiction` when there
// is no perfect matching. Equivalent to every row- and column-based basic
// fish of every size (Hall's theorem).
SingleDigitResult SolveSingleDigitMatching(const Shape& shape,
                                           const CellBits& p);

// Facts about the full DAG of a shape (P = every cell).
struct DagStats {
  int64_t vertices = 0;    // almost-balanced matrices: 290 for 3x3
  int64_t arcs = 0;
  Uint128 placements = 0;  // source-to-sink paths = valid placements
};
// Walks the whole DAG: ~4.5M vertices for 25x25 (about a second).
DagStats ComputeDagStats(const Shape& shape);

// The number of valid placements inside P (DAG path count).
Uint128 CountPlacementsInside(const Shape& shape, const CellBits& p);

// P for `digit` on `board`: the cells holding it or having it as candidate.
CellBits DigitCells(const Board& board, int digit);

// Why `digit` cannot go in `cell`, by single-digit propagation: assume it
// there, then repeatedly place the digit where a row, column or box has one
// cell left for it, until some unit has none. Returns e.g.
// "a 7 in r9c5 forces r5c6, r4c1, r2c3, r1c7: no 7 left for row 9" ("an 8"), or
// nullopt when propagation stops without a contradiction or needs more than
// `max_forced` forced placements. `p` is DigitCells(board, digit); filled
// cells of `board` holding `digit` count as placed.
std::optional<std::string> ExplainByPropagation(const Board& board, int digit,
                                                const CellBits& p, int cell,
                                                int max_forced);

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_NISHIO_H_
