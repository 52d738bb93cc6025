// Heavy checks (label "corpus"): the full 25x25 DAG and the top1465 report
// of the brief (how many puzzles singles + each rule solve).
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "core/format.h"
#include "deduction/nishio.h"
#include "deduction/nishio_technique.h"
#include "deduction/nishio_testing.h"
#include "deduction/registry.h"
#include "deduction/step_solver.h"
#include "gtest/gtest.h"
#include "tests/testing/paths.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

TEST(NishioCorpusTest, VertexCount5x5) {
  const DagStats stats = ComputeDagStats(Shape::GetOrDie(5, 5));
  // Eppstein's DAG for 25x25 has 4,528,052 vertices; the count comes from
  // the DAG's definition (nishio_testing::DagVerticesByCounting, itself
  // checked against the published 290 and 19,442), not from this code.
  EXPECT_EQ(stats.vertices,
            nishio_testing::DagVerticesByCounting(Shape::GetOrDie(5, 5)));
  EXPECT_EQ(stats.vertices, 4528052);
  Uint128 expected = 1;
  for (int i = 0; i < 10; ++i) expected *= 120;  // (5!)^5 (5!)^5
  EXPECT_TRUE(stats.placements == expected);
}

std::vector<std::string> ReadLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

// All nine "Template Delete" (1202) cases of HoDoKu's regression library.
// HoDoKu refines each digit's templates with the other digits' (it drops a
// template that covers a cell every template of another digit uses, or that
// overlaps every template of another digit), so its Template Delete is at
// least as strong as the single-digit rule: ours must be a subset, and equal
// where the refinement adds nothing.
TEST(NishioCorpusTest, HodokuTemplateDelete) {
  const std::string path =
      sudoku::testing::SharedDir() + "/corpora/techniques/reglib-1.3.txt";
  const std::vector<std::string> lines = ReadLines(path);
  SUDOKU_REQUIRE_SHARED(!lines.empty(), "no library at " << path);
  int cases = 0, equal = 0;
  for (const std::string& line : lines) {
    std::optional<nishio_testing::HodokuCase> c =
        nishio_testing::ParseHodokuCase(line);
    if (!c.has_value() || c->technique != "1202") continue;
    ++cases;
    const SingleDigitResult dag =
        SolveSingleDigitDag(c->board.shape(), DigitCells(c->board, c->digit));
    CellBits expected;
    for (const CellDigit& e : c->eliminations) {
      expected.set(static_cast<size_t>(e.cell));
    }
    EXPECT_FALSE(dag.contradiction) << line;
    EXPECT_TRUE((dag.eliminated & ~expected).none()) << line;
    equal += dag.eliminated == expected;
  }
  std::cout << "HoDoKu Template Delete: " << cases << " cases, single-digit "
            << "rule equal on " << equal << ", a strict subset on the rest\n";
  EXPECT_EQ(cases, 9);
  EXPECT_GE(equal, 1);
}

TEST(NishioCorpusTest, Top1465SinglesPlusRule) {
  const std::string path =
      sudoku::testing::SharedDir() + "/corpora/puzzles3_magictour_top1465.txt";
  const std::vector<std::string> puzzles = ReadLines(path);
  SUDOKU_REQUIRE_SHARED(!puzzles.empty(), "no corpus at " << path);
  const std::unique_ptr<Technique> exact = MakeTechnique(TechniqueId::kNishio);
  const std::unique_ptr<Technique> matching =
      MakeTechnique(TechniqueId::kNishioMatching);
  int solved_singles = 0, solved_exact = 0, solved_matching = 0;
  int exact_only_positions = 0;
  for (const std::string& line : puzzles) {
    absl::StatusOr<Grid> grid = ParseGrid(line);
    ASSERT_OK(grid);
    absl::StatusOr<Board> start = Board::FromGrid(*grid);
    ASSERT_OK(start);
    Board singles = *start;
    solved_singles +=
        nishio_testing::SolveWithSingles(&singles, nullptr).solved;
    // Positions after singles where the exact rule beats the matching one.
    for (int digit = 1; digit <= 9; ++digit) {
      const CellBits p = DigitCells(singles, digit);
      if (SolveSingleDigitDag(singles.shape(), p).eliminated !=
          SolveSingleDigitMatching(singles.shape(), p).eliminated) {
        if (exact_only_positions < 3) {
          std::cout << "exact-only: " << line << " " << digit << "\n";
        }
        ++exact_only_positions;
      }
    }
    Board a = *start;
    const nishio_testing::StepOutcome ea =
        nishio_testing::SolveWithSingles(&a, exact.get());
    EXPECT_FALSE(ea.contradiction) << line;
    if (ea.solved) {
      EXPECT_TRUE(IsValidSolution(*grid, a.grid())) << line;
      ++solved_exact;
    }
    Board b = *start;
    const nishio_testing::StepOutcome eb =
        nishio_testing::SolveWithSingles(&b, matching.get());
    EXPECT_FALSE(eb.contradiction) << line;
    if (eb.solved) {
      EXPECT_TRUE(IsValidSolution(*grid, b.grid())) << line;
      ++solved_matching;
    }
  }
  std::cout << "top1465: " << puzzles.size() << " puzzles; solved by singles "
            << solved_singles << ", singles+nishio-matching " << solved_matching
            << ", singles+nishio " << solved_exact
            << "; positions after singles where exact > matching: "
            << exact_only_positions << "\n";
  EXPECT_GE(solved_exact, solved_matching);
  EXPECT_GE(solved_matching, solved_singles);
}

// The same report through the deduction engine's stepping solver (what
// `sudoku-forge explain --techniques=...` runs), guessing off.
TEST(NishioCorpusTest, Top1465StepSolver) {
  const std::string path =
      sudoku::testing::SharedDir() + "/corpora/puzzles3_magictour_top1465.txt";
  const std::vector<std::string> puzzles = ReadLines(path);
  SUDOKU_REQUIRE_SHARED(!puzzles.empty(), "no corpus at " << path);
  DeductionOptions options;
  options.allow_guessing = false;
  int solved[3] = {0, 0, 0};
  int i = 0;
  for (const char* spec :
       {"singles", "singles,nishio-matching", "singles,nishio"}) {
    absl::StatusOr<std::unique_ptr<StepSolver>> solver =
        StepSolver::Create(spec, options);
    ASSERT_OK(solver);
    for (const std::string& line : puzzles) {
      absl::StatusOr<Grid> grid = ParseGrid(line);
      ASSERT_OK(grid);
      const Explanation e = (*solver)->Explain(*grid);
      EXPECT_NE(e.status, ExplainStatus::kNoSolution) << spec << " " << line;
      if (e.status == ExplainStatus::kSolved) {
        EXPECT_TRUE(IsValidSolution(*grid, e.final_grid)) << line;
        ++solved[i];
      }
    }
    std::cout << "StepSolver --techniques=" << spec << ": solves " << solved[i]
              << " of " << puzzles.size() << "\n";
    ++i;
  }
  EXPECT_GE(solved[2], solved[1]);
  EXPECT_GE(solved[1], solved[0]);
}

}  // namespace
}  // namespace sudoku
