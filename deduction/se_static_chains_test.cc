// SE's static forcing chains and cycles as a branch sees them, its
// multiple and dynamic forcing chains (what the nested levels hand their
// branches) and the nested forcing chains built on them, against Sudoku
// Explainer 1.2.1's own hint lists on the same grids
// (tests/data/se_static_chains.txt, written by research/se_static_golden.sh):
// the same steps (rating, complexity, removals) in the same order.
#include "deduction/se_static_chains.h"

#include <algorithm>
#include <fstream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/board.h"
#include "deduction/registry.h"
#include "gtest/gtest.h"
#include "tests/testing/paths.h"

namespace sudoku {
namespace {

struct GridCase {
  int level = 0;
  std::string values, cands;
  std::vector<std::string> hints;  // "6.6 cx=6 r8c2-2"
};

std::vector<GridCase> ReadCases(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "missing " << path;
  std::vector<GridCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    if (absl::StartsWith(line, "# grid ")) {
      const std::vector<std::string> f =
          absl::StrSplit(absl::StripPrefix(line, "# grid "), ' ');
      EXPECT_EQ(f.size(), 3u) << line;
      GridCase c;
      EXPECT_TRUE(absl::SimpleAtoi(f[0], &c.level)) << line;
      if (f.size() == 3) {
        c.values = f[1];
        c.cands = f[2];
      }
      cases.push_back(c);
    } else if (!line.empty() && line[0] != '#') {
      const std::vector<std::string> f = absl::StrSplit(line, '\t');
      if (cases.empty() || f.size() != 3) {
        ADD_FAILURE() << "bad line: " << line;
        continue;
      }
      cases.back().hints.push_back(absl::StrCat(f[0], " cx=", f[1], " ", f[2]));
    }
  }
  return cases;
}

Board MakeBoard(const GridCase& c) {
  const Shape& shape = Shape::GetOrDie(3, 3);
  Board board(shape);
  const std::vector<std::string> cands = absl::StrSplit(c.cands, ',');
  EXPECT_EQ(c.values.size(), 81u);
  EXPECT_EQ(cands.size(), 81u);
  for (int cell = 0; cell < 81 && cell < static_cast<int>(c.values.size());
       ++cell) {
    const char ch = c.values[static_cast<size_t>(cell)];
    if (ch >= '1' && ch <= '9') {
      EXPECT_TRUE(board.Place(cell, ch - '0')) << "cell " << cell;
    }
  }
  for (int cell = 0; cell < 81 && cell < static_cast<int>(cands.size());
       ++cell) {
    if (board.value(cell) != 0) continue;
    CandidateSet set;
    for (char d : cands[static_cast<size_t>(cell)]) set.Insert(d - '0');
    board.SetCandidates(cell, set);
  }
  return board;
}

// "r3c4-5" -> (cell, digit), SE's order of removals.
std::pair<int, int> RemovalKey(const Shape& shape, const std::string& r) {
  int row = 0, col = 0, digit = 0;
  const size_t c = r.find('c'), dash = r.find('-');
  EXPECT_TRUE(absl::SimpleAtoi(r.substr(1, c - 1), &row)) << r;
  EXPECT_TRUE(absl::SimpleAtoi(r.substr(c + 1, dash - c - 1), &col)) << r;
  EXPECT_TRUE(absl::SimpleAtoi(r.substr(dash + 1), &digit)) << r;
  return {shape.Cell(row - 1, col - 1), digit};
}

// Our steps as SE writes its hints (a placement as the removal of its
// cell's other candidates), equal ones (same removals) once.
std::vector<std::string> Describe(const Board& board,
                                  const std::vector<Deduction>& steps) {
  const Shape& shape = board.shape();
  std::vector<std::string> out;
  absl::flat_hash_set<std::string> seen;
  for (const Deduction& d : steps) {
    std::vector<std::string> removals;
    for (const CellDigit& e : d.eliminations)
      removals.push_back(absl::StrCat(shape.CellName(e.cell), "-", e.digit));
    // A placement removes the cell's other candidates, as SE's hint does.
    for (const CellDigit& p : d.placements)
      for (int x : board.candidates(p.cell))
        if (x != p.digit)
          removals.push_back(absl::StrCat(shape.CellName(p.cell), "-", x));
    std::sort(removals.begin(), removals.end(),
              [&shape](const std::string& a, const std::string& b) {
                return RemovalKey(shape, a) < RemovalKey(shape, b);
              });
    const std::string what = absl::StrJoin(removals, " ");
    if (!seen.insert(what).second) continue;
    out.push_back(
        absl::StrFormat("%.1f cx=%d %s", d.rating, d.complexity, what));
  }
  return out;
}

TEST(SeStaticChainsTest, ListsSudokuExplainersHintsInItsOrder) {
  const std::vector<GridCase> cases = ReadCases(
      sudoku::testing::SourceDir() + "/tests/data/se_static_chains.txt");
  ASSERT_GE(cases.size(), 30u);
  int compared = 0;
  for (const GridCase& c : cases) {
    SCOPED_TRACE(c.values);
    const Board board = MakeBoard(c);
    std::vector<Deduction> steps;
    switch (c.level) {
      case -1:
        SeStaticChains().FindAll(board, &steps);
        break;
      case -2:
        MakeTechnique(TechniqueId::kSeForcingChains)->FindAll(board, &steps);
        break;
      case 0:
        MakeTechnique(TechniqueId::kSeDynamicChains)->FindAll(board, &steps);
        break;
      case 2:
        MakeTechnique(TechniqueId::kNestedChainForcing)->FindAll(board, &steps);
        break;
      default:
        FAIL() << "no technique for level " << c.level;
    }
    EXPECT_EQ(Describe(board, steps), c.hints);
    ++compared;
  }
  EXPECT_EQ(compared, static_cast<int>(cases.size()));
}

TEST(SeStaticChainsTest, ChainsCarryWhatTurnsTheirCandidatesOn) {
  const std::vector<GridCase> cases = ReadCases(
      sudoku::testing::SourceDir() + "/tests/data/se_static_chains.txt");
  ASSERT_FALSE(cases.empty());
  const Board board = MakeBoard(cases[0]);
  std::vector<Deduction> steps;
  SeStaticChains().FindAll(board, &steps);
  ASSERT_FALSE(steps.empty());
  for (const Deduction& d : steps) {
    // Every chain turns something on, forced by its cell or a unit.
    EXPECT_FALSE(d.on_causes.empty()) << d.text;
    for (const ChainCause& c : d.on_causes) {
      EXPECT_TRUE(board.candidates(c.cell).Contains(c.digit)) << d.text;
      EXPECT_GE(c.unit, -1);
      EXPECT_LT(c.unit, board.shape().num_units());
    }
    EXPECT_GT(d.complexity, 0);
  }
}

TEST(SeStaticChainsTest, DifficultyAddsSudokuExplainersLengthBonus) {
  // SE's length bonus: 0.1 each time complexity - 2 passes 4, 6, 8, 12,
  // 16, 24, 32, ...
  EXPECT_DOUBLE_EQ(SeChainDifficulty(6.6, 6), 6.6);
  EXPECT_NEAR(SeChainDifficulty(6.6, 7), 6.7, 1e-9);
  EXPECT_NEAR(SeChainDifficulty(7.0, 10), 7.2, 1e-9);
  EXPECT_NEAR(SeChainDifficulty(7.0, 12), 7.3, 1e-9);
  EXPECT_NEAR(SeChainDifficulty(7.0, 14), 7.3, 1e-9);
  EXPECT_NEAR(SeChainDifficulty(7.0, 15), 7.4, 1e-9);
  EXPECT_NEAR(SeChainDifficulty(6.5, 27), 7.1, 1e-9);
}

}  // namespace
}  // namespace sudoku
