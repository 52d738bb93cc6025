// Tests of the stochastic solvers: moves and incremental cost updates
// against full recounts, determinism by seed, and small-budget runs on easy
// puzzles (solvers/testdata/stochastic_easy.txt) checked by IsValidSolution.
#include "solvers/stochastic.h"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/candidate_set.h"
#include "core/format.h"
#include "core/grid.h"
#include "core/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "solvers/anneal.h"
#include "solvers/hillclimb.h"
#include "solvers/reseda.h"
#include "solvers/solver.h"
#include "solvers/stochastic_registry.h"
#include "tests/testing/paths.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::StatusIs;

std::vector<Grid> EasyPuzzles() {
  std::ifstream in(sudoku::testing::SourceDir() +
                   "/solvers/testdata/stochastic_easy.txt");
  std::stringstream text;
  text << in.rdbuf();
  std::vector<Grid> grids;
  for (const PuzzleRecord& r : ParsePuzzles(text.str())) {
    EXPECT_TRUE(r.grid.ok()) << r.grid.status();
    if (r.grid.ok()) grids.push_back(*r.grid);
  }
  // Loops over this list must not pass by having nothing to check, and
  // tests index it up to [5].
  if (grids.size() < 6) {
    ADD_FAILURE() << "solvers/testdata/stochastic_easy.txt: " << grids.size()
                  << " puzzles read, expected at least 6";
    grids.resize(6, Grid(Shape::Classic()));
  }
  return grids;
}

// A complete random board keeping the clues of `puzzle` (each digit N times).
Grid RandomFill(const Grid& puzzle, Rng& rng) {
  const int n = puzzle.size();
  std::vector<int> count(static_cast<size_t>(n + 1), 0), missing;
  for (int c = 0; c < puzzle.num_cells(); ++c)
    ++count[static_cast<size_t>(puzzle[c])];
  for (int d = 1; d <= n; ++d)
    for (int k = count[static_cast<size_t>(d)]; k < n; ++k)
      missing.push_back(d);
  Shuffle(rng, missing.begin(), missing.end());
  Grid g = puzzle;
  size_t next = 0;
  for (int c = 0; c < g.num_cells(); ++c)
    if (g[c] == 0) g.set(c, missing[next++]);
  return g;
}

std::vector<bool> Fixed(const Grid& puzzle) {
  std::vector<bool> fixed;
  for (int c = 0; c < puzzle.num_cells(); ++c) fixed.push_back(puzzle[c] != 0);
  return fixed;
}

// ---------------------------------------------------------------- interface

TEST(StochasticParamsTest, ParsesPairsAndRejectsJunk) {
  absl::StatusOr<StochasticParams> p =
      ParseStochasticParams("alpha=0.7, beta = 0.6");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->at("alpha"), "0.7");
  EXPECT_EQ(p->at("beta"), "0.6");
  EXPECT_THAT(ParseStochasticParams("alpha"),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseStochasticParams("a=1,a=2"),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseStochasticParams("=3"),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(StochasticRegistryTest, UnknownNameAndUnknownParameterAreErrors) {
  EXPECT_THAT(MakeStochasticSolver("nope"),
              StatusIs(absl::StatusCode::kNotFound));
  EXPECT_THAT(MakeStochasticSolver("anneal", {{"tau", "1"}}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MakeStochasticSolver("anneal", {{"t0", "abc"}}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MakeStochasticSolver("anneal", {{"cooling", "1.5"}}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  for (const std::string& name : StochasticSolverNames()) {
    EXPECT_TRUE(MakeStochasticSolver(name).ok()) << name;
  }
}

// ------------------------------------------------------------------ anneal

TEST(AnnealBoardTest, IncrementalCostAndViolationsMatchFullRecount) {
  Rng rng(1);
  for (const Grid& puzzle : EasyPuzzles()) {
    AnnealBoard board(RandomFill(puzzle, rng), Fixed(puzzle));
    ASSERT_EQ(board.cost(), AnnealCost(board.grid()));
    const std::vector<int>& free = board.free_cells();
    for (int step = 0; step < 300; ++step) {
      const int a = free[UniformInt(rng, free.size())];
      const int b = free[UniformInt(rng, free.size())];
      const Grid before = board.grid();
      const int64_t cost = board.Swap(a, b);
      ASSERT_EQ(cost, AnnealCost(board.grid()));
      EXPECT_EQ(board.grid()[a], before[b]);
      EXPECT_EQ(board.grid()[b], before[a]);
      if (step % 3 == 0) {  // reject: swap back
        board.Swap(a, b);
        ASSERT_EQ(board.grid(), before);
        ASSERT_EQ(board.cost(), AnnealCost(before));
      } else {
        board.CommitSwap(a, b);
      }
      for (int cell : free) {
        ASSERT_EQ(board.violations(cell), AnnealViolations(board.grid(), cell));
      }
    }
    for (int c = 0; c < puzzle.num_cells(); ++c) {
      if (puzzle[c] != 0) {
        EXPECT_EQ(board.grid()[c], puzzle[c]);
      }
    }
  }
}

TEST(AnnealBoardTest, CostCountsMissingAndDuplicatedDigitsPerUnit) {
  // A solved 4x4 grid has cost 0; swapping two cells of one row keeps that
  // row fine but breaks two columns and (here) two boxes.
  absl::StatusOr<Grid> g = ParseGrid("1234341221434321");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(AnnealCost(*g), 0);
  AnnealBoard board(*g, std::vector<bool>(16, false));
  // r1c2 (2) <-> r1c3 (3): columns 2 and 3 each get a duplicate and a
  // missing digit (2 + 2), boxes 1 and 2 too (2 + 2).
  EXPECT_EQ(board.Swap(1, 2), 8);
  EXPECT_EQ(AnnealCost(board.grid()), 8);
}

TEST(AnnealBoardTest, DrawCellFavoursViolatedCellsByExpWeights) {
  // Only cells 0 and 1 of a 4x4 board are free; one is involved in more
  // violations than the other, so it must be drawn e^dv times as often.
  ParseOptions unchecked;
  unchecked.check_givens = false;
  absl::StatusOr<Grid> g = ParseGrid("1434341221434321", unchecked);
  ASSERT_TRUE(g.ok()) << g.status();
  std::vector<bool> fixed(16, true);
  fixed[1] = fixed[15] = false;
  AnnealBoard board(*g, fixed);
  const int v1 = board.violations(1), v15 = board.violations(15);
  ASSERT_NE(v1, v15);
  Rng rng(3);
  int hits1 = 0;
  const int draws = 20000;
  for (int i = 0; i < draws; ++i) hits1 += board.DrawCell(rng) == 1;
  const double expected = 1.0 / (1.0 + std::exp(v15 - v1));
  EXPECT_NEAR(static_cast<double>(hits1) / draws, expected, 0.02);
}

TEST(AnnealSolverTest, SolvesEasyPuzzlesAndKeepsClues) {
  absl::StatusOr<std::unique_ptr<StochasticSolver>> solver =
      MakeStochasticSolver("anneal");
  ASSERT_TRUE(solver.ok());
  int solved = 0;
  for (const Grid& puzzle : EasyPuzzles()) {
    StochasticResult r = (*solver)->Run(puzzle, 7, {.max_iterations = 200000});
    EXPECT_EQ(r.solved, IsValidSolution(puzzle, r.grid));
    EXPECT_EQ(r.final_cost, AnnealCost(r.grid));
    EXPECT_EQ(r.solved, r.final_cost == 0);
    solved += r.solved;
  }
  EXPECT_GE(solved, 5);  // paper: 100% on easy puzzles
}

TEST(AnnealSolverTest, SameSeedSameRunDifferentSeedDifferentRun) {
  AnnealSolver solver(AnnealOptions{});
  const Grid puzzle = EasyPuzzles()[0];
  const StochasticBudget budget{.max_iterations = 3000};
  StochasticResult a = solver.Run(puzzle, 11, budget);
  StochasticResult b = solver.Run(puzzle, 11, budget);
  EXPECT_EQ(a.grid, b.grid);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_EQ(a.final_cost, b.final_cost);
  StochasticResult c = solver.Run(puzzle, 12, budget);
  EXPECT_TRUE(c.grid != a.grid || c.iterations != a.iterations);
}

TEST(AnnealSolverTest, RespectsIterationBudgetAndResets) {
  // AI Escargot is far beyond 2000 annealing steps.
  absl::StatusOr<Grid> escargot = ParseGrid(
      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......"
      "7..7...3..");
  ASSERT_TRUE(escargot.ok());
  AnnealOptions o;
  o.reset_every = 500;
  AnnealSolver solver(o);
  StochasticResult r = solver.Run(*escargot, 5, {.max_iterations = 2000});
  EXPECT_FALSE(r.solved);
  EXPECT_EQ(r.iterations, 2000);
  EXPECT_EQ(r.restarts, 4);
  EXPECT_GT(r.final_cost, 0);
  EXPECT_EQ(r.final_cost, AnnealCost(r.grid));
}

TEST(AnnealSolverTest, WorksOnOtherShapes) {
  // An empty 6x6 (2x3 boxes) grid: any valid grid will do.
  const Shape* shape = *Shape::Get(2, 3);
  Grid empty(*shape);
  AnnealSolver solver(AnnealOptions{});
  StochasticResult r = solver.Run(empty, 2, {.max_iterations = 200000});
  EXPECT_TRUE(r.solved);
  EXPECT_TRUE(IsValidSolution(empty, r.grid));
}

TEST(FillSinglesTest, FillsForcedCellsOnly) {
  const Grid puzzle = EasyPuzzles()[5];  // Maire & Prissette Fig. 3.1
  Grid g = puzzle;
  ASSERT_TRUE(FillSingles(g));
  EXPECT_GT(g.NumFilled(), puzzle.NumFilled());
  for (int c = 0; c < g.num_cells(); ++c) {
    if (puzzle[c] != 0) {
      EXPECT_EQ(g[c], puzzle[c]);
    }
  }
  EXPECT_TRUE(CheckGivens(g).ok());
}

// --------------------------------------------------------------- hillclimb

// True when every box of `grid` holds each digit once.
bool BoxesArePermutations(const Grid& grid) {
  const Shape& shape = grid.shape();
  for (int b = 0; b < shape.size(); ++b) {
    std::vector<bool> seen(static_cast<size_t>(shape.size() + 1), false);
    for (int cell : shape.unit(shape.BoxUnit(b))) {
      const auto d = static_cast<size_t>(grid[cell]);
      if (grid[cell] < 1 || seen[d]) return false;
      seen[d] = true;
    }
  }
  return true;
}

TEST(HillClimbStateTest, DeltaAndApplyMatchFullRecount) {
  Rng rng(5);
  for (const Grid& puzzle : EasyPuzzles()) {
    HillClimbState state(puzzle, HillClimbInitialState(puzzle, true, rng));
    ASSERT_EQ(state.f1(), HillClimbF1(state.grid()));
    ASSERT_EQ(state.f2(), HillClimbF2(puzzle, state.grid()));
    ASSERT_FALSE(state.moves().empty());
    for (int step = 0; step < 200; ++step) {
      const auto [a, b] = state.moves()[UniformInt(rng, state.moves().size())];
      ASSERT_EQ(state.grid().shape().Box(a), state.grid().shape().Box(b));
      const auto [d1, d2] = state.Delta(a, b);
      Grid swapped = state.grid();
      swapped.set(a, state.grid()[b]);
      swapped.set(b, state.grid()[a]);
      ASSERT_EQ(state.f1() + d1, HillClimbF1(swapped));
      ASSERT_EQ(state.f2() + d2, HillClimbF2(puzzle, swapped));
      state.Apply(a, b);
      ASSERT_EQ(state.grid(), swapped);
      ASSERT_EQ(state.f1(), HillClimbF1(swapped));
      ASSERT_EQ(state.f2(), HillClimbF2(puzzle, swapped));
    }
    EXPECT_TRUE(BoxesArePermutations(state.grid()));
  }
}

TEST(HillClimbStateTest, MovesAreTheWithinBoxPairsOfNonGivens) {
  // Jones et al. Figure 1: 6 boxes with 6 empty cells, 1 with 7, 2 with 5
  // give 6*15 + 21 + 2*10 = 131 moves.
  absl::StatusOr<Grid> fig1 = ParseGrid(
      "...512.........76.985.....3......421..19.38..257......5.....192.64......"
      "...758...");
  ASSERT_TRUE(fig1.ok()) << fig1.status();
  Rng rng(1);
  HillClimbState state(*fig1, HillClimbInitialState(*fig1, true, rng));
  EXPECT_EQ(state.moves().size(), 131u);
}

TEST(HillClimbInitTest, GreedyKeepsGivensAndPostSwapRemovesClashes) {
  Rng rng(9);
  for (const Grid& puzzle : EasyPuzzles()) {
    Rng a(3), b(3);
    const Grid greedy = HillClimbInitialState(puzzle, false, a);
    const Grid swapped = HillClimbInitialState(puzzle, true, b);
    for (const Grid* g : {&greedy, &swapped}) {
      EXPECT_TRUE(BoxesArePermutations(*g));
      for (int c = 0; c < puzzle.num_cells(); ++c) {
        if (puzzle[c] != 0) {
          EXPECT_EQ((*g)[c], puzzle[c]);
        }
      }
    }
    // Post-swapping only ever removes given clashes.
    EXPECT_LE(HillClimbF2(puzzle, swapped), HillClimbF2(puzzle, greedy));
  }
}

TEST(HillClimbSolverTest, SolvesEasyPuzzles) {
  absl::StatusOr<std::unique_ptr<StochasticSolver>> solver =
      MakeStochasticSolver("hillclimb");
  ASSERT_TRUE(solver.ok());
  for (const Grid& puzzle : EasyPuzzles()) {
    StochasticResult r = (*solver)->Run(puzzle, 4, {.max_iterations = 20000});
    EXPECT_TRUE(r.solved);
    EXPECT_TRUE(IsValidSolution(puzzle, r.grid));
    EXPECT_EQ(r.final_cost, 0);
  }
}

TEST(HillClimbSolverTest, DeterministicBySeedAndBudgeted) {
  HillClimbSolver solver(HillClimbOptions{});
  absl::StatusOr<Grid> escargot = ParseGrid(
      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......"
      "7..7...3..");
  ASSERT_TRUE(escargot.ok());
  StochasticResult a = solver.Run(*escargot, 21, {.max_iterations = 300});
  StochasticResult b = solver.Run(*escargot, 21, {.max_iterations = 300});
  EXPECT_EQ(a.grid, b.grid);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_EQ(a.restarts, b.restarts);
  EXPECT_LE(a.iterations, 300);
  if (!a.solved) {
    EXPECT_EQ(a.iterations, 300);
  }
  EXPECT_TRUE(BoxesArePermutations(a.grid));
  EXPECT_EQ(a.final_cost,
            (162 - HillClimbF1(a.grid)) + HillClimbF2(*escargot, a.grid));
}

TEST(HillClimbSolverTest, WorksOnOtherShapes) {
  const Shape* shape = *Shape::Get(2, 3);
  Grid empty(*shape);
  HillClimbSolver solver(HillClimbOptions{});
  StochasticResult r = solver.Run(empty, 2, {.max_iterations = 20000});
  EXPECT_TRUE(r.solved);
  EXPECT_TRUE(IsValidSolution(empty, r.grid));
}

// ------------------------------------------------------------------ reseda

constexpr char kEscargot[] =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7.."
    "7...3..";

TEST(ResedaTest, PaperPuzzlesHaveUniqueSolutions) {
  // Maire & Prissette Figures 3.1, 3.2, 4.1 and 5.1, typed in from the paper.
  const char* const puzzles[] = {
      "..867.4.24.23...9.37..2.......4...5.89.251.67.1...3.......9..73.3...52."
      "17.5.329..",
      ".24..7...6..........368.415431..5...5......3279.....6.2.971.8...4..93..."
      "31...475.",
      ".1.7.89..38.........9..56...9..7.....31....2....45..8..5..6249.673.49."
      "51.4......3",
      kEscargot};
  absl::StatusOr<std::unique_ptr<Solver>> exact = MakeSolver("backtrack");
  ASSERT_TRUE(exact.ok()) << exact.status();
  for (const char* p : puzzles) {
    absl::StatusOr<Grid> g = ParseGrid(p);
    ASSERT_TRUE(g.ok()) << g.status();
    SolveResult r = (*exact)->Solve(*g, SolveLimits{.max_solutions = 2});
    EXPECT_EQ(r.num_solutions, 1) << p;
  }
}

TEST(ResedaTest, CostCountsMissingSymbolsPerUnit) {
  absl::StatusOr<std::unique_ptr<Solver>> exact = MakeSolver("backtrack");
  ASSERT_TRUE(exact.ok());
  const Grid puzzle = EasyPuzzles()[5];
  SolveResult r = (*exact)->Solve(puzzle, SolveLimits{.max_solutions = 1});
  ASSERT_EQ(r.num_solutions, 1);
  Grid g = r.solutions.front();
  EXPECT_EQ(ResedaCost(g), 0);
  // Swapping r1c1 and r1c4 keeps row 1 whole; columns 1 and 4 and boxes 1
  // and 2 each miss one symbol.
  const int a = g[0];
  g.set(0, g[3]);
  g.set(3, a);
  EXPECT_EQ(ResedaCost(g), 4);
  // The paper's example row (2,2,3,3,3,5,6,7,8) misses 1, 4 and 9.
  ParseOptions unchecked;
  unchecked.check_givens = false;
  Grid row =
      *ParseGrid(std::string("223335678") + std::string(72, '.'), unchecked);
  int64_t row_cost = 0;
  {
    std::vector<bool> seen(10, false);
    for (int c = 0; c < 9; ++c) seen[static_cast<size_t>(row[c])] = true;
    for (size_t d = 1; d <= 9; ++d) row_cost += !seen[d];
  }
  ASSERT_EQ(row_cost, 3);
  // Fill the other rows with a cyclic Latin pattern: only row 1 and the
  // columns/boxes it spoils contribute, and the row contributes 3.
  Grid full = row;
  for (int r2 = 1; r2 < 9; ++r2)
    for (int c = 0; c < 9; ++c)
      full.set(r2 * 9 + c, 1 + (r2 * 3 + r2 / 3 + c) % 9);
  int64_t expected = 0;
  for (int u = 0; u < 27; ++u) {
    std::vector<bool> seen(10, false);
    for (int cell : full.shape().unit(u))
      seen[static_cast<size_t>(full[cell])] = true;
    for (size_t d = 1; d <= 9; ++d) expected += !seen[d];
  }
  EXPECT_EQ(ResedaCost(full), expected);
}

TEST(ResedaTest, PrecomputationExcludesGivenSymbolsOfPeers) {
  const Grid puzzle = EasyPuzzles()[5];
  ResedaOptions o;
  ResedaModel model(puzzle, o);
  ResedaOptions plain = o;
  plain.precompute = false;
  ResedaModel uniform(puzzle, plain);
  for (int cell = 0; cell < 81; ++cell) {
    double total = 0;
    for (int d = 1; d <= 9; ++d) total += model.p(cell, d);
    EXPECT_NEAR(total, 1.0, 1e-12);
    if (puzzle[cell] != 0) {
      EXPECT_EQ(model.p(cell, puzzle[cell]), 1.0);
      continue;
    }
    CandidateSet excluded;
    for (int peer : puzzle.shape().peers(cell))
      if (puzzle[peer] != 0) excluded.Insert(puzzle[peer]);
    for (int d = 1; d <= 9; ++d) {
      EXPECT_DOUBLE_EQ(model.p(cell, d), excluded.Contains(d)
                                             ? 0.0
                                             : 1.0 / (9 - excluded.Count()));
      EXPECT_DOUBLE_EQ(uniform.p(cell, d), 1.0 / 9);
    }
  }
}

TEST(ResedaTest, BlockSamplingDrawsBoxPermutationsAndKeepsGivens) {
  Rng rng(8);
  for (const Grid& puzzle : EasyPuzzles()) {
    ResedaModel model(puzzle, ResedaOptions{});
    for (int i = 0; i < 20; ++i) {
      const Grid g = model.Sample(rng);
      EXPECT_TRUE(BoxesArePermutations(g));
      for (int c = 0; c < 81; ++c) {
        if (puzzle[c] != 0) {
          EXPECT_EQ(g[c], puzzle[c]);
        }
      }
    }
  }
}

TEST(ResedaTest, UpdateMixesModelAndBestFrequencies) {
  const Grid puzzle = EasyPuzzles()[5];
  ResedaModel model(puzzle, ResedaOptions{});
  ResedaModel before = model;
  Rng rng(2);
  std::vector<Grid> samples;
  for (int i = 0; i < 4; ++i) samples.push_back(model.Sample(rng));
  std::vector<const Grid*> best;
  for (const Grid& g : samples) best.push_back(&g);
  model.Update(best, 0.7);
  for (int cell = 0; cell < 81; ++cell) {
    if (puzzle[cell] != 0) continue;
    double total = 0;
    for (int d = 1; d <= 9; ++d) {
      double freq = 0;
      for (const Grid& g : samples) freq += g[cell] == d ? 0.25 : 0.0;
      EXPECT_NEAR(model.p(cell, d), 0.7 * before.p(cell, d) + 0.3 * freq,
                  1e-12);
      total += model.p(cell, d);
    }
    EXPECT_NEAR(total, 1.0, 1e-12);
  }
  EXPECT_GE(model.Rho(), before.Rho());
}

TEST(ResedaTest, AiEscargotTopLeftBoxHas24AdmissibleFillings) {
  // The paper (5.2): "there are only 24 permutations that met the basic
  // constraints" for the up-left block.
  const Grid escargot = *ParseGrid(kEscargot);
  const std::vector<std::vector<int>> fillings =
      AdmissibleBoxFillings(escargot, 0);
  EXPECT_EQ(fillings.size(), 24u);
  for (const std::vector<int>& f : fillings) {
    Grid g = escargot;
    size_t i = 0;
    for (int cell : escargot.shape().unit(escargot.shape().BoxUnit(0)))
      if (escargot[cell] == 0) g.set(cell, f[i++]);
    EXPECT_TRUE(CheckGivens(g).ok());
  }
}

TEST(ResedaSolverTest, SolvesEasyPuzzlesDeterministically) {
  absl::StatusOr<std::unique_ptr<StochasticSolver>> solver =
      MakeStochasticSolver("reseda");
  ASSERT_TRUE(solver.ok());
  const std::vector<Grid> puzzles = EasyPuzzles();
  for (size_t i = 0; i < puzzles.size(); ++i) {
    StochasticResult r =
        (*solver)->Run(puzzles[i], 6, {.max_iterations = 2000});
    EXPECT_TRUE(r.solved);
    EXPECT_TRUE(IsValidSolution(puzzles[i], r.grid));
    EXPECT_EQ(r.final_cost, 0);
    if (i % 3 != 0) continue;  // determinism on a few (keeps ASan runs short)
    StochasticResult again =
        (*solver)->Run(puzzles[i], 6, {.max_iterations = 2000});
    EXPECT_EQ(again.grid, r.grid);
    EXPECT_EQ(again.iterations, r.iterations);
    EXPECT_EQ(again.restarts, r.restarts);
  }
}

TEST(ResedaSolverTest, BudgetAndSingleAttemptModes) {
  const Grid escargot = *ParseGrid(kEscargot);
  absl::StatusOr<std::unique_ptr<StochasticSolver>> capped =
      MakeStochasticSolver("reseda",
                           {{"zones", "27"}, {"q", "20"}, {"q1", "4"}});
  ASSERT_TRUE(capped.ok());
  StochasticResult r = (*capped)->Run(escargot, 3, {.max_iterations = 60});
  EXPECT_LE(r.iterations, 60);
  if (!r.solved) {
    EXPECT_EQ(r.iterations, 60);
    EXPECT_EQ(r.final_cost, ResedaCost(r.grid));
  }
  // One attempt without zones is exactly one shot.
  absl::StatusOr<std::unique_ptr<StochasticSolver>> single =
      MakeStochasticSolver("reseda", {{"zones", "none"},
                                      {"full_restarts", "0"},
                                      {"q", "20"},
                                      {"q1", "4"}});
  ASSERT_TRUE(single.ok());
  StochasticResult s = (*single)->Run(escargot, 3, {.max_iterations = 100000});
  EXPECT_EQ(s.restarts, 0);
  EXPECT_LT(s.iterations, 100000);
  EXPECT_THAT(MakeStochasticSolver("reseda", {{"zones", "5"}}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ResedaSolverTest, WorksOnOtherShapes) {
  const Shape* shape = *Shape::Get(2, 3);
  Grid empty(*shape);
  ResedaOptions o;
  o.q = 30;
  o.q1 = 5;
  o.zones = ResedaZones::kAllUnits;
  ResedaSolver solver(o);
  StochasticResult r = solver.Run(empty, 2, {.max_iterations = 2000});
  EXPECT_TRUE(r.solved);
  EXPECT_TRUE(IsValidSolution(empty, r.grid));
}

// ---------------------------------------------------------------- RunMany

TEST(RunManyTest, ChecksEveryRunAndDerivesSeeds) {
  AnnealSolver solver(AnnealOptions{});
  const Grid puzzle = EasyPuzzles()[1];
  StochasticSummary s =
      RunMany(solver, puzzle, 4, 99, {.max_iterations = 200000});
  ASSERT_EQ(s.results.size(), 4u);
  EXPECT_EQ(s.runs, 4);
  int successes = 0;
  for (size_t i = 0; i < s.results.size(); ++i) {
    EXPECT_EQ(s.results[i].solved, IsValidSolution(puzzle, s.results[i].grid));
    successes += s.results[i].solved;
    StochasticResult again =
        solver.Run(puzzle, DeriveSeed(99, i), {.max_iterations = 200000});
    EXPECT_EQ(again.grid, s.results[i].grid);
  }
  EXPECT_EQ(s.successes, successes);
  EXPECT_DOUBLE_EQ(s.success_rate, successes / 4.0);
}

}  // namespace
}  // namespace sudoku
