// End-to-end test helpers: run the sudoku-forge binary (or any shell
// command) as a user would and capture its exit code, stdout and stderr.
// Header-only (sudoku::testing is an interface library); RunCli runs this
// build's binary (tests/testing/paths.h).
#ifndef SUDOKU_TESTS_TESTING_CLI_RUNNER_H_
#define SUDOKU_TESTS_TESTING_CLI_RUNNER_H_

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/testing/paths.h"

namespace sudoku::testing {

struct CliResult {
  int exit_code = -1;  // -1 when the command did not exit normally
  std::string out;
  std::string err;
};

// The bytes of `path`, or "" when it cannot be read.
inline std::string ReadFileToString(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A path in this test process's private temporary directory
// (tests/testing/test_main.cc), different on every call.
inline std::string UniqueTempPath(const std::string& stem) {
  static std::atomic<int> counter{0};
  return absl::StrCat(::testing::TempDir(), "/", getpid(), "_", counter++, "_",
                      stem);
}

// Runs `command` (a shell command line, quoted by the caller) with `input`
// on standard input.
inline CliResult RunCommand(const std::string& command,
                            const std::string& input = "") {
  const std::string in_path = UniqueTempPath("stdin.txt");
  const std::string err_path = UniqueTempPath("stderr.txt");
  std::ofstream(in_path, std::ios::binary) << input;
  const std::string cmd = absl::StrCat(command, " <", in_path, " 2>", err_path);
  CliResult result;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe != nullptr) {
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0)
      result.out.append(buf.data(), n);
    const int status = pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.err = ReadFileToString(err_path);
  }
  std::remove(in_path.c_str());
  std::remove(err_path.c_str());
  return result;
}

// The string value of "key":"..." in a one-line JSON object, searching from
// `from` ("" if absent).
inline std::string JsonString(const std::string& json, const std::string& key,
                              size_t from = 0) {
  const std::string k = absl::StrCat("\"", key, "\":\"");
  const size_t at = json.find(k, from);
  if (at == std::string::npos) return "";
  const size_t start = at + k.size();
  return json.substr(start, json.find('"', start) - start);
}

// The number value of "key":123 in a one-line JSON object, as printed ("" if
// absent).
inline std::string JsonNumber(const std::string& json, const std::string& key) {
  const std::string k = absl::StrCat("\"", key, "\":");
  const size_t at = json.find(k);
  if (at == std::string::npos) return "";
  const size_t start = at + k.size();
  return json.substr(start, json.find_first_of(",}", start) - start);
}

// Runs `sudoku-forge ARGS` with `input` on standard input.
inline CliResult RunCli(const std::string& args,
                        const std::string& input = "") {
  return RunCommand(absl::StrCat(sudoku::testing::ForgeBinary(), " ", args),
                    input);
}

}  // namespace sudoku::testing

#endif  // SUDOKU_TESTS_TESTING_CLI_RUNNER_H_
