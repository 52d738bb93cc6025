#include "cli/input.h"

#include <sys/stat.h>

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "cli/flags.h"
#include "core/status_macros.h"

namespace sudoku::cli {

std::string InputPuzzle::where() const {
  if (file.empty()) return absl::StrCat("argument ", line);
  return absl::StrCat(file == "-" ? "<stdin>" : file, ":", line);
}

absl::StatusOr<ParseOptions> ParseOptionsFromFlags() {
  ParseOptions options;
  const std::string spec = absl::GetFlag(FLAGS_shape);
  if (!spec.empty()) {
    SUDOKU_ASSIGN_OR_RETURN(options.shape, Shape::FromSpec(spec));
  }
  return options;
}

absl::StatusOr<std::istream*> OpenInput(const std::string& path,
                                        std::ifstream& file) {
  if (path == "-") return &std::cin;
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    return absl::NotFoundError(absl::StrCat(path, ": no such file"));
  }
  if (S_ISDIR(st.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": is a directory"));
  }
  file.open(path, std::ios::binary);
  if (!file) return absl::NotFoundError(absl::StrCat(path, ": cannot open"));
  return &file;
}

absl::StatusOr<std::string> ReadFileOrStdin(const std::string& path) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    return ss.str();
  }
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    return absl::NotFoundError(absl::StrCat(path, ": no such file"));
  }
  if (S_ISDIR(st.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": is a directory"));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat(path, ": cannot open"));
  return std::string(std::istreambuf_iterator<char>(in), {});
}

absl::Status ForEachInput(const std::string& source, int arg_index,
                          const ParseOptions& options,
                          const std::function<void(InputPuzzle)>& each) {
  struct stat st;
  const bool is_file = source == "-" || stat(source.c_str(), &st) == 0;
  if (!is_file) {
    // Not a file: a puzzle given literally, if it reads as one.
    std::vector<PuzzleRecord> recs = ParsePuzzles(source, options);
    const bool looks_like_puzzle =
        source.find_first_of("/\\") == std::string::npos && recs.size() == 1 &&
        (recs[0].grid.ok() || source.size() >= 16);
    if (!looks_like_puzzle) {
      return absl::NotFoundError(absl::StrCat(source, ": no such file"));
    }
    InputPuzzle p;
    p.line = arg_index;
    p.grid = std::move(recs[0].grid);
    if (!p.grid.ok()) {
      // Say "argument N" rather than "line 1".
      std::string msg(p.grid.status().message());
      if (msg.rfind("line 1", 0) == 0) msg = msg.substr(7);
      if (!msg.empty() && (msg[0] == ':' || msg[0] == ',')) msg = msg.substr(2);
      p.grid = absl::InvalidArgumentError(msg);
    }
    p.label = std::move(recs[0].label);
    each(std::move(p));
    return absl::OkStatus();
  }
  std::ifstream file;
  SUDOKU_ASSIGN_OR_RETURN(std::istream * in, OpenInput(source, file));
  ForEachInStream(*in, source, options, {}, each);
  return absl::OkStatus();
}

void ForEachInStream(std::istream& in, const std::string& source,
                     const ParseOptions& options,
                     std::vector<std::string> first_lines,
                     const std::function<void(InputPuzzle)>& each) {
  PuzzleStreamReader reader(in, options, 4096, std::move(first_lines));
  std::vector<PuzzleRecord> piece;
  while (reader.Next(&piece)) {
    for (PuzzleRecord& rec : piece) {
      InputPuzzle p;
      p.file = source;
      p.line = rec.line;
      p.grid = std::move(rec.grid);
      p.label = std::move(rec.label);
      each(std::move(p));
    }
  }
}

absl::StatusOr<std::vector<InputPuzzle>> ReadInputs(
    const std::vector<std::string>& args, const ParseOptions& options) {
  std::vector<std::string> sources = args;
  if (sources.empty()) sources.push_back("-");
  std::vector<InputPuzzle> out;
  int arg_index = 0;
  for (const std::string& source : sources) {
    SUDOKU_RETURN_IF_ERROR(
        ForEachInput(source, ++arg_index, options,
                     [&out](InputPuzzle p) { out.push_back(std::move(p)); }));
  }
  return out;
}

}  // namespace sudoku::cli
