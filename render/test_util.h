// Test-only helpers for render/ tests: a small exact solver (the project's
// solvers live in another library that render/ must not depend on), grids
// of any shape, temporary files, running poppler tools, reading PGM images.
#ifndef SUDOKU_RENDER_TEST_UTIL_H_
#define SUDOKU_RENDER_TEST_UTIL_H_

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/grid.h"
#include "gtest/gtest.h"
#include "render/grid_render.h"

namespace sudoku::render_testing {

// Depth-first search on the cell with the fewest candidates; counts up to
// `limit` solutions and keeps the first.
inline int CountSolutions(Grid& g, int limit, std::optional<Grid>* first) {
  const Shape& s = g.shape();
  int best = -1, best_count = s.size() + 1;
  for (int c = 0; c < g.num_cells(); ++c) {
    if (g[c] != 0) continue;
    int count = 0;
    for (int d = 1; d <= s.size(); ++d) {
      bool ok = true;
      for (int p : s.peers(c)) ok = ok && g[p] != d;
      count += ok;
    }
    if (count < best_count) best = c, best_count = count;
  }
  if (best < 0) {
    if (first != nullptr && !first->has_value()) *first = g;
    return 1;
  }
  int found = 0;
  for (int d = 1; d <= s.size() && found < limit; ++d) {
    bool ok = true;
    for (int p : s.peers(best)) ok = ok && g[p] != d;
    if (!ok) continue;
    g.set(best, d);
    found += CountSolutions(g, limit - found, first);
    g.set(best, 0);
  }
  return found;
}

inline absl::StatusOr<Grid> SolveUnique(const Grid& puzzle) {
  Grid g = puzzle;
  std::optional<Grid> first;
  const int n = CountSolutions(g, 2, &first);
  if (n == 0) return absl::InvalidArgumentError("no solution");
  if (n > 1) return absl::InvalidArgumentError("several solutions");
  return *first;
}

// A valid solved grid of any shape: the classic shifted-rows pattern.
inline Grid PatternSolution(const Shape& s) {
  Grid g(s);
  const int n = s.size(), br = s.box_rows(), bc = s.box_cols();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      g.set(s.Cell(r, c), ((r % br) * bc + r / br + c) % n + 1);
  return g;
}

// `solution` with every cell (r, c) where (r * 7 + c * 3) % 5 >= 2 emptied:
// a deterministic, irregular set of givens (not necessarily unique).
inline Grid PuzzleFrom(const Grid& solution) {
  Grid g = solution;
  const Shape& s = solution.shape();
  for (int c = 0; c < s.num_cells(); ++c)
    if ((s.Row(c) * 7 + s.Col(c) * 3) % 5 >= 2) g.set(c, 0);
  return g;
}

inline std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  std::string base = dir != nullptr ? dir : ::testing::TempDir();
  if (!base.empty() && base.back() != '/') base += '/';
  return base + name;
}

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// True if `tool` runs (poppler-utils may be absent).
inline bool HaveTool(const std::string& tool) {
  return std::system(absl::StrCat(tool, " -v >/dev/null 2>&1").c_str()) == 0;
}

// Runs a shell command, returns its standard output.
inline std::string RunOutput(const std::string& command) {
  std::string out;
  std::FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) return out;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), p)) > 0) out.append(buf, n);
  pclose(p);
  return out;
}

// An 8-bit grey image (binary PGM, "P5", as pdftoppm -gray writes).
struct GrayImage {
  int width = 0, height = 0;
  std::vector<unsigned char> pixels;
  // 0 = white .. 1 = black.
  double Darkness(int x, int y) const {
    return 1.0 - pixels[static_cast<size_t>(y) * static_cast<size_t>(width) +
                        static_cast<size_t>(x)] /
                     255.0;
  }
  // Mean darkness of the rectangle [x0, x1) x [y0, y1).
  double MeanDarkness(int x0, int y0, int x1, int y1) const {
    double sum = 0;
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x) sum += Darkness(x, y);
    return sum / ((x1 - x0) * (y1 - y0));
  }
};

inline std::optional<GrayImage> ReadPgm(const std::string& path) {
  std::string data = ReadFile(path);
  std::istringstream in(data);
  std::string magic;
  int maxval = 0;
  GrayImage img;
  in >> magic >> img.width >> img.height >> maxval;
  if (magic != "P5" || maxval != 255 || img.width <= 0) return std::nullopt;
  in.get();  // the single whitespace before the raster
  const size_t size =
      static_cast<size_t>(img.width) * static_cast<size_t>(img.height);
  img.pixels.resize(size);
  in.read(reinterpret_cast<char*>(img.pixels.data()),
          static_cast<std::streamsize>(size));
  if (static_cast<size_t>(in.gcount()) != size) return std::nullopt;
  return img;
}

// Frees Cairo's and fontconfig's font caches after the last test, so that
// LeakSanitizer reports only our own leaks. Registered once per binary by
// kFontCacheReleaser in grid_render_test.cc.
class FontCacheReleaser : public ::testing::Environment {
 public:
  void TearDown() override { ReleaseFontCaches(); }
};

}  // namespace sudoku::render_testing

#endif  // SUDOKU_RENDER_TEST_UTIL_H_
