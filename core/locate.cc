#include "core/locate.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace sudoku {

std::string ExecutableDir() {
  std::error_code error;
  const std::filesystem::path exe =
      std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return "";
  return exe.parent_path().string();
}

std::optional<std::string> FindAboveExecutable(std::string_view relative) {
  const std::string start = ExecutableDir();
  if (start.empty()) return std::nullopt;
  std::filesystem::path dir(start);
  while (true) {
    std::error_code error;
    const std::filesystem::path candidate = dir / relative;
    if (std::filesystem::exists(candidate, error))
      return candidate.lexically_normal().string();
    if (!dir.has_parent_path() || dir.parent_path() == dir) return std::nullopt;
    dir = dir.parent_path();
  }
}

std::string EnvOr(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : fallback;
}

std::string EnvOrFindAboveExecutable(const char* name,
                                     std::string_view relative) {
  const std::string value = EnvOr(name, "");
  if (!value.empty()) return value;
  return FindAboveExecutable(relative).value_or("");
}

}  // namespace sudoku
