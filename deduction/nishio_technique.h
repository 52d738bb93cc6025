// The single-digit template rule as ladder techniques:
//
//   id "nishio"           exact (Eppstein's DAG)
//   id "nishio-matching"  rows x columns matching approximation
//
// Both look at digits 1..N in order and return the first digit with an
// elimination, with every elimination the rule gives for that digit. The
// text explains each eliminated candidate by a chain of forced placements
// that ends in a contradiction when single-digit propagation finds one
// ("a 7 in r9c5 forces r5c6, r4c1: no 7 left for row 9"), and otherwise
// states that no valid placement (or perfect matching) of the digit uses the
// cell. If no valid placement exists at all, the deduction eliminates every
// candidate of the digit and says the position is contradictory.
// Ratings are justified in docs/NISHIO.md. Stateless and thread-safe.
#ifndef SUDOKU_DEDUCTION_NISHIO_TECHNIQUE_H_
#define SUDOKU_DEDUCTION_NISHIO_TECHNIQUE_H_

#include <optional>
#include <vector>

#include "deduction/nishio.h"
#include "deduction/technique.h"

namespace sudoku {

// Rows "nishio" (exact) and "nishio-matching" of deduction/techniques.def.
class NishioTechnique : public Technique {
 public:
  NishioTechnique(TechniqueId tid, bool exact);
  std::optional<Deduction> Find(const Board& board) const override;
  // One deduction per digit with eliminations.
  void FindAll(const Board& board, std::vector<Deduction>* out) const override;

 private:
  std::optional<Deduction> FindForDigit(const Board& board, int digit) const;
  std::optional<Deduction> MakeDeduction(const Board& board, int digit,
                                         const CellBits& p,
                                         const std::vector<int>& open,
                                         const SingleDigitResult& result) const;

  bool exact_;  // Eppstein's DAG; false: the rows x columns matching
};

// Row "nishio_chain" (the se ladder): Sudoku Explainer 1.2.1's "Nishio
// forcing chains". A candidate X of digit d is assumed true and only d is
// followed: X true turns d off in X's peers; a unit left with one place for
// d turns it on. When some cell gets d both on and off, or a unit loses its
// last place, X is removed. Rating 7.5 + LengthBonus(literals on the chains
// to the contradiction - 2), the least rated such X first (digits, then
// cells, in order). The template rule ("nishio") proves more; this is the
// part SE finds, rated as SE rates it.
class NishioChains : public Technique {
 public:
  explicit NishioChains(TechniqueId tid) : Technique(tid) {}
  std::optional<Deduction> Find(const Board& board) const override;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_NISHIO_TECHNIQUE_H_
