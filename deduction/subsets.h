// Subsets: naked and hidden pairs, triples and quads.
#ifndef SUDOKU_DEDUCTION_SUBSETS_H_
#define SUDOKU_DEDUCTION_SUBSETS_H_

#include "deduction/util.h"

namespace sudoku {

// k cells of a unit whose candidates together are k digits: those digits
// leave the unit's other cells (and the other unit the k cells share, if
// any: a "locked" subset). SE: pair 3.0, triple 3.6, quad 5.0.
class NakedSubset : public ScanningTechnique {
 public:
  NakedSubset(TechniqueId tid, int size);

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;

 private:
  int size_;
};

// k digits of a unit confined to the same k cells: those cells lose every
// other candidate. SE: pair 3.4, triple 4.0, quad 5.4; with `direct`
// (pairs and triples: SE 2.0 and 2.5) only instances that leave another
// digit a hidden single in the unit, which is then placed.
class HiddenSubset : public ScanningTechnique {
 public:
  HiddenSubset(TechniqueId tid, int size, bool direct);

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;

 private:
  int size_;
  bool direct_;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_SUBSETS_H_
