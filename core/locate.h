// Finding files that live beside the build rather than inside it (the
// reference corpora, the test data, the sudoku-forge binary), without baking
// absolute paths into the compiled code: a fresh clone at another path then
// compiles to the same objects, so ccache reuses them.
#ifndef SUDOKU_CORE_LOCATE_H_
#define SUDOKU_CORE_LOCATE_H_

#include <optional>
#include <string>
#include <string_view>

namespace sudoku {

// The directory of the running executable ("" when /proc/self/exe cannot be
// read).
std::string ExecutableDir();

// The first path A/`relative` that exists, for A the executable's directory
// and then each of its ancestors in turn; nullopt when none does.
std::optional<std::string> FindAboveExecutable(std::string_view relative);

// The value of environment variable `name` when set and non-empty, else
// `fallback`.
std::string EnvOr(const char* name, const std::string& fallback);

// The value of environment variable `name` when set and non-empty, else
// FindAboveExecutable(relative), else "".
std::string EnvOrFindAboveExecutable(const char* name,
                                     std::string_view relative);

}  // namespace sudoku

#endif  // SUDOKU_CORE_LOCATE_H_
