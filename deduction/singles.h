// Singles: the three ways a digit is placed without any elimination step.
#ifndef SUDOKU_DEDUCTION_SINGLES_H_
#define SUDOKU_DEDUCTION_SINGLES_H_

#include "deduction/util.h"

namespace sudoku {

// The last empty cell of a row, column or box (SE "last value", 1.0).
class FullHouse : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

// A digit with one place left in a unit: 1.2 in a box, 1.5 in a row or
// column; boxes are scanned first, as Sudoku Explainer does.
class HiddenSingle : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

// A cell with one candidate left (2.3).
class NakedSingle : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_SINGLES_H_
