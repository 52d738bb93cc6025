// Aligned exclusion: Sudoku Explainer 1.2.1's Aligned Pair Exclusion (6.2)
// and Aligned Triplet Exclusion (7.5).
#ifndef SUDOKU_DEDUCTION_ALIGNED_H_
#define SUDOKU_DEDUCTION_ALIGNED_H_

#include "deduction/util.h"

namespace sudoku {

// Aligned exclusion of `degree` (2: pair, 3: triplet) base cells. Every
// combination of one candidate per base cell is tried; a combination is
// excluded when two base cells that see each other take the same digit, or
// when a cell seeing every base cell, with 2..degree candidates, would lose
// them all. A candidate of a base cell found in no remaining combination
// goes. Rated at the row's base (SE: 6.2 pair, 7.5 triplet; no bonus).
class AlignedExclusion : public ScanningTechnique {
 public:
  AlignedExclusion(TechniqueId tid, int degree)
      : ScanningTechnique(tid), degree_(degree) {}

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;

 private:
  int degree_;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_ALIGNED_H_
