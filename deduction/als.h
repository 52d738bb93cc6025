// ALS-XZ: two almost locked sets joined by restricted common candidates.
//
// An almost locked set (ALS) is k cells of one unit holding k+1 digits
// (a bivalue cell is the smallest). Two disjoint ALSs A and B share a
// restricted common candidate (RCC) x when every x of A sees every x of B:
// x is then in at most one of them, so the other is locked.
//   Singly linked (one RCC x): for every other common digit z, z is in A or
//   in B; cells seeing every z of both lose z.
//   Doubly linked (two RCCs x, y): both sets are locked with x in one and y
//   in the other: every digit of A other than x, y leaves cells seeing all
//   of A's cells with it (same for B), and x (y) leaves cells seeing every
//   x (y) of both sets.
// Sudoku Explainer has no ALS; it finds these as forcing chains. We rate
// them 7.1 + LengthBonus(|A| + |B| + 2) (the cells plus the two links), next
// to grouped AIC, as HoDoKu does. ALSs up to kMaxAlsCells cells (4 on
// boards larger than 9x9).
#ifndef SUDOKU_DEDUCTION_ALS_H_
#define SUDOKU_DEDUCTION_ALS_H_

#include <optional>

#include "deduction/util.h"

namespace sudoku {

inline constexpr int kMaxAlsCells = 8;

class AlsXz : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;
  // The lowest-rated instance (ratings vary with the set sizes).
  std::optional<Deduction> Find(const Board& board) const override;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_ALS_H_
