// Fish: X-Wing, Swordfish, Jellyfish, and their finned/sashimi forms.
#ifndef SUDOKU_DEDUCTION_FISH_H_
#define SUDOKU_DEDUCTION_FISH_H_

#include "deduction/util.h"

namespace sudoku {

// Basic fish of size k (2 X-Wing 3.2, 3 Swordfish 3.8, 4 Jellyfish 5.2):
// k rows in which digit d lies within the same k columns (or the
// transpose); d leaves those columns' other cells.
class BasicFish : public ScanningTechnique {
 public:
  BasicFish(TechniqueId tid, int size);

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;

 private:
  int size_;
};

// Finned (and sashimi) fish of size k: a basic fish except for extra base
// candidates (fins) all in one box; only cover cells in that box, which see
// every fin, lose d. Sudoku Explainer has no fish with fins (it finds these
// eliminations as X-chains/forcing chains, 6.5+); rated 6.6 / 6.8 / 7.0 for
// k = 2 / 3 / 4 so they never pre-empt a step SE rates lower.
class FinnedFish : public ScanningTechnique {
 public:
  FinnedFish(TechniqueId tid, int size);

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;

 private:
  int size_;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_FISH_H_
