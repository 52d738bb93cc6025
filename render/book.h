// Puzzle books: a print-ready PDF laid out from sections of puzzles.
//
// Layout, in order:
//   * a title page: the title, a subtitle, the rules for the shape, and a
//     table of contents (each section's heading, puzzle numbers and page);
//   * one run of pages per section, each starting on a new page; a running
//     header names the section (its level) and the puzzle numbers on the
//     page; puzzles are numbered 1..total through the whole book;
//     `per_page` puzzles a page (1, 2, 4 or 6), each with its number above
//     and, optionally, its rating, hardest technique and short id below;
//   * the solutions at the back, smaller, several a page (4, 6, 9 or 12),
//     each labelled with its puzzle number and level, the givens bold and
//     the rest grey.
// Every page but the title page carries its number in the footer.
//
// The layout is computed first (LayoutBook: pure, testable geometry), then
// drawn (WriteBookPdf). Thread-safety: reentrant.
#ifndef SUDOKU_RENDER_BOOK_H_
#define SUDOKU_RENDER_BOOK_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid.h"
#include "render/grid_render.h"

namespace sudoku {

struct BookPuzzle {
  Grid puzzle;
  // The unique solution. REQUIRES: IsValidSolution(puzzle, solution).
  Grid solution;
  // Printed only with BookOptions::show_id; ShortPuzzleId() if the source
  // has none of its own.
  std::string short_id;
  // Printed only with BookOptions::show_rating, when known.
  std::optional<double> rating;
  std::string hardest_technique;
};

struct BookSection {
  // Printed in the running header and table of contents, e.g. "Easy".
  std::string heading;
  std::vector<BookPuzzle> puzzles;
};

struct Book {
  std::string title = "Sudoku";
  // Under the title; empty = "<total> puzzles in <k> levels".
  std::string subtitle;
  std::vector<BookSection> sections;
};

enum class PageSize { kA4, kLetter };

// "a4" or "letter" (any case). InvalidArgument otherwise.
absl::StatusOr<PageSize> ParsePageSize(absl::string_view name);
// Width and height in points (1/72 inch).
double PageWidth(PageSize size);
double PageHeight(PageSize size);

struct BookOptions {
  PageSize page = PageSize::kA4;
  // Puzzles a page: 1 (large print), 2, 4 or 6.
  int per_page = 4;
  // Solutions a page: 4, 6, 9 or 12; 0 picks by grid size (12 up to 9x9,
  // 9 up to 12x12, 6 up to 16x16, else 4) so digits stay readable.
  int solutions_per_page = 0;
  // Print "rating R · hardest T" under each puzzle (when known).
  bool show_rating = false;
  // Print the puzzle's short id under it.
  bool show_id = false;
  GridStyle style;

  // InvalidArgument for a per_page or solutions_per_page not listed above.
  absl::Status Validate() const;
};

// One grid placed on a page, in points from the page's top-left corner.
struct PlacedGrid {
  int page = 0;     // 1-based page number
  int number = 0;   // 1-based puzzle number in the book
  int section = 0;  // index into Book::sections
  int index = 0;    // index into the section's puzzles
  bool solution = false;
  GridBox box;
};

struct BookLayout {
  int num_pages = 0;
  double page_width = 0;
  double page_height = 0;
  std::vector<PlacedGrid> grids;  // puzzles in number order, then solutions
  // First page of each section's puzzles and of the solutions.
  std::vector<int> section_first_page;
  int solutions_first_page = 0;
};

// Places every puzzle and solution. InvalidArgument for bad options, or an
// empty book or section. Sections may differ in shape.
absl::StatusOr<BookLayout> LayoutBook(const Book& book,
                                      const BookOptions& options);

// Lays out `book` and writes it to `path` as a PDF. Returns the layout.
// InvalidArgument as LayoutBook; NotFound/PermissionDenied/Internal when
// the file cannot be written.
absl::StatusOr<BookLayout> WriteBookPdf(const Book& book,
                                        const BookOptions& options,
                                        const std::string& path);

// An 8-hex-digit id derived from the shape and givens (FNV-1a), stable
// across runs and machines, for puzzles whose source has no id.
std::string ShortPuzzleId(const Grid& puzzle);

}  // namespace sudoku

#endif  // SUDOKU_RENDER_BOOK_H_
