// The UniquenessCheck of the importer (storage/importer.h) made of an exact
// solver (solvers/solver.h) counting solutions up to two: the binding of
// the two lives here, above both, since sudoku::storage must not link the
// solvers (dependencies point down). Header-only: the import command, the
// storage benchmark and the importer's tests use it.
#ifndef SUDOKU_BANK_EXACT_UNIQUENESS_H_
#define SUDOKU_BANK_EXACT_UNIQUENESS_H_

#include <memory>
#include <utility>

#include "solvers/solver.h"
#include "storage/importer.h"

namespace sudoku {

// `solver` must outlive the returned function; not owned. Gives up after
// `max_nodes` search nodes (0 = never).
inline UniquenessCheck ExactUniquenessCheck(Solver* solver, int64_t max_nodes) {
  return [solver, max_nodes](const Grid& grid) {
    SolveResult r =
        solver->Solve(grid, {.max_solutions = 2, .max_nodes = max_nodes});
    UniquenessVerdict v;
    v.num_solutions = r.num_solutions;
    v.limit_hit = r.limit_hit;
    if (r.num_solutions == 1 && !r.solutions.empty())
      v.solution = std::move(r.solutions[0]);
    return v;
  };
}

}  // namespace sudoku

#endif  // SUDOKU_BANK_EXACT_UNIQUENESS_H_
