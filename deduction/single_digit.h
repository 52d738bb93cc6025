// Single-digit patterns: short X-chains with names of their own.
//
// Sudoku Explainer 1.2.1 has none of them (it finds the same eliminations as
// X-chains/X-cycles rated 6.5+). Sukaku Explainer, the SE descendant that
// rated our reference corpora, rates them low: skyscraper 4.0, 2-string
// kite 4.1, other two-strong-link patterns (our turbot fish) 4.1, grouped
// ones such as the empty rectangle 4.3; we use those ratings so that ER
// agrees with the published SE ratings (docs/DEDUCTION.md). HoDoKu rates
// them "hard" (below fish with fins).
#ifndef SUDOKU_DEDUCTION_SINGLE_DIGIT_H_
#define SUDOKU_DEDUCTION_SINGLE_DIGIT_H_

#include "deduction/util.h"

namespace sudoku {

// Which kind of two-strong-link pattern a TwoLinkPattern reports.
enum class TwoLinkKind {
  kSkyscraper,     // two parallel lines, linked ends in a common cross line
  kTwoStringKite,  // a row and a column, linked ends in one box
  kTurbotFish,     // any other pair of strong links joined by a weak link
};

// Strong link A=B (d has exactly two places in a unit), weak link B-C (B
// sees C), strong link C=D: one of A, D is d, so cells seeing both lose d.
class TwoLinkPattern : public ScanningTechnique {
 public:
  TwoLinkPattern(TechniqueId tid, TwoLinkKind kind)
      : ScanningTechnique(tid), kind_(kind) {}

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;

 private:
  TwoLinkKind kind_;
};

// Empty rectangle: in a box, d lies only on one row and one column (a
// cross); a strong link on d in a line outside the box, with one end on
// the cross row (column), removes d where its other end's row (column)
// meets the cross column (row).
class EmptyRectangle : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_SINGLE_DIGIT_H_
