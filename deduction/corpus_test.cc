// Corpus tests (ctest label "corpus"): every reglib-1.3.txt case of our
// techniques, and the stepping solver's soundness over whole puzzle files
// from /work/shared/corpora. Skipped when the shared directory is absent.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/format.h"
#include "deduction/brute_force.h"
#include "deduction/registry.h"
#include "deduction/step_solver.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/paths.h"
#include "tests/testing/reglib.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using namespace ::sudoku::testing;  // NOLINT: the reglib helpers

TEST(RegLibCorpusTest, EveryCaseOfOurTechniques) {
  const std::string path =
      sudoku::testing::SharedDir() + "/corpora/techniques/reglib-1.3.txt";
  const std::vector<std::string> lines = ReadLines(path);
  SUDOKU_REQUIRE_SHARED(!lines.empty(), "no " << path);
  std::map<std::string, std::pair<int, int>> stats;  // id -> (pass, total)
  std::map<std::string, std::string> failures;
  int skipped_missing = 0, skipped_als_nodes = 0, skipped_als_superset = 0;
  for (const std::string& line : lines) {
    std::optional<RegLibCase> c = ParseRegLibLine(line);
    if (!c) continue;
    const std::string id = TechniqueFor(c->code);
    if (id.empty()) continue;
    // HoDoKu's unique rectangles "with missing candidates" (variant 2)
    // assume a corner that already lost a or b still completes a deadly
    // pattern; we do not (see docs/DEDUCTION.md).
    if (c->code.rfind("06", 0) == 0 && c->variant == "2") {
      ++skipped_missing;
      continue;
    }
    // Grouped nice loops / AICs "with ALS" (0710-3/4, 0711-3/4) use ALS
    // nodes, which our chains do not have (docs/DEDUCTION_CHAINS.md).
    if ((c->code == "0710" || c->code == "0711") &&
        (c->variant == "3" || c->variant == "4")) {
      ++skipped_als_nodes;
      continue;
    }
    // One doubly linked ALS-XZ case where HoDoKu leaves out eliminations
    // that follow (a non-RCC digit of an ALS is locked in it): we find a
    // superset (r4c3, r5c6 <> 8). Checked here as: some deduction contains
    // the expected eliminations, and none of its eliminations removes the
    // position's solution digit.
    if (c->code == "0901" && line.rfind(":0901-2:13679:", 0) == 0) {
      auto technique = FindTechnique(id);
      ASSERT_OK(technique);
      const BruteForceResult exact = BruteForceSolve(c->board);
      ASSERT_EQ(exact.num_solutions, 1) << line;
      std::vector<Deduction> all;
      (*technique)->FindAll(c->board, &all);
      bool found = false;
      for (Deduction& d : all) {
        Canonicalize(&d.eliminations);
        if (!std::includes(d.eliminations.begin(), d.eliminations.end(),
                           c->eliminations.begin(), c->eliminations.end(),
                           [](const CellDigit& a, const CellDigit& b) {
                             return a.cell != b.cell ? a.cell < b.cell
                                                     : a.digit < b.digit;
                           }))
          continue;
        found = true;
        for (const CellDigit& x : d.eliminations)
          EXPECT_NE(exact.solutions[0][x.cell], x.digit) << d.text;
      }
      EXPECT_TRUE(found) << line;
      ++skipped_als_superset;
      continue;
    }
    auto technique = FindTechnique(id);
    ASSERT_OK(technique);
    std::string found;
    const bool pass = Passes(**technique, *c, &found);
    auto& s = stats[id + " (" + c->code + (c->variant.empty() ? "" : "-") +
                    c->variant + ")"];
    ++s.second;
    if (pass)
      ++s.first;
    else
      failures[id] += line + "\n  found: " + found + "\n";
  }
  int pass = 0, total = 0;
  for (const auto& [id, s] : stats) {
    std::printf("reglib %-40s %3d / %3d\n", id.c_str(), s.first, s.second);
    pass += s.first;
    total += s.second;
  }
  std::printf(
      "reglib total %d / %d (skipped %d UR cases with missing "
      "candidates, %d chains with ALS nodes; %d ALS-XZ case checked as a "
      "sound superset)\n",
      pass, total, skipped_missing, skipped_als_nodes, skipped_als_superset);
  for (const auto& [id, text] : failures)
    std::printf("FAILED %s:\n%s", id.c_str(), text.c_str());
  RecordProperty("passed", pass);
  RecordProperty("total", total);
  EXPECT_GT(total, 0);
  EXPECT_EQ(pass, total);
}

// Whether `solver` walks `grid` to its unique solution (found by brute
// force) with every placement right and no elimination of the solution's
// digit; the first fault names the puzzle (`line`) and the step.
::testing::AssertionResult ExplainsSoundly(const StepSolver& solver,
                                           const Grid& grid,
                                           const std::string& line,
                                           bool* solved_by_logic) {
  const BruteForceResult exact = BruteForceSolve(*Board::FromGrid(grid));
  if (exact.num_solutions != 1) {
    return ::testing::AssertionFailure()
           << line << ": " << exact.num_solutions << " solutions";
  }
  const Grid& solution = exact.solutions[0];
  const Explanation e = solver.Explain(grid);
  if (e.final_grid != solution)
    return ::testing::AssertionFailure() << line << ": wrong final grid";
  if (solved_by_logic != nullptr) *solved_by_logic = e.solved_by_logic;
  for (const Deduction& d : e.steps) {
    for (const CellDigit& p : d.placements) {
      if (solution[p.cell] != p.digit)
        return ::testing::AssertionFailure() << line << " " << d.text;
    }
    for (const CellDigit& x : d.eliminations) {
      if (solution[x.cell] == x.digit)
        return ::testing::AssertionFailure() << line << " " << d.text;
    }
  }
  return ::testing::AssertionSuccess();
}

// No clock: on the loaded test machine a walk through SE's nested forcing
// chains can outlast the default 60 s of wall time (their work budget,
// max_nodes, bounds them).
DeductionOptions Unclocked() {
  DeductionOptions options;
  options.max_seconds = 0;
  return options;
}
const DeductionOptions kUnclocked = Unclocked();

// Every step on every puzzle of tests/data/deduction_puzzles.txt (the fast
// test in step_solver_test.cc takes every 5th), on both ladders.
TEST(DeductionCorpusTest, StepsAreSoundOnEveryTestPuzzle) {
  for (const char* ladder : {"all", "se"}) {
    SCOPED_TRACE(ladder);
    std::ifstream in(sudoku::testing::SourceDir() +
                     "/tests/data/deduction_puzzles.txt");
    ASSERT_TRUE(in.good());
    auto solver = StepSolver::Create(ladder, kUnclocked);
    ASSERT_OK(solver);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      auto grid = ParseGrid(line.substr(0, 81));
      ASSERT_OK(grid);
      ++n;
      ASSERT_TRUE(ExplainsSoundly(**solver, *grid, line, nullptr));
    }
    EXPECT_GE(n, 250);
  }
}

// Every step of every puzzle agrees with the unique solution, on the
// default ladder and on Sudoku Explainer's ("se", with its cycles).
TEST(DeductionCorpusTest, StepsAreSoundOnCorpusFiles) {
  const std::string dir = sudoku::testing::SharedDir() + "/corpora/";
  struct Source {
    const char* file;
    size_t limit;
    // The se ladder reads every se_every-th puzzle only: on the hardest
    // list each walk takes SE's nested forcing chains (seconds a puzzle).
    size_t se_every = 1;
  };
  const Source sources[] = {
      {"rated/sudoku_exchange_se.tsv", 3000},
      {"puzzles3_magictour_top1465.txt", 1465},
      {"puzzles2_17_clue.txt", 1000},
      {"puzzles6_forum_hardest_1106.txt", 375, 125},
      {"rated/cbg000_controlled_bias.tsv", 1000},
  };
  // Every file must be there and yield puzzles (a missing one is not
  // skipped silently).
  SUDOKU_REQUIRE_SHARED(std::ifstream(dir + sources[0].file).good(),
                        "no corpora under " << dir);
  for (const char* ladder : {"all", "se"}) {
    SCOPED_TRACE(ladder);
    auto solver = StepSolver::Create(ladder, kUnclocked);
    ASSERT_OK(solver);
    for (const Source& src : sources) {
      std::ifstream in(dir + src.file);
      ASSERT_TRUE(in.good()) << "missing corpus file " << dir << src.file;
      const size_t every = std::string(ladder) == "se" ? src.se_every : 1;
      std::string line;
      size_t n = 0, by_logic = 0, read = 0;
      while (n < src.limit && std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        auto grid = ParseGrid(line.substr(0, 81));
        if (!grid.ok()) continue;
        if (read++ % every != 0) continue;
        ++n;
        bool solved_by_logic = false;
        ASSERT_TRUE(ExplainsSoundly(**solver, *grid, line, &solved_by_logic));
        if (solved_by_logic) ++by_logic;
      }
      EXPECT_GT(n, 0u) << src.file << ": no puzzle read";
      // SE's nested forcing chains leave no 9x9 puzzle to a guess.
      if (every != 1) {
        EXPECT_EQ(by_logic, n) << src.file;
      }
      std::printf("%s ladder, %s: %zu puzzles, %zu solved without guessing\n",
                  ladder, src.file, n, by_logic);
    }
  }
}

}  // namespace
}  // namespace sudoku
