// Colouring on one digit: simple colouring (colour trap, colour wrap) and
// multi-colouring.
//
// For digit d, the conjugate pairs (units where d has exactly two places)
// join cells into clusters; colouring each cluster with two colours, one
// colour is all true and the other all false.
//   Colour trap: a cell outside the cluster seeing both colours loses d.
//   Colour wrap: two cells of one colour see each other: that colour is
//   false (d leaves every cell of it).
//   Multi-colouring: two clusters A (a1/a2), B (b1/b2). If a cell of a1
//   sees a cell of b1, a2 or b2 is true: cells seeing both a2 and b2 lose d
//   (type 1). If a cell of a1 sees b1 and a (maybe other) cell of a1 sees
//   b2, a1 is false (type 2).
//
// Sudoku Explainer has no colouring; it finds each elimination as an X-chain
// or X-cycle. We rate simple colouring as that X-chain: 6.6 + LengthBonus
// (cluster size), and multi-colouring 6.7 + LengthBonus(both clusters),
// one step above, since it joins two clusters through a weak link. Both
// sit after x_chain in the ladder, so where the X-chain is as short, the
// chain is reported.
#ifndef SUDOKU_DEDUCTION_COLOURING_H_
#define SUDOKU_DEDUCTION_COLOURING_H_

#include "deduction/util.h"

namespace sudoku {

class SimpleColouring : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

class MultiColouring : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_COLOURING_H_
