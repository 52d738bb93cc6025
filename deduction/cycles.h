// Sudoku Explainer 1.2.1's bidirectional cycles: continuous nice loops,
// rated on their length.
//
// A cycle is a closed chain of candidates n0 .. n(2k-1), k >= 2, whose links
// alternate strong (n0=n1: at least one is true) and weak (n1-n2: at most
// one is true), each candidate once. Counting shows that exactly one of the
// two alternate colourings {n0, n2, ...} and {n1, n3, ...} is the true one,
// so of two linked loop candidates exactly one is true, and a candidate
// outside the loop weakly linked to both is false (SE's eliminations; one
// weakly linked to two unlinked loop candidates of opposite colours is
// false too, but SE does not take those).
//
//   kind             strong links                weak links           SE base
//   kX  (x_cycle)    the two places of a digit   same digit, a unit   6.5
//                    in a unit
//   kY  (y_cycle)    the two digits of a cell    same digit, a unit;  6.5
//                                                two digits, a cell
//   kBidirectional   both                        both                 7.0
//   (cycle)
//
// Rating: base + LengthBonus(nodes - 2), which reproduces SE's steps (an
// X-cycle of 6 candidates 6.5, Y-cycles of 4, 5 and 7 cells 6.6, 6.7 and
// 6.8). Search: loops by increasing length, each from its lowest-numbered
// candidate, by depth-first search pruned with the breadth-first distance
// back to the start; a work budget bounds large boards.
#ifndef SUDOKU_DEDUCTION_CYCLES_H_
#define SUDOKU_DEDUCTION_CYCLES_H_

#include <optional>
#include <vector>

#include "deduction/util.h"

namespace sudoku {

enum class CycleKind { kX, kY, kBidirectional };

class CycleTechnique : public Technique {
 public:
  CycleTechnique(TechniqueId tid, CycleKind kind)
      : Technique(tid), kind_(kind) {}
  std::optional<Deduction> Find(const Board& board) const override;
  void FindAll(const Board& board, std::vector<Deduction>* out) const override;

 private:
  void Search(const Board& board, bool all, std::vector<Deduction>* out) const;
  CycleKind kind_;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_CYCLES_H_
