// Forcing chains: follow the consequences of assuming candidates true or
// false, through singles, until they agree or contradict.
//
// A "literal" is a candidate with a truth value. Propagation from an
// assumption:
//   X on   => every other candidate of X's cell, and X's digit in every
//             peer, off (weak links);
//   X off  => static:  the other candidate of a bivalue cell, or the other
//             place of a bilocal unit, on (strong links of the board);
//             dynamic: a cell or unit with one candidate/place left that is
//             not off yields it on (the board as it stands in the branch).
// A contradiction: a literal set both on and off, or (dynamic) a cell or a
// unit left with nothing.
//
//   id                     what                                     SE base
//   contradiction_chain    X on (or off) leads to a contradiction:  7.5
//                          X is removed (placed); static links      (Nishio)
//   cell_forcing_chain     every candidate of a cell leads to the   8.0
//                          same literal; static links
//   unit_forcing_chain     every place of a digit in a unit leads   8.0
//                          to the same literal; static links
//   dynamic_forcing_chain  any of the three with dynamic links      8.5
//
// Ratings add LengthBonus(complexity), complexity = the number of literals
// on the chains shown (for contradiction: both chains to the clash; for
// cell/unit: the chain of every branch to the common literal).
// Bounds: breadth-first, so each literal is reached by a shortest chain;
// each search stops after kMaxForcingWork literal expansions (docs).
#ifndef SUDOKU_DEDUCTION_FORCING_CHAINS_H_
#define SUDOKU_DEDUCTION_FORCING_CHAINS_H_

#include <optional>
#include <vector>

#include "deduction/util.h"

namespace sudoku {

enum class ForcingKind { kContradiction, kCell, kUnit, kDynamic };

class ForcingChain : public Technique {
 public:
  ForcingChain(TechniqueId tid, ForcingKind kind)
      : Technique(tid), kind_(kind) {}
  std::optional<Deduction> Find(const Board& board) const override;
  void FindAll(const Board& board, std::vector<Deduction>* out) const override;

 private:
  void Search(const Board& board, bool all, std::vector<Deduction>* out) const;
  // One search with at most `depth_limit` literals per branch.
  void SearchPass(const Board& board, bool all, int depth_limit,
                  std::vector<Deduction>* out) const;
  ForcingKind kind_;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_FORCING_CHAINS_H_
