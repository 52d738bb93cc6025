// The single-digit template rule as ladder techniques:
//
//   id "nishio"           exact (Eppstein's DAG), difficulty 7.5
//   id "nishio-matching"  rows x columns matching approximation, 5.2
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

#include <memory>

#include "deduction/technique.h"

namespace sudoku {

inline constexpr double kNishioDifficulty = 7.5;
inline constexpr double kNishioMatchingDifficulty = 5.2;

std::unique_ptr<Technique> MakeNishioTechnique();
std::unique_ptr<Technique> MakeNishioMatchingTechnique();

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_NISHIO_TECHNIQUE_H_
