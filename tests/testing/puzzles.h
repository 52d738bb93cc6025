// Puzzles the tests share: a few well-known ones, and the puzzles of a file
// under tests/data (or any path).
#ifndef SUDOKU_TESTS_TESTING_PUZZLES_H_
#define SUDOKU_TESTS_TESTING_PUZZLES_H_

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/format.h"
#include "core/grid.h"
#include "tests/testing/paths.h"

namespace sudoku::testing {

// Wikipedia's example puzzle (singles solve it).
inline constexpr char kWikiPuzzle[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.."
    "..8..79";
// magictour top1465, line 1: singles alone get stuck on it.
inline constexpr char kHardPuzzle[] =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9."
    ".......";

// tests/data/ with a trailing slash.
inline std::string TestDataDir() { return SourceDir() + "/tests/data/"; }

// The readable puzzles of the file at `path` (bad lines skipped).
inline std::vector<Grid> LoadPuzzleFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::vector<Grid> grids;
  for (PuzzleRecord& r : ParsePuzzles(text.str()))
    if (r.grid.ok()) grids.push_back(*r.grid);
  return grids;
}

// The puzzles of tests/data/`name`.
inline std::vector<Grid> LoadTestPuzzles(const std::string& name) {
  return LoadPuzzleFile(TestDataDir() + name);
}

}  // namespace sudoku::testing

#endif  // SUDOKU_TESTS_TESTING_PUZZLES_H_
