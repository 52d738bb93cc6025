// Sudoku Explainer 1.2.1's unique rectangles and unique loops, types 1-4,
// rated as SE rates them.
#ifndef SUDOKU_DEDUCTION_UNIQUE_LOOPS_H_
#define SUDOKU_DEDUCTION_UNIQUE_LOOPS_H_

#include <optional>

#include "deduction/util.h"

namespace sudoku {

// A unique loop on digits {a,b}: 4, 6, 8... empty cells holding a and b,
// each next one sharing a unit with the one before, the last with the
// first, where every unit holds none of them or two an odd number of steps
// apart along the loop. If they all ended {a,b}, swapping a and b would
// give a second solution, so in a puzzle with one solution some cell takes
// another ("extra") digit. A loop of 4 cells is a unique rectangle.
//   type 1: one cell has extras: it loses a and b;
//   type 2: every cell with extras has the same single extra c: cells that
//           see them all lose c;
//   type 3: two cells with extras share a unit: their extras act as one
//           virtual cell, which forms a naked subset with other cells of
//           the unit (its digits leave the rest of the unit), or (hidden
//           subset) digits other than the extras that the unit has only
//           in the two cells and k-1 others fill those others;
//   type 4: two cells with extras share a unit where a has no other place:
//           one of them is a, so neither is b.
// Rating (SE's step lists): a rectangle 4.5, a loop of 6 cells 4.6, of 8
// 4.7, of 10 5.0; type 3 adds 0.1 per cell of a naked subset, or per cell
// beyond the first of a hidden one (SE takes a hidden subset only where two
// or more cells of the unit are left outside it). Among equal ratings the
// first in SE's order: types 1, 2, 3, 4, each over the loops met from the
// bivalue cells in turn. In the se ladder only, where it replaces
// unique_rectangle (whose type 3 rates otherwise and which has no loops).
// Steps on four cells carry the id unique_rectangle, longer loops
// unique_loop.
class UniqueLoops : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;
  std::optional<Deduction> Find(const Board& board) const override;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_UNIQUE_LOOPS_H_
