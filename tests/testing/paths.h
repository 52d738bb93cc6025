// Where tests and benchmarks find their files, found at run time (see
// core/locate.h) so that no absolute path is compiled in. Each can be
// overridden by an environment variable of the same name; ctest sets
// SUDOKU_SOURCE_DIR and SUDOKU_SHARED_DIR (cmake/SudokuHelpers.cmake), so an
// out-of-tree build finds them too.
#ifndef SUDOKU_TESTS_TESTING_PATHS_H_
#define SUDOKU_TESTS_TESTING_PATHS_H_

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "core/locate.h"

namespace sudoku::testing {

// The source tree: the first directory above the executable holding
// core/locate.h.
inline std::string SourceDir() {
  if (const char* value = std::getenv("SUDOKU_SOURCE_DIR");
      value != nullptr && *value != '\0') {
    return value;
  }
  const std::optional<std::string> marker =
      FindAboveExecutable("core/locate.h");
  if (!marker) return "";
  return std::filesystem::path(*marker).parent_path().parent_path().string();
}

// The reference material (../shared beside the source tree); may not exist.
inline std::string SharedDir() {
  if (const char* value = std::getenv("SUDOKU_SHARED_DIR");
      value != nullptr && *value != '\0') {
    return value;
  }
  return SourceDir() + "/../shared";
}

// The sudoku-forge binary of this build: <build root>/cli/sudoku-forge.
inline std::string ForgeBinary() {
  return EnvOrFindAboveExecutable("SUDOKU_FORGE_BINARY", "cli/sudoku-forge");
}

// The research binary of this build, written beside sudoku-forge:
// <build root>/cli/sudoku-forge-research.
inline std::string ResearchBinary() {
  return EnvOrFindAboveExecutable("SUDOKU_FORGE_RESEARCH_BINARY",
                                  "cli/sudoku-forge-research");
}

}  // namespace sudoku::testing

#endif  // SUDOKU_TESTS_TESTING_PATHS_H_
