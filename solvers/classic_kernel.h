// ClassicKernel: a 9x9-only exact search on band bit boards. Internal to
// solvers/ (BacktrackSolver uses it for 3x3 shapes) and the generator
// (HasSolutionDifferingAt).
//
// The board is 27 words: for each digit d (0..8) and band b (0..2, rows
// 3b..3b+2) a 27-bit mask of the cells of that band where d may still go:
//
//   F[3*d + b]:  bit  26 ......... 18 | 17 ......... 9 | 8 ......... 0
//                     row 3b+2, c8..c0 | row 3b+1       | row 3b, c8..c0
//
// plus 3 words of unsolved cells, one per band. Row and box constraints of
// one digit live inside one word, so the kernel's main step works on one
// (digit, band) word at a time: it reduces the word to the minirows (row x
// box segments of 3 cells) that take part in some valid placement of the
// digit's three rows into the band's three boxes (this covers locked
// candidates and hidden singles in rows and boxes), and a row left with
// one cell places the digit there. Columns cross bands: a placed digit
// clears its column in the two other bands, and a digit missing from a
// column is a contradiction. Naked singles are found with bit-sliced
// counters over the 9 digit words of a band. When nothing else fires, a
// stack step (the band step turned sideways) and the triads: the 3 cells
// of a minirow or minicolumn hold 3 different digits, so 3 possible
// digits must all go there and 3 needed digits keep the others out.
//
// Branching splits the search on a digit's arrangement in a band (which
// minirow it takes in each row) or a stack (which column in each box):
// a digit with exactly two arrangements left, in the band or stack with
// the fewest arrangements in total. Each branch fixes 3 minirows at once.
// Only when no digit has two arrangements does it branch on a cell with
// two candidates (the one with the most unplaced peers), else the fewest.
//
// The design follows the idea of JCZSolve and tdoku's band boards and
// triads; the code and tables are our own. No heap allocation: search
// states live on the call stack (292 bytes each). Not thread-safe.
#ifndef SUDOKU_SOLVERS_CLASSIC_KERNEL_H_
#define SUDOKU_SOLVERS_CLASSIC_KERNEL_H_

#include <cstdint>

#include "core/grid.h"
#include "solvers/search_counter.h"
#include "solvers/solver.h"

namespace sudoku {

class ClassicKernel {
 public:
  // REQUIRES: puzzle.shape() is 3x3. Givens that clash give 0 solutions.
  SolveResult Run(const Grid& puzzle, const SolveLimits& limits);

  // For the generator's clue removal: whether `puzzle` has a solution that
  // differs from `solution` in at least one of `cells`.
  // REQUIRES: `solution` solves `puzzle`, and it is the only solution of
  // `puzzle` with `cells` filled in from it (the puzzle before removing
  // them). Then the answer is "the removal breaks uniqueness", found by a
  // search that never enters the known solution's subtree: for each k,
  // cells[0..k-1] as in `solution` and cells[k] not, stopping at the
  // first solution. Cheaper than counting to 2.
  bool HasSolutionDifferingAt(const Grid& puzzle, const Grid& solution,
                              const int* cells, int num_cells);
  int64_t nodes() const { return count_.nodes; }

 private:
  struct State {
    // Candidates per (digit, band), layout above; f[27] is padding (always
    // 0) so that f and prev load as seven 4-word vectors.
    uint32_t f[28];
    uint32_t prev[28];  // f as of its last Update (to skip unchanged words)
    uint32_t unsolved[3];
    // The minirows (bit 3*row + box) of each word as of its last Update:
    // those of f wherever f == prev.
    uint16_t rows[28];
  };

  static uint32_t Changed(const State& s);
  static bool Update(State& s, int d, int b);
  bool Propagate(State& s);
  // The stack step and the triads (see Propagate). Returns false on a
  // contradiction; sets `narrowed` when it cleared a candidate.
  bool StackAndTriads(State& s, bool& narrowed);
  static void Place(State& s, int d, int cell);
  void Search(State& s);
  bool BranchOnArrangement(State& s);
  void RecordSolution(const State& s);

  SearchCounter count_;
  uint8_t solutions_[2][81] = {};
  // Per digit, as of the last Propagate that returned true without solving:
  // its minirows in band k (k < 3, bit 3*row + box) and its (band, column)
  // matrix in stack k - 3 (bit 3*band + column of the stack).
  uint16_t arrangements_[9][6] = {};
};

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_CLASSIC_KERNEL_H_
