// Restating deductions through a symmetry of the grid.
//
// The rater solves a puzzle's canonical form (core/canonical.h), so that a
// puzzle and all its isomorphs get one rating; these functions carry the
// walk-through back to the cells and digits the user wrote. Given a
// GridTransform t, a deduction found on t's SOURCE becomes the same
// deduction on t's IMAGE: cells through t.MapCell, digits through
// t.MapDigit, units through t.MapUnit, and its sentence rewritten to name
// the mapped cells, units and digits (TransformStepText).
//
// Pure functions; thread-safe.
#ifndef SUDOKU_DEDUCTION_TRANSFORM_H_
#define SUDOKU_DEDUCTION_TRANSFORM_H_

#include <string>

#include "absl/strings/string_view.h"
#include "core/canonical.h"
#include "deduction/step_solver.h"
#include "deduction/technique.h"

namespace sudoku {

// `d` (a deduction on t's source) restated on t's image. Placements and
// eliminations are sets and come back sorted by cell, then digit (as the
// techniques emit them); pattern lists keep their order (a chain's order
// means something).
// Takes `d` by value and rewrites it in place (move it in when it is not
// needed any more).
Deduction TransformDeduction(Deduction d, const GridTransform& t);

// Every step through TransformDeduction, and the final grid through
// t.Apply. Status, ratings, guesses and technique counts are unchanged:
// they do not depend on how the grid is written.
Explanation TransformExplanation(Explanation e, const GridTransform& t);

// A step's sentence (Deduction::text, written on t's source) rewritten for
// t's image. It recognises what deduction/ writes: cell names ("r4c5"),
// unit names ("row 3", "box 7", "rows 2 and 8"; a row becomes a column
// under transposition), digit symbols standing alone ("on 7", "{1,5,7}",
// "r4c5<>7", "(7)r4c5", "a 1 in", with the article fixed), digit sets in
// braces re-sorted. Numbers that are not digits are kept: "type 2",
// "(3 candidates)", "BUG+1", "2-String Kite", the ALS names "A = "/"B = ".
std::string TransformStepText(absl::string_view text, const GridTransform& t);

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_TRANSFORM_H_
