// Sudoku Explainer 1.2.1's static forcing chains and cycles, as its
// chaining rule lists them when nested inside a forcing chain's branch.
//
// From each candidate of a cell with two or more, SE chains three ways:
// X-links only (an "on" turns off the digit's other places in its units;
// an "off" turns on the other place of a unit with two), Y-links only
// (cycles through bivalue cells) and both. A breadth-first search from the
// candidate "on" looks for a loop back to it (a cycle: its eliminations are
// the candidates that both an "on" and an "off" of the loop see); one from
// the candidate "on" and one from it "off" look for the first chain back to
// its opposite (a forcing chain: the candidate is removed, or placed).
//
// Each step's complexity is the number of distinct candidates, "on" or
// "off", on its chain (a cycle counts its start once), and its rating SE's
// base (X-cycle and Y-cycle 6.5, X-chain 6.6, cycle and forcing chain 7.0)
// plus SE's length bonus. FindAll lists the steps in SE's order (rating,
// complexity, kind, then the order found), one step per set of
// eliminations; this is what an SE rule hands a branch at nesting levels
// 2 and 3. Steps carry the candidates they turn on with their causes
// (Deduction::on_causes), from which a branch takes their parents.
//
// Not a rung of any ladder: the ladders use the x_cycle, y_cycle, x_chain,
// bidirectional_cycle and aic searches, which find the same first step
// rating but not the same list.
#ifndef SUDOKU_DEDUCTION_SE_STATIC_CHAINS_H_
#define SUDOKU_DEDUCTION_SE_STATIC_CHAINS_H_

#include <optional>
#include <vector>

#include "deduction/technique.h"

namespace sudoku {

class SeStaticChains : public Technique {
 public:
  SeStaticChains();
  // The first step of FindAll's list.
  std::optional<Deduction> Find(const Board& board) const override;
  void FindAll(const Board& board, std::vector<Deduction>* out) const override;
};

// SE's rating of a chain of `complexity` candidates on base `base`, with
// SE's own arithmetic (the bonus summed in steps of 0.1, unrounded), so
// that ties sort as in SE.
double SeChainDifficulty(double base, int complexity);

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_SE_STATIC_CHAINS_H_
