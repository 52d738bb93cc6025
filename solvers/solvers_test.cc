#include <set>
#include <string>
#include <vector>

#include "core/format.h"
#include "core/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "solvers/backtrack_solver.h"
#include "solvers/dlx_solver.h"
#include "solvers/random_solution.h"
#include "solvers/solver.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::StatusIs;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Norvig's "hardest" first puzzle; its solution is checked by
// IsValidSolution, not hard-coded.
constexpr char kHard[] =
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17........"
    "..36.4.";

std::vector<std::unique_ptr<Solver>> AllSolvers() {
  std::vector<std::unique_ptr<Solver>> solvers;
  solvers.push_back(NewBacktrackSolver());
  solvers.push_back(NewBacktrackSolver({.use_classic_kernel = false}));
  solvers.push_back(NewDlxSolver());
  return solvers;
}

TEST(RegistryTest, NamesAndLookup) {
  EXPECT_THAT(SolverNames(), ElementsAre("backtrack", "dlx"));
  for (const std::string& name : SolverNames()) {
    absl::StatusOr<std::unique_ptr<Solver>> solver = MakeSolver(name);
    ASSERT_OK(solver);
    EXPECT_EQ((*solver)->name(), name);
  }
}

TEST(RegistryTest, UnknownNameListsKnownNames) {
  EXPECT_THAT(MakeSolver("sat"),
              StatusIs(absl::StatusCode::kNotFound,
                       AllOf(HasSubstr("'sat'"), HasSubstr("backtrack, dlx"))));
}

TEST(SolverTest, SolvesHardClassicPuzzle) {
  const Grid puzzle = *ParseGrid(kHard);
  for (auto& solver : AllSolvers()) {
    SCOPED_TRACE(solver->name());
    SolveResult r = solver->Solve(puzzle, {.max_solutions = 2});
    EXPECT_EQ(r.num_solutions, 1);
    EXPECT_FALSE(r.limit_hit);
    ASSERT_EQ(r.solutions.size(), 1u);
    EXPECT_TRUE(IsValidSolution(puzzle, r.solutions[0]));
    EXPECT_GT(r.nodes, 0);
  }
}

TEST(SolverTest, CountsAllSolutionsOfEmpty4x4) {
  // The number of 4x4 Sudoku grids is 288 (a well-known count).
  const Grid empty(Shape::GetOrDie(2, 2));
  for (auto& solver : AllSolvers()) {
    SCOPED_TRACE(solver->name());
    SolveResult r = solver->Solve(empty, {.max_solutions = 0});
    EXPECT_EQ(r.num_solutions, 288);
    EXPECT_FALSE(r.limit_hit);
    ASSERT_EQ(r.solutions.size(), 2u);
    EXPECT_NE(r.solutions[0], r.solutions[1]);
    for (const Grid& s : r.solutions) EXPECT_TRUE(IsValidSolution(empty, s));
  }
}

TEST(SolverTest, ClashingGivensHaveNoSolution) {
  // No two givens clash, but r1c9 must hold 9, which column 9 already has.
  Grid puzzle(Shape::Classic());
  for (int c = 0; c < 8; ++c) puzzle.set(c, c + 1);
  puzzle.set(9 * 5 + 8, 9);  // r6c9 = 9: r1c9 has no candidate
  ASSERT_OK(CheckGivens(puzzle));
  for (auto& solver : AllSolvers()) {
    SCOPED_TRACE(solver->name());
    SolveResult r = solver->Solve(puzzle, {.max_solutions = 2});
    EXPECT_EQ(r.num_solutions, 0);
    EXPECT_FALSE(r.limit_hit);
    EXPECT_TRUE(r.solutions.empty());
  }
}

TEST(SolverTest, NodeLimitStopsTheSearch) {
  const Grid empty16(Shape::GetOrDie(4, 4));
  const Grid empty9(Shape::Classic());
  for (auto& solver : AllSolvers()) {
    SCOPED_TRACE(solver->name());
    SolveResult r =
        solver->Solve(empty9, {.max_solutions = 0, .max_nodes = 50});
    EXPECT_TRUE(r.limit_hit);
    EXPECT_LE(r.nodes, 50);
    SolveResult r16 =
        solver->Solve(empty16, {.max_solutions = 0, .max_nodes = 30});
    EXPECT_TRUE(r16.limit_hit);
    // The solver is reusable after a limit hit.
    SolveResult again = solver->Solve(*ParseGrid(kHard), {.max_solutions = 2});
    EXPECT_EQ(again.num_solutions, 1);
    EXPECT_FALSE(again.limit_hit);
  }
}

TEST(SolverTest, MaxSolutionsOneStopsAtFirst) {
  const Grid empty(Shape::GetOrDie(2, 3));
  for (auto& solver : AllSolvers()) {
    SCOPED_TRACE(solver->name());
    SolveResult r = solver->Solve(empty, {.max_solutions = 1});
    EXPECT_EQ(r.num_solutions, 1);
    ASSERT_EQ(r.solutions.size(), 1u);
    EXPECT_TRUE(IsValidSolution(empty, r.solutions[0]));
  }
}

// --- Random grids ---------------------------------------------------------

const std::vector<std::pair<int, int>>& AllShapes() {
  static const auto* shapes = new std::vector<std::pair<int, int>>{
      {2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5},
      {3, 4}, {4, 3}, {4, 4}, {4, 5}, {5, 4}, {5, 5}};
  return *shapes;
}

TEST(RandomSolutionTest, ValidDeterministicAndSeedDependent) {
  for (auto [r, c] : AllShapes()) {
    const Shape& shape = Shape::GetOrDie(r, c);
    SCOPED_TRACE(shape.name());
    const Grid empty(shape);
    const Grid a = RandomSolution(shape, 1);
    const Grid b = RandomSolution(shape, 1);
    const Grid other = RandomSolution(shape, 2);
    EXPECT_TRUE(IsValidSolution(empty, a));
    EXPECT_TRUE(IsValidSolution(empty, other));
    EXPECT_EQ(a, b);
    EXPECT_NE(a, other);
  }
}

TEST(RandomSolutionTest, ManySeedsGiveDistinctGrids) {
  const Shape& shape = Shape::Classic();
  std::set<std::vector<uint8_t>> seen;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const Grid g = RandomSolution(shape, seed);
    ASSERT_TRUE(IsValidSolution(Grid(shape), g));
    seen.emplace(g.cells().begin(), g.cells().end());
  }
  EXPECT_EQ(seen.size(), 200u);
}

TEST(RandomCompletionTest, KeepsGivensOrReportsNone) {
  const Grid puzzle = *ParseGrid(kHard);
  std::optional<Grid> g = RandomCompletion(puzzle, 7);
  ASSERT_TRUE(g.has_value());
  EXPECT_TRUE(IsValidSolution(puzzle, *g));

  Grid none(Shape::Classic());
  for (int c = 0; c < 8; ++c) none.set(c, c + 1);
  none.set(9 * 5 + 8, 9);
  EXPECT_FALSE(RandomCompletion(none, 7).has_value());

  // A partial 16x16 grid: the top band of a random grid.
  const Shape& s16 = Shape::GetOrDie(4, 4);
  const Grid full = RandomSolution(s16, 3);
  Grid partial(s16);
  for (int cell = 0; cell < 64; ++cell) partial.set(cell, full[cell]);
  std::optional<Grid> done = RandomCompletion(partial, 11);
  ASSERT_TRUE(done.has_value());
  EXPECT_TRUE(IsValidSolution(partial, *done));
}

// --- Differential property test --------------------------------------------

// A puzzle from a random full grid with each cell kept with probability
// `keep`.
Grid Dig(const Grid& full, double keep, Rng& rng) {
  Grid g(full.shape());
  for (int cell = 0; cell < full.num_cells(); ++cell)
    if (UniformDouble(rng) < keep) g.set(cell, full[cell]);
  return g;
}

// A clash-free partial grid of random digits (often without solution).
Grid RandomGivens(const Shape& shape, int tries, Rng& rng) {
  Grid g(shape);
  for (int t = 0; t < tries; ++t) {
    const int cell = static_cast<int>(
        UniformInt(rng, static_cast<uint64_t>(shape.num_cells())));
    if (g[cell] != 0) continue;
    const int d = 1 + static_cast<int>(
                          UniformInt(rng, static_cast<uint64_t>(shape.size())));
    g.set(cell, d);
    if (!CheckGivens(g).ok()) g.set(cell, 0);
  }
  return g;
}

void ExpectAgree(std::vector<std::unique_ptr<Solver>>& solvers,
                 const Grid& puzzle, const SolveLimits& limits) {
  std::vector<SolveResult> results;
  for (auto& solver : solvers) results.push_back(solver->Solve(puzzle, limits));
  bool any_limit = false;
  for (const SolveResult& r : results) any_limit |= r.limit_hit;
  for (size_t i = 0; i < results.size(); ++i) {
    const SolveResult& r = results[i];
    for (const Grid& s : r.solutions)
      ASSERT_TRUE(IsValidSolution(puzzle, s))
          << solvers[i]->name() << " on " << ToLine(puzzle);
    ASSERT_EQ(r.solutions.size(),
              static_cast<size_t>(std::min(r.num_solutions, 2)));
    if (any_limit) continue;
    ASSERT_EQ(r.num_solutions, results[0].num_solutions)
        << solvers[i]->name() << " vs " << solvers[0]->name() << " on "
        << ToLine(puzzle);
    // When the search found every solution, the solutions themselves agree
    // (as sets: search orders differ).
    if (limits.max_solutions == 0 || r.num_solutions < limits.max_solutions) {
      std::set<std::vector<uint8_t>> a, b;
      for (const Grid& s : r.solutions)
        a.emplace(s.cells().begin(), s.cells().end());
      for (const Grid& s : results[0].solutions)
        b.emplace(s.cells().begin(), s.cells().end());
      if (r.num_solutions <= 2) {
        ASSERT_EQ(a, b) << ToLine(puzzle);
      }
    }
  }
}

struct PropertyCase {
  int box_rows, box_cols;
  int puzzles;        // dug from random grids
  int random_givens;  // random clash-free partial grids
  bool count_all;     // also compare exhaustive counts
};

TEST(SolverPropertyTest, SolversAgreeOnRandomPuzzles) {
  const PropertyCase cases[] = {
      {2, 2, 500, 250, true},  {2, 3, 400, 200, true},  {3, 2, 250, 120, true},
      {2, 4, 250, 120, false}, {3, 3, 500, 250, false}, {3, 4, 60, 30, false},
      {4, 4, 20, 10, false}};
  auto solvers = AllSolvers();
  Rng rng(20261122);
  for (const PropertyCase& pc : cases) {
    const Shape& shape = Shape::GetOrDie(pc.box_rows, pc.box_cols);
    SCOPED_TRACE(shape.name());
    for (int i = 0; i < pc.puzzles; ++i) {
      const Grid full = RandomSolution(shape, rng());
      // Mostly near the uniqueness boundary, where solvers work hardest.
      const double keep = 0.25 + 0.5 * UniformDouble(rng);
      const Grid puzzle = Dig(full, keep, rng);
      ExpectAgree(solvers, puzzle, {.max_solutions = 2, .max_nodes = 200000});
      if (pc.count_all && keep > 0.4)
        ExpectAgree(solvers, puzzle, {.max_solutions = 0, .max_nodes = 5000});
      if (::testing::Test::HasFatalFailure()) return;
    }
    for (int i = 0; i < pc.random_givens; ++i) {
      const int tries = static_cast<int>(
          UniformInt(rng, static_cast<uint64_t>(shape.num_cells() / 2)));
      const Grid puzzle = RandomGivens(shape, tries + 1, rng);
      ExpectAgree(solvers, puzzle, {.max_solutions = 2, .max_nodes = 200000});
      if (pc.count_all)
        ExpectAgree(solvers, puzzle, {.max_solutions = 0, .max_nodes = 5000});
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

}  // namespace
}  // namespace sudoku
