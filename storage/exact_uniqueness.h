// The UniquenessCheck the CLI and the storage tests use: an exact solver
// (solvers/solver.h) counting solutions up to two.
//
// Header-only on purpose: sudoku::storage must not link the solvers
// (dependencies point down), so only binaries that link both include this.
#ifndef SUDOKU_STORAGE_EXACT_UNIQUENESS_H_
#define SUDOKU_STORAGE_EXACT_UNIQUENESS_H_

#include <memory>
#include <utility>

#include "solvers/solver.h"
#include "storage/importer.h"

namespace sudoku {

// `solver` must outlive the returned function; not owned. Gives up after
// `max_nodes` search nodes (0 = never).
inline UniquenessCheck ExactUniquenessCheck(Solver* solver, int64_t max_nodes) {
  return [solver, max_nodes](const Grid& grid) {
    SolveResult r = solver->Solve(grid, {.max_solutions = 2, .max_nodes = max_nodes});
    UniquenessVerdict v;
    v.num_solutions = r.num_solutions;
    v.limit_hit = r.limit_hit;
    if (r.num_solutions == 1 && !r.solutions.empty()) v.solution = std::move(r.solutions[0]);
    return v;
  };
}

}  // namespace sudoku

#endif  // SUDOKU_STORAGE_EXACT_UNIQUENESS_H_
