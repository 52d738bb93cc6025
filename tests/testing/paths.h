// Where tests and benchmarks find their files, found at run time so that no
// absolute path is compiled in (a fresh clone at another path then compiles
// to the same objects, and ccache reuses them). The configure step writes
// sudoku-paths.txt into the build directory ("source=...", "shared=..."),
// found above the running executable (core/locate.h); the environment
// variables SUDOKU_SOURCE_DIR and SUDOKU_SHARED_DIR override it.
#ifndef SUDOKU_TESTS_TESTING_PATHS_H_
#define SUDOKU_TESTS_TESTING_PATHS_H_

#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>

#include "core/locate.h"

namespace sudoku::testing {

// The value of `key` in the build's sudoku-paths.txt ("" when absent).
inline std::string BuildPath(const std::string& key) {
  const std::optional<std::string> file =
      FindAboveExecutable("sudoku-paths.txt");
  if (!file) return "";
  std::ifstream in(*file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key + "=", 0) == 0) return line.substr(key.size() + 1);
  }
  return "";
}

// The source tree.
inline std::string SourceDir() {
  return EnvOr("SUDOKU_SOURCE_DIR", BuildPath("source"));
}

// The reference material (../shared beside the source tree by default); may
// not exist.
inline std::string SharedDir() {
  return EnvOr("SUDOKU_SHARED_DIR", BuildPath("shared"));
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

// Whether the run is CI's (CI set and not "false"): there the reference
// material beside the checkout is required, and its absence fails the
// corpus tests instead of skipping them.
inline bool RunningInCi() {
  const char* ci = std::getenv("CI");
  return ci != nullptr && *ci != '\0' && std::string(ci) != "false";
}

}  // namespace sudoku::testing

// Skips the current test with `message` when `condition` fails, except in
// CI (RunningInCi()), where the reference material must be present and its
// absence is a failure.
#define SUDOKU_REQUIRE_SHARED(condition, message)                       \
  do {                                                                  \
    if (!(condition)) {                                                 \
      if (::sudoku::testing::RunningInCi()) {                           \
        FAIL() << message << " (CI is set: ../shared must be present)"; \
      } else {                                                          \
        GTEST_SKIP() << message;                                        \
      }                                                                 \
    }                                                                   \
  } while (false)

#endif  // SUDOKU_TESTS_TESTING_PATHS_H_
