// Sudoku Explainer 1.2.1's multiple and dynamic forcing chains, as SE finds
// and rates them (the se ladder's rungs from 8.0 up; docs/DEDUCTION.md).
//
// A literal is a candidate assumed on or off. From an assumption, SE's
// propagation expands every pending "on" literal before the next pending
// "off" one (so the chain that reaches a literal first is not always the
// shortest):
//   on  X      => X's cell's other candidates off, then X's digit off in
//                 X's box, row and column (in that order);
//   off X      static:  the other candidate of a cell that had two, and the
//                       other place of a box/row/column that had two, on;
//              dynamic: X leaves the branch's grid when it is expanded; a
//                       cell (unit) left with one candidate (place) turns it
//                       on, with every candidate (place) gone as its
//                       parents.
//   level 1    ("+", dynamic only): when nothing is pending, the first of
//              the basic techniques (pointing, claiming, naked/hidden
//              subsets, basic fish) with an elimination on the branch's
//              grid turns its eliminations off; their parents are the
//              candidates of the pattern's digits the branch removed from
//              the pattern's units.
// A clash is a candidate set both on and off.
//
// Steps (all found, then the least rated; ties: the smaller complexity,
// then the first found, cells in order):
//   cell      every candidate of a cell implies the same literal;
//   region    every place of a digit in a unit implies the same literal
//             (the unit is looked at from its first place's cell);
//   both only from cells of three or more candidates (static) or two or
//   more (dynamic);
//   dynamic only: X on clashes (X removed), X off clashes (X placed), and,
//             for cells of three or more, X on and X off imply the same.
// Complexity: the distinct literals among the target's ancestors in every
// branch, summed (a clash: those of its on and its off literal). Rating:
// base + LengthBonus(complexity - 2); base 8.0 static, 8.5 dynamic, 9.0
// dynamic "+".
// On boards larger than 9x9 a search stops after kMaxSeChainWork literal
// expansions and reports the best step found so far (or none).
#ifndef SUDOKU_DEDUCTION_SE_CHAINING_H_
#define SUDOKU_DEDUCTION_SE_CHAINING_H_

#include <memory>
#include <optional>
#include <vector>

#include "deduction/technique.h"

namespace sudoku {

// Rows "se_forcing_chains" (static), "se_dynamic_chains" (dynamic) and
// "dynamic_forcing_chain_plus" (dynamic, level 1). The first two's steps
// carry the ids cell_forcing_chain / unit_forcing_chain (static) and
// dynamic_forcing_chain, as SE names them Cell / Region / Dynamic Forcing
// Chains; the third's its own id.
class SeForcingChains : public Technique {
 public:
  // `level` 1: dynamic forcing chains "+" (the basic techniques inside).
  SeForcingChains(TechniqueId tid, bool dynamic, int level = 0);
  std::optional<Deduction> Find(const Board& board) const override;

 private:
  bool dynamic_;
  std::vector<std::unique_ptr<Technique>> basics_;  // level 1: see above
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_SE_CHAINING_H_
