#include "render/grid_render.h"

#include <cairo.h>

#include <map>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "render/test_util.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using render_testing::PatternSolution;
using render_testing::PuzzleFrom;
using render_testing::ReadFile;
using render_testing::TempPath;
using ::sudoku::testing::IsOk;
using ::sudoku::testing::StatusIs;
using ::testing::HasSubstr;

// A deliberately small XML reader: enough to prove that a file is
// well-formed (balanced, properly nested tags, quoted attributes, no stray
// '<') and to list its elements with their attributes.
struct XmlElement {
  std::string name;
  std::map<std::string, std::string> attrs;
  bool in_defs = false;  // inside <defs> (glyph outlines, not drawing)
};

bool ParseXml(const std::string& text, std::vector<XmlElement>* out,
              std::string* error) {
  std::vector<std::string> stack;
  size_t i = 0;
  auto fail = [&](const std::string& why) {
    *error = absl::StrCat(why, " at byte ", i);
    return false;
  };
  while (i < text.size()) {
    if (text[i] != '<') {
      if (text[i] == '>') return fail("stray '>'");
      ++i;
      continue;
    }
    if (text.compare(i, 4, "<!--") == 0) {
      size_t end = text.find("-->", i);
      if (end == std::string::npos) return fail("unclosed comment");
      i = end + 3;
      continue;
    }
    if (text.compare(i, 2, "<?") == 0 || text.compare(i, 2, "<!") == 0) {
      size_t end = text.find('>', i);
      if (end == std::string::npos) return fail("unclosed declaration");
      i = end + 1;
      continue;
    }
    const bool closing = text[i + 1] == '/';
    size_t j = i + (closing ? 2 : 1);
    size_t name_end = j;
    while (name_end < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[name_end])) ||
            text[name_end] == ':' || text[name_end] == '-' ||
            text[name_end] == '_'))
      ++name_end;
    std::string name = text.substr(j, name_end - j);
    if (name.empty()) return fail("empty tag name");
    j = name_end;
    if (closing) {
      while (j < text.size() &&
             std::isspace(static_cast<unsigned char>(text[j])))
        ++j;
      if (j >= text.size() || text[j] != '>') return fail("bad closing tag");
      if (stack.empty() || stack.back() != name) {
        return fail(absl::StrCat("</", name, "> closes <",
                                 stack.empty() ? "" : stack.back(), ">"));
      }
      stack.pop_back();
      i = j + 1;
      continue;
    }
    XmlElement el;
    el.name = name;
    for (const std::string& open : stack) el.in_defs |= open == "defs";
    bool self_closing = false;
    while (true) {
      while (j < text.size() &&
             std::isspace(static_cast<unsigned char>(text[j])))
        ++j;
      if (j >= text.size()) return fail("unterminated tag");
      if (text[j] == '>') break;
      if (text.compare(j, 2, "/>") == 0) {
        self_closing = true;
        ++j;
        break;
      }
      size_t eq = text.find('=', j);
      if (eq == std::string::npos) return fail("attribute without value");
      std::string key = text.substr(j, eq - j);
      if (key.empty() || key.find_first_of(" <>\"'") != std::string::npos) {
        return fail("bad attribute name");
      }
      const char quote = text[eq + 1];
      if (quote != '"' && quote != '\'') return fail("unquoted attribute");
      size_t end = text.find(quote, eq + 2);
      if (end == std::string::npos) return fail("unterminated attribute");
      std::string value = text.substr(eq + 2, end - eq - 2);
      if (value.find('<') != std::string::npos) return fail("'<' in attribute");
      if (el.attrs.count(key)) return fail("duplicate attribute");
      el.attrs[key] = value;
      j = end + 1;
    }
    if (!self_closing) stack.push_back(name);
    out->push_back(std::move(el));
    i = j + 1;
  }
  if (!stack.empty()) {
    *error = absl::StrCat("<", stack.back(), "> never closed");
    return false;
  }
  return true;
}

// Stroke width from a Cairo SVG style attribute, or 0 for a fill.
double StrokeWidth(const XmlElement& el) {
  auto it = el.attrs.find("style");
  if (it == el.attrs.end()) return 0;
  const std::string& style = it->second;
  size_t at = style.find("stroke-width:");
  if (at == std::string::npos) return 0;
  at += 13;
  size_t end = style.find(';', at);
  double w = 0;
  if (!absl::SimpleAtod(style.substr(at, end - at), &w)) return 0;
  return w;
}

int CountFilled(const Grid& g) { return g.NumFilled(); }

[[maybe_unused]] ::testing::Environment* const kFontCacheReleaser =
    ::testing::AddGlobalTestEnvironment(new render_testing::FontCacheReleaser);

TEST(ImageFormatTest, ChosenByExtension) {
  EXPECT_THAT(ImageFormatFromPath("a/b.svg"),
              testing::IsOkAndHolds(ImageFormat::kSvg));
  EXPECT_THAT(ImageFormatFromPath("B.PDF"),
              testing::IsOkAndHolds(ImageFormat::kPdf));
  EXPECT_THAT(ImageFormatFromPath("x.png"),
              testing::IsOkAndHolds(ImageFormat::kPng));
  EXPECT_THAT(ImageFormatFromPath("x.jpg"),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(".svg")));
  EXPECT_THAT(ImageFormatFromPath("pdf"),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

class ShapeRenderTest : public ::testing::TestWithParam<std::pair<int, int>> {
 protected:
  const Shape& shape() const {
    return Shape::GetOrDie(GetParam().first, GetParam().second);
  }
};

// Each grid line is one stroke (2N - 1 in all: N - 1 interior lines each
// way plus the border rectangle), of which the box lines and border are
// thick; each symbol is one glyph placement (<use>).
TEST_P(ShapeRenderTest, SvgHasOneStrokePerLineAndOneGlyphPerSymbol) {
  const Shape& s = shape();
  const Grid solution = PatternSolution(s);
  ASSERT_TRUE(IsValidSolution(Grid(s), solution));
  const Grid puzzle = PuzzleFrom(solution);
  for (const bool with_solution : {false, true}) {
    const std::string path =
        TempPath(absl::StrCat("grid_", s.name(), with_solution, ".svg"));
    ASSERT_THAT(WriteGridImage(puzzle, with_solution ? &solution : nullptr,
                               path, ImageFormat::kSvg),
                IsOk());
    std::vector<XmlElement> elements;
    std::string error;
    ASSERT_TRUE(ParseXml(ReadFile(path), &elements, &error)) << error;
    ASSERT_FALSE(elements.empty());
    EXPECT_EQ(elements[0].name, "svg");
    int strokes = 0, thick = 0, glyphs = 0;
    double max_width = 0;
    for (const XmlElement& el : elements) {
      if (el.in_defs) continue;
      if (el.name == "path") max_width = std::max(max_width, StrokeWidth(el));
    }
    for (const XmlElement& el : elements) {
      if (el.in_defs) continue;
      if (el.name == "use") ++glyphs;
      if (el.name != "path") continue;
      const double w = StrokeWidth(el);
      if (w == 0) continue;
      ++strokes;
      if (w == max_width) ++thick;
    }
    const int n = s.size();
    EXPECT_EQ(strokes, 2 * n - 1) << s.name();
    // r - 1 vertical and c - 1 horizontal box lines, plus the border.
    EXPECT_EQ(thick, s.box_rows() - 1 + s.box_cols() - 1 + 1) << s.name();
    EXPECT_EQ(glyphs, with_solution ? n * n : CountFilled(puzzle)) << s.name();
  }
}

// The raster shows ink exactly where the symbols and lines should be.
TEST_P(ShapeRenderTest, PngHasInkInGivenCellsAndOnGridLines) {
  const Shape& s = shape();
  const Grid puzzle = PuzzleFrom(PatternSolution(s));
  const std::string path = TempPath(absl::StrCat("grid_", s.name(), ".png"));
  GridImageOptions options;
  options.cell_size = 30;
  options.margin_fraction = 0.5;
  ASSERT_THAT(WriteGridImage(puzzle, nullptr, path, ImageFormat::kPng, options),
              IsOk());
  cairo_surface_t* img = cairo_image_surface_create_from_png(path.c_str());
  ASSERT_EQ(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
  const int n = s.size();
  const int side = cairo_image_surface_get_width(img);
  EXPECT_EQ(side, 30 * n + 30);
  cairo_surface_flush(img);
  const unsigned char* data = cairo_image_surface_get_data(img);
  const int stride = cairo_image_surface_get_stride(img);
  auto dark = [&](int x, int y) {  // ARGB32, opaque: use the green channel
    const unsigned char g = data[y * stride + x * 4 + 1];
    return 1.0 - g / 255.0;
  };
  auto mean_dark = [&](int x0, int y0, int x1, int y1) {
    double sum = 0;
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x) sum += dark(x, y);
    return sum / ((x1 - x0) * (y1 - y0));
  };
  const int margin = 15, cell = 30;
  for (int c = 0; c < s.num_cells(); ++c) {
    // The inner 60% of the cell: clear of every line.
    const int x0 = margin + s.Col(c) * cell + 6,
              y0 = margin + s.Row(c) * cell + 6;
    const double ink = mean_dark(x0, y0, x0 + 18, y0 + 18);
    if (puzzle[c] != 0) {
      EXPECT_GT(ink, 0.08) << s.name() << " " << s.CellName(c);
    } else {
      EXPECT_LT(ink, 0.001) << s.name() << " " << s.CellName(c);
    }
  }
  // Along a scanline through the top quarter of row 1 (above any glyph):
  // dark runs at the N + 1 line positions, white elsewhere, and the box
  // lines at least twice as wide as the cell lines.
  const int y = margin + cell / 6;
  std::vector<int> runs;  // widths of dark runs, left to right
  std::vector<int> centres;
  for (int x = 0; x < side;) {
    if (dark(x, y) < 0.3) {
      ++x;
      continue;
    }
    int start = x;
    while (x < side && dark(x, y) >= 0.3) ++x;
    runs.push_back(x - start);
    centres.push_back((start + x) / 2);
  }
  ASSERT_EQ(static_cast<int>(runs.size()), n + 1) << s.name();
  for (int i = 0; i <= n; ++i) {
    EXPECT_NEAR(centres[static_cast<size_t>(i)], margin + i * cell, 1) << i;
  }
  int thin = side, thick = side;  // narrowest of each kind
  for (int i = 0; i <= n; ++i) {
    const int w = runs[static_cast<size_t>(i)];
    if (i % s.box_cols() == 0) {
      thick = std::min(thick, w);
    } else {
      thin = std::min(thin, w);
    }
  }
  EXPECT_GE(thick, 2 * thin) << s.name();
  cairo_surface_destroy(img);
}

INSTANTIATE_TEST_SUITE_P(AllBoxShapes, ShapeRenderTest,
                         ::testing::Values(std::pair{2, 2}, std::pair{2, 3},
                                           std::pair{3, 2}, std::pair{2, 4},
                                           std::pair{3, 3}, std::pair{3, 4},
                                           std::pair{4, 3}, std::pair{4, 4},
                                           std::pair{4, 5}, std::pair{5, 5}),
                         [](const auto& param_info) {
                           return absl::StrCat(param_info.param.first, "x",
                                               param_info.param.second);
                         });

TEST(WriteGridImageTest, PdfStartsWithPdfHeader) {
  const Grid puzzle = PuzzleFrom(PatternSolution(Shape::Classic()));
  const std::string path = TempPath("grid.pdf");
  ASSERT_THAT(WriteGridImage(puzzle, nullptr, path, ImageFormat::kPdf), IsOk());
  const std::string pdf = ReadFile(path);
  EXPECT_TRUE(absl::StartsWith(pdf, "%PDF-"));
  EXPECT_THAT(pdf, HasSubstr("%%EOF"));
}

TEST(WriteGridImageTest, UnwritablePathIsAClearError) {
  const Grid puzzle = PuzzleFrom(PatternSolution(Shape::Classic()));
  EXPECT_THAT(
      WriteGridImage(puzzle, nullptr, "/no/such/dir/x.svg", ImageFormat::kSvg),
      StatusIs(absl::StatusCode::kNotFound,
               HasSubstr("cannot write '/no/such/dir/x.svg'")));
}

TEST(WriteGridImageTest, RejectsSolutionOfAnotherShape) {
  const Grid puzzle = PuzzleFrom(PatternSolution(Shape::Classic()));
  const Grid other = PatternSolution(Shape::GetOrDie(2, 2));
  EXPECT_THAT(
      WriteGridImage(puzzle, &other, TempPath("x.png"), ImageFormat::kPng),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("2x2")));
}

TEST(WriteGridImageTest, RejectsBadOptions) {
  const Grid puzzle = PuzzleFrom(PatternSolution(Shape::Classic()));
  GridImageOptions options;
  options.cell_size = -3;
  EXPECT_THAT(WriteGridImage(puzzle, nullptr, TempPath("x.png"),
                             ImageFormat::kPng, options),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace sudoku
