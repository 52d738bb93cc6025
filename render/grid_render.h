// Drawing Sudoku grids with Cairo, and writing one grid to a PDF, SVG or PNG
// file.
//
// Every shape from 4x4 (2x2 boxes) to 25x25 (5x5 boxes) is drawn the same
// way: thin lines between cells, thick lines between boxes and around the
// border, one centred symbol per filled cell (1-9 then A, B, ... as in
// Shape::Symbol). Givens are bold and black; when a solution is drawn, the
// digits it adds are regular weight and grey, so a reader can tell the clues
// from the answer.
//
// Stroke structure (tests count it in SVG output): each interior grid line
// is its own stroke, thin ones first, then the thick box lines, then the
// border as one rectangle. So a grid with N cells a side and r x c boxes has
// (N-1) - (r-1) thin + (r-1) thick vertical strokes (r = N/c stacks), the
// same horizontally with c bands, and one border: 2N - 1 strokes in all.
//
// Thread-safety: the functions are reentrant; a cairo_t must not be shared
// between threads.
#ifndef SUDOKU_RENDER_GRID_RENDER_H_
#define SUDOKU_RENDER_GRID_RENDER_H_

#include <cairo.h>

#include <cstdio>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid.h"

namespace sudoku {

struct GridStyle {
  // Sans font for the symbols (Cairo "toy" font API; fontconfig picks a
  // fallback if it is absent). DejaVu Sans ships with every Debian desktop
  // and has clear, tall digits.
  std::string font_family = "DejaVu Sans";
  // Thin line width as a fraction of the cell side, clamped to
  // [min_thin_line, max_thin_line] user units (points in PDF): thin enough to
  // recede, thick enough to survive print.
  double thin_line_fraction = 0.022;
  double min_thin_line = 0.35;
  double max_thin_line = 1.0;
  // Box lines and border are this many times the thin width.
  double thick_ratio = 3.2;
  // Symbol cap height as a fraction of the cell side.
  double symbol_fraction = 0.52;
  // Grey level (0 black .. 1 white) of digits that only the solution adds.
  double solution_gray = 0.45;
  // Paint the grid area white first (PNG has a transparent background
  // otherwise).
  bool fill_background = true;
};

// Where a grid sits, in the user units of the cairo context.
struct GridBox {
  double x = 0;     // left edge of the border's centre line
  double y = 0;     // top edge of the border's centre line
  double size = 0;  // side length
};

// Width of the thin and thick lines for a grid of `size` with `n` cells a
// side, as DrawGrid uses them.
double ThinLineWidth(const GridStyle& style, double size, int n);
double ThickLineWidth(const GridStyle& style, double size, int n);

// Draws `puzzle` into `box`. With `solution` (not owned; may be null), the
// cells that are empty in `puzzle` show the solution's digits in grey.
// REQUIRES: solution is null or has puzzle's shape; cr is in a good state.
void DrawGrid(cairo_t* cr, const Grid& puzzle, const Grid* solution,
              const GridBox& box, const GridStyle& style);

enum class ImageFormat { kPdf, kSvg, kPng };

// The format named by a path's extension (.pdf, .svg, .png; any case).
// InvalidArgument for anything else.
absl::StatusOr<ImageFormat> ImageFormatFromPath(absl::string_view path);

struct GridImageOptions {
  // Cell side in points (PDF, SVG) or pixels (PNG). 0 picks a size that
  // makes a 9x9 grid 360 units wide and keeps big grids legible
  // (max(18, 360 / N) per cell).
  double cell_size = 0;
  // White space around the grid, as a fraction of the cell side.
  double margin_fraction = 0.5;
  GridStyle style;

  // InvalidArgument for a negative or absurd size (cell_size > 1000).
  absl::Status Validate() const;
};

// Writes `puzzle` (and the grey solution digits, if `solution` is non-null)
// to `path` in `format`. InvalidArgument for bad options or a solution of
// another shape; PermissionDenied/NotFound/Internal (with the system's
// reason) when the file cannot be written.
absl::Status WriteGridImage(const Grid& puzzle, const Grid* solution,
                            const std::string& path, ImageFormat format,
                            const GridImageOptions& options = {});

// The output plumbing shared with the book writer: an fopen()ed file that
// Cairo streams into, so that open and write errors carry errno's text.
class CairoFileSink {
 public:
  // Opens `path` for writing. NotFound / PermissionDenied / Internal.
  static absl::StatusOr<CairoFileSink> Open(const std::string& path);
  CairoFileSink(CairoFileSink&& other) noexcept;
  CairoFileSink& operator=(CairoFileSink&&) = delete;
  CairoFileSink(const CairoFileSink&) = delete;
  ~CairoFileSink();

  // A cairo_write_func_t; `closure` is the sink.
  static cairo_status_t Write(void* closure, const unsigned char* data,
                              unsigned int length);
  // Closes the file; Internal if any write or the close failed.
  absl::Status Close();

 private:
  CairoFileSink(std::FILE* file, std::string path)
      : file_(file), path_(std::move(path)) {}
  std::FILE* file_;  // owned; null once closed
  std::string path_;
  int write_errno_ = 0;
};

// Frees the process-wide font caches of Cairo (toy font faces) and
// fontconfig, which otherwise live until exit and show up as leaks under
// LeakSanitizer. Call at the end of a program or test run, after every
// Cairo surface and context is destroyed; drawing afterwards rebuilds them.
void ReleaseFontCaches();

// Internal unless `status` (a Cairo status) is CAIRO_STATUS_SUCCESS; the
// message names `what` and Cairo's reason.
absl::Status CairoStatus(cairo_status_t status, absl::string_view what);

}  // namespace sudoku

#endif  // SUDOKU_RENDER_GRID_RENDER_H_
