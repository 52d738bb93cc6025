// Soft-clue ("stochastic") puzzles (Gunther & Moon section V-B, after Moon,
// Gunther & Kupin): a clue may be a probability distribution over the digits
// of a cell instead of one digit.
//
// Line format: one puzzle per line, N*N cells, each a digit symbol, an
// empty-cell marker (. 0 - _ *), or a braced soft clue:
//   {4679}            uniform over the digits 4, 6, 7, 9
//   {4:0.4,6:0.6}     explicit weights (normalised to sum 1; 0 < w)
// For N >= 10 the digits inside braces are symbols too (1-9, A, B, ...).
// The CLI also reads a JSON form per line (solve --soft):
//   {"puzzle": "<line as above>", "weights": {"r1c4": {"4": 0.4, "6": 0.6}}}
// which sets explicit weights with SetSoftClue.
// Anything after the first whitespace is a label. Example (9x9, row 1):
//   ...{4679}.{4679}{4679}{4679}.......
//
// The exact solvers treat a soft clue as a candidate restriction (the cell
// must take one of its digits), so a soft puzzle can be checked for a unique
// solution (CountSoftSolutions). The entropy solver also uses the weights:
// its INIT starts from the part of the polytope the clues make most likely.
#ifndef SUDOKU_SOLVERS_SOFT_PUZZLE_H_
#define SUDOKU_SOLVERS_SOFT_PUZZLE_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/candidate_set.h"
#include "core/grid.h"
#include "solvers/relaxation.h"

namespace sudoku {

struct SoftPuzzle {
  // The hard clues; soft-clue cells are empty here.
  Grid clues{Shape::Classic()};
  // Per cell: the allowed digits of a soft clue, empty for other cells.
  std::vector<CandidateSet> allowed;
  // Per cell: weights[cell][digit] for digit 1..N (sum 1 over the allowed
  // digits); empty vector for cells without a soft clue.
  std::vector<std::vector<double>> weights;

  int NumSoftClues() const;
};

// Parses one soft puzzle from `line` (1-based line number `line_number` for
// messages). InvalidArgument with "line L, column C: ..." for a bad symbol,
// an unclosed or empty brace, a bad or repeated weight, a digit out of range,
// the wrong cell count (the shape comes from the count unless `shape` is
// given), or clashing hard clues.
// `column_offset` is the 0-based column where `line` starts in the input
// (for messages about an indented line).
absl::StatusOr<SoftPuzzle> ParseSoftPuzzle(absl::string_view line,
                                           int line_number = 1,
                                           const Shape* shape = nullptr,
                                           int column_offset = 0);

// One line per puzzle; blank lines and '#' comments are skipped. Fails on
// the first bad line.
absl::StatusOr<std::vector<SoftPuzzle>> ParseSoftPuzzles(
    absl::string_view text, const Shape* shape = nullptr);

// Makes `cell` a soft clue with the given (digit, weight) pairs, replacing
// whatever the cell held (weights are normalised). InvalidArgument naming
// the cell for a digit outside 1..N, a repeated digit, a weight that is not
// positive and finite, or an empty list.
absl::Status SetSoftClue(SoftPuzzle& puzzle, int cell,
                         const std::vector<std::pair<int, double>>& weights);

// Back to the line format (uniform sets as {digits}, others with weights).
std::string ToSoftLine(const SoftPuzzle& puzzle);

// A valid solution of the hard clues whose soft-clue cells hold allowed
// digits.
bool IsValidSoftSolution(const SoftPuzzle& puzzle, const Grid& solution);

// Exact count of the solutions, up to `limit` (0 = all), by backtracking
// over candidate masks (the cell with the fewest candidates first).
int CountSoftSolutions(const SoftPuzzle& puzzle, int limit = 2,
                       Grid* first_solution = nullptr);

// The relaxation of the solvers (hard clues eliminated, soft cells
// restricted) and the per-variable prior (the soft weights; 1 elsewhere).
Relaxation SoftRelaxation(const SoftPuzzle& puzzle,
                          std::vector<double>* prior = nullptr);

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_SOFT_PUZZLE_H_
