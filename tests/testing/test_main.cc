// The main() of every test binary: gtest_main plus a private temporary
// directory per process. ::testing::TempDir() reads TEST_TMPDIR, so tests
// that write fixed file names there cannot collide when ctest runs test
// processes in parallel. The directory is removed when the tests end.
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

#include "gtest/gtest.h"

int main(int argc, char** argv) {
  std::string pattern =
      (std::filesystem::temp_directory_path() / "sudoku_test_XXXXXX").string();
  const char* dir = mkdtemp(pattern.data());
  if (dir != nullptr) setenv("TEST_TMPDIR", dir, /*overwrite=*/1);
  ::testing::InitGoogleTest(&argc, argv);
  const int result = RUN_ALL_TESTS();
  if (dir != nullptr) {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }
  return result;
}
