#include "deduction/nishio.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/format.h"
#include "core/rng.h"
#include "deduction/nishio_technique.h"
#include "deduction/nishio_testing.h"
#include "deduction/registry.h"
#include "deduction/step_solver.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/paths.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::testing::HasSubstr;

std::string Bits(const Shape& shape, const CellBits& bits) {
  std::string s;
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (bits.test(static_cast<size_t>(cell))) {
      if (!s.empty()) s += ' ';
      s += shape.CellName(cell);
    }
  }
  return s;
}

bool IsSubset(const CellBits& a, const CellBits& b) { return (a & ~b).none(); }

// A uniformly shuffled valid placement by backtracking (independent of the
// code under test).
bool RandomPlacement(const Shape& shape, Rng& rng, int row, uint32_t cols,
                     uint32_t boxes, CellBits* out) {
  const int n = shape.size();
  if (row == n) return true;
  std::vector<int> order(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) order[static_cast<size_t>(i)] = i;
  Shuffle(rng, order.begin(), order.end());
  for (int col : order) {
    const int cell = shape.Cell(row, col);
    const int box = shape.Box(cell);
    if ((cols >> col & 1) || (boxes >> box & 1)) continue;
    out->set(static_cast<size_t>(cell));
    if (RandomPlacement(shape, rng, row + 1, cols | 1u << col,
                        boxes | 1u << box, out)) {
      return true;
    }
    out->reset(static_cast<size_t>(cell));
  }
  return false;
}

// Random P: a union of 0-3 random valid placements plus noise at a random
// density, so that contradictory and consistent sets both occur often.
CellBits RandomP(const Shape& shape, Rng& rng) {
  CellBits p;
  const int templates = static_cast<int>(UniformInt(rng, 4));
  for (int i = 0; i < templates; ++i) {
    CellBits t;
    EXPECT_TRUE(RandomPlacement(shape, rng, 0, 0, 0, &t));
    p |= t;
  }
  const double density = UniformDouble(rng) * 0.8;
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (UniformDouble(rng) < density) p.set(static_cast<size_t>(cell));
  }
  return p;
}

TEST(NishioDagTest, VertexCountsMatchEppstein) {
  EXPECT_EQ(ComputeDagStats(Shape::GetOrDie(3, 3)).vertices, 290);
  EXPECT_EQ(ComputeDagStats(Shape::GetOrDie(4, 4)).vertices, 19442);
}

TEST(NishioDagTest, VertexCountsMatchTheCountingFormula) {
  // The formula is checked against Eppstein's published counts first, then
  // the walk against the formula on every shape of at most 20 cells a side
  // (5x5: the corpus test NishioCorpusTest.VertexCount5x5).
  EXPECT_EQ(nishio_testing::DagVerticesByCounting(Shape::GetOrDie(3, 3)), 290);
  EXPECT_EQ(nishio_testing::DagVerticesByCounting(Shape::GetOrDie(4, 4)),
            19442);
  int shapes = 0;
  for (int r = 2; r <= 5; ++r) {
    for (int c = 2; c <= 5; ++c) {
      if (r * c > 20) continue;
      const Shape& shape = Shape::GetOrDie(r, c);
      EXPECT_EQ(ComputeDagStats(shape).vertices,
                nishio_testing::DagVerticesByCounting(shape))
          << shape.name();
      ++shapes;
    }
  }
  EXPECT_EQ(shapes, 15);
}

TEST(NishioDagTest, PathsCountValidPlacements) {
  // (r!)^c (c!)^r placements; the brief's figures 16, 288 and 46,656.
  EXPECT_EQ(ComputeDagStats(Shape::GetOrDie(2, 2)).placements, 16u);
  EXPECT_EQ(ComputeDagStats(Shape::GetOrDie(2, 3)).placements, 288u);
  EXPECT_EQ(ComputeDagStats(Shape::GetOrDie(3, 2)).placements, 288u);
  EXPECT_EQ(ComputeDagStats(Shape::GetOrDie(3, 3)).placements, 46656u);
  EXPECT_EQ(ComputeDagStats(Shape::GetOrDie(2, 4)).placements, 9216u);
  EXPECT_EQ(ComputeDagStats(Shape::GetOrDie(4, 2)).placements, 9216u);
}

TEST(NishioDagTest, DepthFirstSearchExpandsEveryVertexOfTheFullDag) {
  for (auto [r, c] :
       {std::pair{2, 2}, {2, 3}, {3, 2}, {3, 3}, {4, 4}, {3, 4}, {4, 3}}) {
    const Shape& shape = Shape::GetOrDie(r, c);
    CellBits all;
    for (int cell = 0; cell < shape.num_cells(); ++cell) {
      all.set(static_cast<size_t>(cell));
    }
    const SingleDigitResult result = SolveSingleDigitDag(shape, all);
    EXPECT_FALSE(result.contradiction);
    EXPECT_EQ(result.survivors, all) << shape.name();
    EXPECT_TRUE(result.eliminated.none());
    // Every vertex but the sink is expanded once.
    EXPECT_EQ(result.work + 1, ComputeDagStats(shape).vertices) << shape.name();
  }
}

TEST(NishioOverlayTest, ScansEveryTemplate) {
  for (auto [r, c, count] :
       {std::tuple{2, 2, 16}, {2, 3, 288}, {3, 2, 288}, {3, 3, 46656}}) {
    const Shape& shape = Shape::GetOrDie(r, c);
    std::optional<SingleDigitResult> result =
        SolveSingleDigitOverlay(shape, CellBits());
    ASSERT_TRUE(result.has_value());
    EXPECT_EQ(result->work, count);
    EXPECT_TRUE(result->contradiction);
  }
}

TEST(NishioOverlayTest, RefusesHugeShapes) {
  EXPECT_FALSE(
      SolveSingleDigitOverlay(Shape::GetOrDie(3, 4), CellBits()).has_value());
  EXPECT_FALSE(
      SolveSingleDigitOverlay(Shape::GetOrDie(4, 4), CellBits()).has_value());
}

TEST(NishioDagTest, EmptySetIsContradictory) {
  for (auto [r, c] : {std::pair{2, 2}, {3, 3}, {5, 5}}) {
    const SingleDigitResult dag =
        SolveSingleDigitDag(Shape::GetOrDie(r, c), CellBits());
    EXPECT_TRUE(dag.contradiction);
    EXPECT_TRUE(dag.survivors.none());
    const SingleDigitResult matching =
        SolveSingleDigitMatching(Shape::GetOrDie(r, c), CellBits());
    EXPECT_TRUE(matching.contradiction);
  }
}

// The differential test of the brief: DAG == overlay on random P sets, and
// the matching rule never eliminates more than the exact one.
void CheckAgainstOverlay(int r, int c, int cases, uint64_t seed) {
  const Shape& shape = Shape::GetOrDie(r, c);
  Rng rng(seed);
  int contradictory = 0, with_eliminations = 0, exact_stronger = 0;
  for (int i = 0; i < cases; ++i) {
    const CellBits p = RandomP(shape, rng);
    const SingleDigitResult dag = SolveSingleDigitDag(shape, p);
    const std::optional<SingleDigitResult> overlay =
        SolveSingleDigitOverlay(shape, p);
    ASSERT_TRUE(overlay.has_value());
    ASSERT_EQ(dag.contradiction, overlay->contradiction) << Bits(shape, p);
    ASSERT_EQ(dag.survivors, overlay->survivors) << Bits(shape, p);
    ASSERT_EQ(dag.eliminated, overlay->eliminated);
    ASSERT_TRUE(IsSubset(dag.survivors, p));
    ASSERT_EQ(dag.survivors | dag.eliminated, p);

    const SingleDigitResult matching = SolveSingleDigitMatching(shape, p);
    ASSERT_TRUE(IsSubset(matching.eliminated, dag.eliminated))
        << Bits(shape, p);
    if (matching.contradiction) {
      ASSERT_TRUE(dag.contradiction);
    }
    contradictory += dag.contradiction;
    with_eliminations += !dag.contradiction && dag.eliminated.any();
    exact_stronger += matching.eliminated != dag.eliminated;
  }
  // The generator must exercise every branch.
  EXPECT_GT(contradictory, cases / 20) << shape.name();
  EXPECT_GT(with_eliminations, cases / 20) << shape.name();
  EXPECT_GT(exact_stronger, 0) << shape.name();
}

TEST(NishioDifferentialTest, DagEqualsOverlay2x2) {
  CheckAgainstOverlay(2, 2, 10000, 1);
}
TEST(NishioDifferentialTest, DagEqualsOverlay2x3) {
  CheckAgainstOverlay(2, 3, 10000, 2);
}
TEST(NishioDifferentialTest, DagEqualsOverlay3x2) {
  CheckAgainstOverlay(3, 2, 10000, 3);
}
TEST(NishioDifferentialTest, DagEqualsOverlay3x3) {
  CheckAgainstOverlay(3, 3, 4000, 4);
}
TEST(NishioDifferentialTest, DagEqualsOverlay2x4And4x2) {
  CheckAgainstOverlay(2, 4, 500, 5);
  CheckAgainstOverlay(4, 2, 500, 6);
}

// Shapes beyond the overlay: check each cell against the level-by-level
// path count (a separate algorithm): a cell survives iff some valid
// placement inside P uses it, i.e. iff P restricted to "the digit is in this
// cell" (the cell's peers removed) still has a placement.
TEST(NishioDagTest, LargeShapesAgreeWithPathCounts) {
  int compared = 0;  // cells inside P compared (not contradictions)
  for (auto [r, c, seed] : {std::tuple{4, 4, 7}, {3, 4, 8}, {4, 3, 9}}) {
    const Shape& shape = Shape::GetOrDie(r, c);
    Rng rng(static_cast<uint64_t>(seed));
    for (int i = 0; i < 3; ++i) {
      const CellBits p = RandomP(shape, rng);
      const SingleDigitResult dag = SolveSingleDigitDag(shape, p);
      EXPECT_EQ(dag.contradiction, CountPlacementsInside(shape, p) == 0);
      if (dag.contradiction) continue;
      // A random sample of 40 cells of the grid (plenty inside P) keeps
      // this fast under sanitizers.
      for (int k = 0; k < 40; ++k) {
        const int cell = static_cast<int>(
            UniformInt(rng, static_cast<uint64_t>(shape.num_cells())));
        if (!p.test(static_cast<size_t>(cell))) {
          ASSERT_FALSE(dag.survivors.test(static_cast<size_t>(cell)));
          continue;
        }
        CellBits forced = p;
        for (int peer : shape.peers(cell))
          forced.reset(static_cast<size_t>(peer));
        const bool used = CountPlacementsInside(shape, forced) > 0;
        ASSERT_EQ(dag.survivors.test(static_cast<size_t>(cell)), used)
            << shape.name() << " " << shape.CellName(cell);
        ++compared;
      }
    }
  }
  EXPECT_GE(compared, 50) << "too few non-contradiction cases to compare";
}

TEST(NishioDagTest, BoxesMatterWhereMatchingCannotSeeThem) {
  // 4x4 (2x2 boxes): the digit's only cells in rows 1 and 2 are in box 1,
  // so no valid placement exists, yet rows and columns alone still match.
  const Shape& shape = Shape::GetOrDie(2, 2);
  CellBits p;
  for (int cell : {0, 1, 4, 5, 10, 11, 14, 15})
    p.set(static_cast<size_t>(cell));
  EXPECT_TRUE(SolveSingleDigitDag(shape, p).contradiction);
  EXPECT_TRUE(SolveSingleDigitOverlay(shape, p)->contradiction);
  const SingleDigitResult matching = SolveSingleDigitMatching(shape, p);
  EXPECT_FALSE(matching.contradiction);
  EXPECT_TRUE(matching.eliminated.none());
}

TEST(NishioMatchingTest, EliminatesAnXWing) {
  // 9x9, digit cells: rows 1 and 5 only in columns 2 and 7 (an X-Wing);
  // everything else free. The X-Wing removes the other cells of columns 2, 7.
  const Shape& shape = Shape::Classic();
  CellBits p;
  for (int row = 0; row < 9; ++row) {
    for (int col = 0; col < 9; ++col) {
      if ((row == 0 || row == 4) && col != 1 && col != 6) continue;
      p.set(static_cast<size_t>(shape.Cell(row, col)));
    }
  }
  const SingleDigitResult matching = SolveSingleDigitMatching(shape, p);
  CellBits expected;
  for (int row = 0; row < 9; ++row) {
    if (row == 0 || row == 4) continue;
    expected.set(static_cast<size_t>(shape.Cell(row, 1)));
    expected.set(static_cast<size_t>(shape.Cell(row, 6)));
  }
  EXPECT_EQ(matching.eliminated, expected) << Bits(shape, matching.eliminated);
  EXPECT_TRUE(IsSubset(expected, SolveSingleDigitDag(shape, p).eliminated));
}

// Reads deduction/testdata/nishio_exact_only.txt: "puzzle digit" lines
// (comments start with '#').
struct Fixture {
  std::string puzzle;
  int digit = 0;
};
std::vector<Fixture> ReadFixtures() {
  std::ifstream in(sudoku::testing::SourceDir() +
                   "/deduction/testdata/nishio_exact_only.txt");
  std::vector<Fixture> fixtures;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> parts = absl::StrSplit(line, ' ');
    if (parts.size() < 2) continue;
    fixtures.push_back({parts[0], std::stoi(parts[1])});
  }
  return fixtures;
}

Board BoardAfterSingles(const std::string& puzzle) {
  absl::StatusOr<Grid> grid = ParseGrid(puzzle);
  EXPECT_OK(grid);
  absl::StatusOr<Board> board = Board::FromGrid(*grid);
  EXPECT_OK(board);
  EXPECT_TRUE(nishio_testing::ApplySingles(&*board));
  return *std::move(board);
}

TEST(NishioFixtureTest, ExactEliminatesWhatMatchingCannot) {
  const std::vector<Fixture> fixtures = ReadFixtures();
  ASSERT_FALSE(fixtures.empty());
  for (const Fixture& f : fixtures) {
    const Board board = BoardAfterSingles(f.puzzle);
    const CellBits p = DigitCells(board, f.digit);
    const SingleDigitResult dag = SolveSingleDigitDag(board.shape(), p);
    const SingleDigitResult matching =
        SolveSingleDigitMatching(board.shape(), p);
    EXPECT_FALSE(dag.contradiction);
    EXPECT_EQ(dag.eliminated,
              SolveSingleDigitOverlay(board.shape(), p)->eliminated);
    EXPECT_TRUE(IsSubset(matching.eliminated, dag.eliminated));
    EXPECT_NE(matching.eliminated, dag.eliminated)
        << f.puzzle << " digit " << f.digit;
  }
}

// HoDoKu's own Template Delete answers: two cases copied from its regression
// library, ones where HoDoKu's multi-digit refinement of the templates adds
// nothing (see NishioCorpusTest.HodokuTemplateDelete for all nine), so the
// DAG must eliminate exactly those candidates.
void CheckHodokuTemplateDelete(const std::string& path, int min_cases) {
  std::ifstream in(path);
  std::string line;
  int cases = 0;
  while (std::getline(in, line)) {
    std::optional<nishio_testing::HodokuCase> c =
        nishio_testing::ParseHodokuCase(line);
    if (!c.has_value() || c->technique != "1202") continue;
    ++cases;
    const Board& board = c->board;
    const SingleDigitResult dag =
        SolveSingleDigitDag(board.shape(), DigitCells(board, c->digit));
    CellBits expected;
    for (const CellDigit& e : c->eliminations) {
      ASSERT_EQ(e.digit, c->digit);
      expected.set(static_cast<size_t>(e.cell));
    }
    EXPECT_FALSE(dag.contradiction) << line;
    EXPECT_EQ(dag.eliminated, expected)
        << line << "\n got " << Bits(board.shape(), dag.eliminated);
  }
  EXPECT_GE(cases, min_cases) << path;
}

TEST(NishioHodokuTest, TemplateDeleteCasesFromTestdata) {
  CheckHodokuTemplateDelete(
      sudoku::testing::SourceDir() +
          "/deduction/testdata/hodoku_template_delete.txt",
      2);
}

TEST(NishioTechniqueTest, FindReportsTheExactEliminations) {
  const Fixture f = ReadFixtures().at(0);
  const Board board = BoardAfterSingles(f.puzzle);
  const std::unique_ptr<Technique> nishio = MakeTechnique(TechniqueId::kNishio);
  EXPECT_EQ(nishio->id(), "nishio");
  std::optional<Deduction> d = nishio->Find(board);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->technique, "nishio");
  EXPECT_DOUBLE_EQ(d->rating, 7.5);  // SE's Nishio forcing chains base
  ASSERT_FALSE(d->eliminations.empty());
  const int digit = d->eliminations[0].digit;
  // Exactly the overlay's eliminations among candidate cells of that digit.
  const CellBits p = DigitCells(board, digit);
  const CellBits expected =
      SolveSingleDigitOverlay(board.shape(), p)->eliminated;
  CellBits got;
  for (const CellDigit& e : d->eliminations) {
    EXPECT_EQ(e.digit, digit);
    EXPECT_EQ(board.value(e.cell), 0);
    got.set(static_cast<size_t>(e.cell));
  }
  EXPECT_EQ(got, expected);
  EXPECT_TRUE(d->placements.empty());
  EXPECT_THAT(d->text, HasSubstr("Nishio (template) on "));
  EXPECT_THAT(d->text,
              HasSubstr(board.shape().CellName(d->eliminations[0].cell)));
}

TEST(NishioTechniqueTest, MatchingTechniqueIsWeakerOnTheFixture) {
  const Fixture f = ReadFixtures().at(0);
  Board board = BoardAfterSingles(f.puzzle);
  const std::unique_ptr<Technique> matching =
      MakeTechnique(TechniqueId::kNishioMatching);
  EXPECT_EQ(matching->id(), "nishio-matching");
  // Apply every matching deduction; the exact rule still finds more.
  while (std::optional<Deduction> d = matching->Find(board)) {
    EXPECT_EQ(d->technique, "nishio-matching");
    for (const CellDigit& e : d->eliminations) {
      ASSERT_TRUE(board.Eliminate(e.cell, e.digit));
    }
  }
  EXPECT_TRUE(MakeTechnique(TechniqueId::kNishio)->Find(board).has_value());
}

TEST(NishioTechniqueTest, ContradictionEliminatesEveryCandidate) {
  // 4x4: digit 1 only in box 1 for rows 1 and 2 (see the DAG test above).
  const Shape& shape = Shape::GetOrDie(2, 2);
  Board board(shape);
  for (int cell = 0; cell < 16; ++cell) {
    if (cell != 0 && cell != 1 && cell != 4 && cell != 5 && cell != 10 &&
        cell != 11 && cell != 14 && cell != 15) {
      ASSERT_TRUE(board.Eliminate(cell, 1));
    }
  }
  std::optional<Deduction> d = MakeTechnique(TechniqueId::kNishio)->Find(board);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->eliminations.size(), 8u);
  EXPECT_THAT(d->text, HasSubstr("contradictory"));
  EXPECT_FALSE(
      MakeTechnique(TechniqueId::kNishioMatching)->Find(board).has_value());
}

TEST(NishioExplainTest, ChainEndsInAnEmptyUnit) {
  // 4x4 (2x2 boxes), digit 1 candidates:
  //   r1: c1 c3
  //   r2: c3 c4
  //   r3: c2 c3
  //   r4: c2 c4
  const Shape& shape = Shape::GetOrDie(2, 2);
  Board board(shape);
  const std::vector<int> keep = {0, 2, 6, 7, 9, 10, 13, 15};
  for (int cell = 0; cell < 16; ++cell) {
    if (std::find(keep.begin(), keep.end(), cell) == keep.end()) {
      ASSERT_TRUE(board.Eliminate(cell, 1));
    }
  }
  const CellBits p = DigitCells(board, 1);
  // Whatever the rule eliminates here must be explained by a chain ending in
  // an empty unit (propagation suffices on so small a grid).
  const SingleDigitResult dag = SolveSingleDigitDag(shape, p);
  ASSERT_FALSE(dag.contradiction);
  ASSERT_TRUE(dag.eliminated.any());
  for (int cell = 0; cell < 16; ++cell) {
    if (!dag.eliminated.test(static_cast<size_t>(cell))) continue;
    std::optional<std::string> text =
        ExplainByPropagation(board, 1, p, cell, 16);
    ASSERT_TRUE(text.has_value()) << shape.CellName(cell);
    EXPECT_THAT(*text, HasSubstr("a 1 in " + shape.CellName(cell)));
    EXPECT_THAT(*text, HasSubstr(": no 1 left for "));
  }
  // A surviving cell never yields a contradiction.
  for (int cell = 0; cell < 16; ++cell) {
    if (!dag.survivors.test(static_cast<size_t>(cell))) continue;
    EXPECT_FALSE(ExplainByPropagation(board, 1, p, cell, 16).has_value());
  }
}

TEST(NishioRegistryTest, LaddersNameBothRules) {
  EXPECT_OK(FindTechnique("nishio"));
  EXPECT_OK(FindTechnique("nishio-matching"));
  for (const char* spec : {"singles,nishio", "singles,nishio-matching"}) {
    absl::StatusOr<std::vector<std::unique_ptr<Technique>>> ladder =
        MakeLadder(spec, DeductionOptions());
    ASSERT_OK(ladder);
    EXPECT_EQ(ladder->size(), 4u) << spec;
  }
}

// The stepping solver with singles + each rule on the fixture puzzle: every
// step is sound (the end grid, solved or not, agrees with a solution found
// by the exact rule's own walk) and the exact rule gets at least as far.
TEST(NishioRegistryTest, StepSolverUsesTheRules) {
  const Fixture f = ReadFixtures().at(0);
  absl::StatusOr<Grid> grid = ParseGrid(f.puzzle);
  ASSERT_OK(grid);
  DeductionOptions options;
  options.allow_guessing = false;
  int filled[2] = {0, 0};
  int i = 0;
  for (const char* spec : {"singles,nishio-matching", "singles,nishio"}) {
    absl::StatusOr<std::unique_ptr<StepSolver>> solver =
        StepSolver::Create(spec, options);
    ASSERT_OK(solver);
    const Explanation e = (*solver)->Explain(*grid);
    EXPECT_NE(e.status, ExplainStatus::kNoSolution) << spec;
    if (e.status == ExplainStatus::kSolved) {
      EXPECT_TRUE(IsValidSolution(*grid, e.final_grid));
    }
    filled[i++] = e.final_grid.NumFilled();
  }
  EXPECT_GE(filled[1], filled[0]);
}

}  // namespace
}  // namespace sudoku
