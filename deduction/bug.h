// Sudoku Explainer 1.2.1's Bivalue Universal Grave, types 1 to 4.
#ifndef SUDOKU_DEDUCTION_BUG_H_
#define SUDOKU_DEDUCTION_BUG_H_

#include <optional>

#include "deduction/util.h"

namespace sudoku {

// A grid one step from a BUG (every empty cell bivalue, every digit twice
// in each unit where it is a candidate) has two solutions or none, so in a
// puzzle with one solution one of the extra ("BUG") candidates is true.
//   type 1 (5.6): one cell holds them all: it loses its other candidates;
//   type 2 (5.7): they are one digit: cells seeing them all lose it;
//   type 4 (5.7): two BUG cells in one unit share a digit that has no other
//                 place there: each keeps only its BUG digits and that one;
//   type 3 (5.6 + 0.1 per digit of the subset): the BUG cells share a unit
//                 where their BUG digits and other cells of the unit form a
//                 naked subset: its digits leave the rest of the unit.
// (BugPlusOne covers the single cell of three candidates; this technique
// leaves that case to it.) In the se ladder only.
class BugTypes : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;
  // The lowest-rated type found (the scan may meet a type 3 first).
  std::optional<Deduction> Find(const Board& board) const override;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_BUG_H_
