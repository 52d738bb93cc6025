// Intersections (locked candidates): a digit confined to the overlap of a
// box and a line is removed from the rest of the other unit.
#ifndef SUDOKU_DEDUCTION_INTERSECTIONS_H_
#define SUDOKU_DEDUCTION_INTERSECTIONS_H_

#include "deduction/util.h"

namespace sudoku {

// Pointing: in a box, digit d lies only in one row (column): remove d from
// the rest of that line (SE 2.6). With `direct` (SE "direct pointing",
// 1.7), only instances whose eliminations leave d a hidden single in some
// unit are reported, and the deduction also places that single.
class Pointing : public ScanningTechnique {
 public:
  Pointing(TechniqueId tid, bool direct)
      : ScanningTechnique(tid), direct_(direct) {}

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;

 private:
  bool direct_;
};

// Claiming (box/line reduction): in a row (column), digit d lies only in one
// box: remove d from the rest of the box (SE 2.8; direct claiming 1.9).
class Claiming : public ScanningTechnique {
 public:
  Claiming(TechniqueId tid, bool direct)
      : ScanningTechnique(tid), direct_(direct) {}

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;

 private:
  bool direct_;
};

// For "direct" variants: the first hidden single that removing the
// candidates `eliminations` would create, in the units of the eliminated
// cells (boxes, then rows, then columns), as a placement. Also used by the
// direct hidden subsets.
std::optional<CellDigit> HiddenSingleAfter(
    const Board& board, const UnitIndex& index,
    const std::vector<CellDigit>& eliminations, std::vector<int> units);

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_INTERSECTIONS_H_
