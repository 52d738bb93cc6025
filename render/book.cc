#include "render/book.h"

#include <cairo-pdf.h>

#include <algorithm>
#include <cstdint>
#include <map>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/format.h"
#include "core/hash.h"
#include "core/status_macros.h"

namespace sudoku {
namespace {

// Page furniture, in points. Margins of 3/4 inch (54 pt) at the sides and
// 2/3 inch top and bottom fit both A4 and Letter and every home printer's
// unprintable border.
constexpr double kMarginX = 54;
constexpr double kMarginTop = 48;
constexpr double kMarginBottom = 48;
constexpr double kHeaderHeight = 40;  // running header band incl. rule
constexpr double kFooterHeight = 14;  // space kept above the page number
constexpr double kHeadingFont = 15;
constexpr double kSmallFont = 9.5;

struct SlotMetrics {
  double label_height;   // number line above the grid
  double extras_height;  // rating/id line under the grid (0 if none)
  double gap;            // space kept free between neighbouring slots
};

// Columns x rows for the allowed counts per page.
std::pair<int, int> SlotGrid(int per_page) {
  switch (per_page) {
    case 1:
      return {1, 1};
    case 2:
      return {1, 2};
    case 4:
      return {2, 2};
    case 6:
      return {2, 3};
    case 9:
      return {3, 3};
    case 12:
      return {3, 4};
    default:
      return {0, 0};
  }
}

int AutoSolutionsPerPage(int max_n) {
  if (max_n <= 9) return 12;
  if (max_n <= 12) return 9;
  if (max_n <= 16) return 6;
  return 4;
}

// Places `count` grids on consecutive pages starting at `first_page`,
// calling `place(i, page, box)` for each. Returns the page after the last.
template <typename PlaceFn>
int PlaceGrids(int count, int per_page, const SlotMetrics& m, double page_w,
               double page_h, int first_page, PlaceFn place) {
  const auto [cols, rows] = SlotGrid(per_page);
  const double top = kMarginTop + kHeaderHeight;
  const double bottom = page_h - kMarginBottom - kFooterHeight;
  const double slot_w = (page_w - 2 * kMarginX) / cols;
  const double slot_h = (bottom - top) / rows;
  const double size = std::min(
      slot_w - m.gap, slot_h - m.gap - m.label_height - m.extras_height);
  const double block_h = m.label_height + size + m.extras_height;
  int page = first_page;
  for (int i = 0; i < count; ++i) {
    const int slot = i % per_page;
    if (i > 0 && slot == 0) ++page;
    const int col = slot % cols, row = slot / cols;
    GridBox box;
    box.size = size;
    box.x = kMarginX + col * slot_w + (slot_w - size) / 2;
    box.y = top + row * slot_h + (slot_h - block_h) / 2 + m.label_height;
    place(i, page, box);
  }
  return count > 0 ? page + 1 : first_page;
}

enum class Align { kLeft, kCenter, kRight };

// Draws one line of text with its baseline at y.
void Text(cairo_t* cr, const GridStyle& style, absl::string_view text, double x,
          double y, double size, bool bold, double gray,
          Align align = Align::kLeft) {
  const std::string s(text);
  cairo_select_font_face(
      cr, style.font_family.c_str(), CAIRO_FONT_SLANT_NORMAL,
      bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_set_source_rgb(cr, gray, gray, gray);
  cairo_text_extents_t ext;
  cairo_text_extents(cr, s.c_str(), &ext);
  if (align == Align::kCenter) x -= ext.x_advance / 2;
  if (align == Align::kRight) x -= ext.x_advance;
  cairo_move_to(cr, x, y);
  cairo_show_text(cr, s.c_str());
}

void Rule(cairo_t* cr, double x0, double x1, double y, double width,
          double gray) {
  cairo_set_source_rgb(cr, gray, gray, gray);
  cairo_set_line_width(cr, width);
  cairo_move_to(cr, x0, y);
  cairo_line_to(cr, x1, y);
  cairo_stroke(cr);
}

std::string NumberRange(int first, int last) {
  if (first == last) return absl::StrCat(first);
  return absl::StrCat(first, "\u2013", last);  // en dash
}

// "1 to 9", "1 to 9 and A to G": the symbols of an N-digit shape.
std::string SymbolRange(const Shape& shape) {
  const int n = shape.size();
  if (n <= 9) return absl::StrCat("digits 1 to ", n);
  return absl::StrCat("symbols 1 to 9 and A to ",
                      std::string(1, shape.Symbol(n)));
}

int TotalPuzzles(const Book& book) {
  int total = 0;
  for (const BookSection& s : book.sections) {
    total += static_cast<int>(s.puzzles.size());
  }
  return total;
}

void DrawTitlePage(cairo_t* cr, const Book& book, const BookLayout& layout,
                   const GridStyle& style) {
  const double w = layout.page_width, h = layout.page_height;
  const int total = TotalPuzzles(book);
  Text(cr, style, book.title, w / 2, h * 0.28, 34, true, 0, Align::kCenter);
  std::string subtitle = book.subtitle;
  if (subtitle.empty()) {
    const size_t k = book.sections.size();
    subtitle = absl::StrCat(total, total == 1 ? " puzzle" : " puzzles");
    if (k > 1) absl::StrAppend(&subtitle, " in ", k, " levels");
  }
  Text(cr, style, subtitle, w / 2, h * 0.28 + 34, 15, false, 0.3,
       Align::kCenter);
  Rule(cr, w * 0.3, w * 0.7, h * 0.28 + 56, 0.8, 0.5);

  // Table of contents.
  const double left = w * 0.22, mid = w * 0.52, right = w * 0.78;
  double y = h * 0.46;
  Text(cr, style, "Contents", left, y, 13, true, 0);
  y += 24;
  int first = 1;
  for (size_t s = 0; s < book.sections.size(); ++s) {
    const int count = static_cast<int>(book.sections[s].puzzles.size());
    Text(cr, style, book.sections[s].heading, left, y, 12, false, 0);
    Text(cr, style,
         absl::StrCat("puzzles ", NumberRange(first, first + count - 1)), mid,
         y, 12, false, 0.3);
    Text(cr, style, absl::StrCat("page ", layout.section_first_page[s]), right,
         y, 12, false, 0, Align::kRight);
    first += count;
    y += 20;
  }
  Text(cr, style, "Solutions", left, y, 12, false, 0);
  Text(cr, style, absl::StrCat("page ", layout.solutions_first_page), right, y,
       12, false, 0, Align::kRight);

  // The rules, for the shape of the first section (books rarely mix).
  const Shape& shape = book.sections[0].puzzles[0].puzzle.shape();
  const std::string box =
      absl::StrCat(shape.box_rows(), "\u00d7", shape.box_cols());
  y = h * 0.80;
  Text(cr, style, "How to play", w / 2, y, 12, true, 0, Align::kCenter);
  Text(cr, style,
       absl::StrCat("Fill every empty cell so that each row, each column and "
                    "each ",
                    box, " box"),
       w / 2, y + 18, 10.5, false, 0.2, Align::kCenter);
  Text(cr, style,
       absl::StrCat("holds each of the ", SymbolRange(shape),
                    " exactly once. Every puzzle has one solution."),
       w / 2, y + 32, 10.5, false, 0.2, Align::kCenter);
}

void DrawPageFrame(cairo_t* cr, const GridStyle& style, double w, double h,
                   int page, absl::string_view heading,
                   absl::string_view numbers) {
  const double baseline = kMarginTop + kHeadingFont;
  Text(cr, style, heading, kMarginX, baseline, kHeadingFont, true, 0);
  Text(cr, style, numbers, w - kMarginX, baseline, kSmallFont + 1, false, 0.35,
       Align::kRight);
  Rule(cr, kMarginX, w - kMarginX, baseline + 8, 0.6, 0.55);
  Text(cr, style, absl::StrCat(page), w / 2, h - kMarginBottom + 14,
       kSmallFont + 0.5, false, 0.25, Align::kCenter);
}

std::string Extras(const BookPuzzle& p, const BookOptions& options) {
  std::vector<std::string> parts;
  if (options.show_rating && p.rating.has_value()) {
    parts.push_back(absl::StrFormat("rating %.1f", *p.rating));
  }
  if (options.show_rating && !p.hardest_technique.empty()) {
    parts.push_back(absl::StrCat("hardest: ", p.hardest_technique));
  }
  if (options.show_id) {
    parts.push_back(absl::StrCat(
        "id ", p.short_id.empty() ? ShortPuzzleId(p.puzzle) : p.short_id));
  }
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    absl::StrAppend(&out, i ? "  \u00b7  " : "", parts[i]);
  }
  return out;
}

}  // namespace

absl::StatusOr<PageSize> ParsePageSize(absl::string_view name) {
  const std::string lower = absl::AsciiStrToLower(name);
  if (lower == "a4") return PageSize::kA4;
  if (lower == "letter") return PageSize::kLetter;
  return absl::InvalidArgumentError(
      absl::StrCat("page size must be a4 or letter, got '", name, "'"));
}

// ISO 216 A4 is 210 x 297 mm; US Letter 8.5 x 11 in.
double PageWidth(PageSize size) {
  return size == PageSize::kA4 ? 210 / 25.4 * 72 : 612;
}
double PageHeight(PageSize size) {
  return size == PageSize::kA4 ? 297 / 25.4 * 72 : 792;
}

absl::Status BookOptions::Validate() const {
  if (per_page != 1 && per_page != 2 && per_page != 4 && per_page != 6) {
    return absl::InvalidArgumentError(
        absl::StrCat("puzzles per page must be 1, 2, 4 or 6, got ", per_page));
  }
  if (solutions_per_page != 0 && solutions_per_page != 4 &&
      solutions_per_page != 6 && solutions_per_page != 9 &&
      solutions_per_page != 12) {
    return absl::InvalidArgumentError(absl::StrCat(
        "solutions per page must be 4, 6, 9 or 12, got ", solutions_per_page));
  }
  return absl::OkStatus();
}

absl::StatusOr<BookLayout> LayoutBook(const Book& book,
                                      const BookOptions& options) {
  SUDOKU_RETURN_IF_ERROR(options.Validate());
  if (book.sections.empty()) {
    return absl::InvalidArgumentError("book: no sections");
  }
  int max_n = 0;
  for (const BookSection& s : book.sections) {
    if (s.puzzles.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("book: section '", s.heading, "' has no puzzles"));
    }
    for (const BookPuzzle& p : s.puzzles) {
      max_n = std::max(max_n, p.puzzle.size());
      if (&p.solution.shape() != &p.puzzle.shape()) {
        return absl::InvalidArgumentError(
            absl::StrCat("book: section '", s.heading,
                         "': a solution's shape differs "
                         "from its puzzle's"));
      }
    }
  }
  BookLayout layout;
  layout.page_width = PageWidth(options.page);
  layout.page_height = PageHeight(options.page);
  const bool extras = options.show_rating || options.show_id;
  const SlotMetrics puzzle_metrics{20, extras ? 14.0 : 0.0, 24};
  const SlotMetrics solution_metrics{12, 0, 14};

  int page = 2;  // page 1 is the title page
  int number = 1;
  for (size_t s = 0; s < book.sections.size(); ++s) {
    layout.section_first_page.push_back(page);
    page = PlaceGrids(
        static_cast<int>(book.sections[s].puzzles.size()), options.per_page,
        puzzle_metrics, layout.page_width, layout.page_height, page,
        [&](int i, int on_page, const GridBox& box) {
          layout.grids.push_back({on_page, number++, static_cast<int>(s), i,
                                  /*solution=*/false, box});
        });
  }
  layout.solutions_first_page = page;
  const int per_page = options.solutions_per_page > 0
                           ? options.solutions_per_page
                           : AutoSolutionsPerPage(max_n);
  const std::vector<PlacedGrid> puzzles = layout.grids;
  page = PlaceGrids(static_cast<int>(puzzles.size()), per_page,
                    solution_metrics, layout.page_width, layout.page_height,
                    page, [&](int i, int on_page, const GridBox& box) {
                      PlacedGrid g = puzzles[static_cast<size_t>(i)];
                      g.page = on_page;
                      g.solution = true;
                      g.box = box;
                      layout.grids.push_back(g);
                    });
  layout.num_pages = page - 1;
  return layout;
}

absl::StatusOr<BookLayout> WriteBookPdf(const Book& book,
                                        const BookOptions& options,
                                        const std::string& path) {
  SUDOKU_ASSIGN_OR_RETURN(BookLayout layout, LayoutBook(book, options));
  SUDOKU_ASSIGN_OR_RETURN(CairoFileSink sink, CairoFileSink::Open(path));
  cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(
      &CairoFileSink::Write, &sink, layout.page_width, layout.page_height);
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE,
                                 book.title.c_str());
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR,
                                 "Sudoku Forge");
  cairo_t* cr = cairo_create(surface);
  const GridStyle& style = options.style;

  DrawTitlePage(cr, book, layout, style);
  cairo_show_page(cr);

  // Grids grouped by page (layout.grids is in page order).
  std::map<int, std::vector<const PlacedGrid*>> by_page;
  for (const PlacedGrid& g : layout.grids) by_page[g.page].push_back(&g);
  for (int page = 2; page <= layout.num_pages; ++page) {
    const std::vector<const PlacedGrid*>& grids = by_page[page];
    const PlacedGrid& first = *grids.front();
    const std::string heading =
        first.solution
            ? "Solutions"
            : book.sections[static_cast<size_t>(first.section)].heading;
    const std::string numbers =
        absl::StrCat(grids.size() == 1 ? "Puzzle " : "Puzzles ",
                     NumberRange(first.number, grids.back()->number));
    DrawPageFrame(cr, style, layout.page_width, layout.page_height, page,
                  heading, numbers);
    for (const PlacedGrid* g : grids) {
      const BookSection& section =
          book.sections[static_cast<size_t>(g->section)];
      const BookPuzzle& p = section.puzzles[static_cast<size_t>(g->index)];
      if (g->solution) {
        Text(cr, style, absl::StrCat(g->number, "  \u00b7  ", section.heading),
             g->box.x, g->box.y - 4, 8.5, true, 0.15);
        DrawGrid(cr, p.puzzle, &p.solution, g->box, style);
      } else {
        Text(cr, style, absl::StrCat("Puzzle ", g->number), g->box.x,
             g->box.y - 6, 12, true, 0);
        DrawGrid(cr, p.puzzle, nullptr, g->box, style);
        const std::string extras = Extras(p, options);
        if (!extras.empty()) {
          Text(cr, style, extras, g->box.x, g->box.y + g->box.size + 12, 8,
               false, 0.35);
        }
      }
    }
    cairo_show_page(cr);
  }

  absl::Status status = CairoStatus(cairo_status(cr), "drawing the book");
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  if (status.ok()) {
    status = CairoStatus(cairo_surface_status(surface),
                         absl::StrCat("writing '", path, "'"));
  }
  cairo_surface_destroy(surface);
  absl::Status closed = sink.Close();
  if (!closed.ok()) return closed;
  SUDOKU_RETURN_IF_ERROR(status);
  return layout;
}

std::string ShortPuzzleId(const Grid& puzzle) {
  return HashHex32(
      Fnv1a(absl::StrCat(puzzle.shape().name(), ":", ToLine(puzzle))));
}

}  // namespace sudoku
