// Wings: XY-Wing, XYZ-Wing and W-Wing.
#ifndef SUDOKU_DEDUCTION_WINGS_H_
#define SUDOKU_DEDUCTION_WINGS_H_

#include "deduction/util.h"

namespace sudoku {

// XY-Wing (SE 4.2): pivot {x,y} sees pincers {x,z} and {y,z}; z leaves the
// cells seeing both pincers. XYZ-Wing (SE 4.4): pivot {x,y,z}; z leaves
// the cells seeing the pivot and both pincers.
class XyWing : public ScanningTechnique {
 public:
  XyWing(TechniqueId tid, bool xyz) : ScanningTechnique(tid), xyz_(xyz) {}

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;

 private:
  bool xyz_;
};

// W-Wing: two cells {x,y} that do not see each other, joined by a strong
// link on x (each end seen by one of them): y leaves cells seeing both. Not
// in Sudoku Explainer (a short XY/forcing chain there); rated 6.6.
class WWing : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_WINGS_H_
