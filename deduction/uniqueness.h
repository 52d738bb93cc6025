// Uniqueness techniques: they assume the puzzle has exactly one solution
// and avoid "deadly patterns" that would give it two. Switchable off
// (DeductionOptions::allow_uniqueness, --no-uniqueness).
#ifndef SUDOKU_DEDUCTION_UNIQUENESS_H_
#define SUDOKU_DEDUCTION_UNIQUENESS_H_

#include "deduction/util.h"

namespace sudoku {

// Unique rectangle types 1-4 on four empty cells in two rows, two columns
// and two boxes sharing candidates {a,b}. SE: type 1 4.5, type 2 and 4
// 4.6, type 3 4.6 + 0.1 per extra subset cell. Find() returns the
// lowest-rated instance.
class UniqueRectangle : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;
  std::optional<Deduction> Find(const Board& board) const override;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

// BUG+1 (SE 5.6): every empty cell bivalue but one trivalue cell, every
// candidate twice per unit except one digit of that cell: it goes there.
class BugPlusOne : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_UNIQUENESS_H_
