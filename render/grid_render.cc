#include "render/grid_render.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/status_macros.h"

namespace sudoku {
namespace {

// Sets the font and returns the font size whose digit height is `height`.
// The "8" of a sans font spans baseline to cap height, so measuring it at
// size 1 gives the scale for every symbol (letters share the cap height).
double SelectSymbolFont(cairo_t* cr, const GridStyle& style, bool bold,
                        double height) {
  cairo_select_font_face(
      cr, style.font_family.c_str(), CAIRO_FONT_SLANT_NORMAL,
      bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, 100.0);
  cairo_text_extents_t ext;
  cairo_text_extents(cr, "8", &ext);
  const double size = ext.height > 0 ? 100.0 * height / ext.height : height;
  cairo_set_font_size(cr, size);
  return size;
}

void StrokeLine(cairo_t* cr, double x0, double y0, double x1, double y1) {
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
  cairo_stroke(cr);
}

}  // namespace

double ThinLineWidth(const GridStyle& style, double size, int n) {
  const double cell = size / n;
  return std::clamp(cell * style.thin_line_fraction, style.min_thin_line,
                    style.max_thin_line);
}

double ThickLineWidth(const GridStyle& style, double size, int n) {
  return ThinLineWidth(style, size, n) * style.thick_ratio;
}

void DrawGrid(cairo_t* cr, const Grid& puzzle, const Grid* solution,
              const GridBox& box, const GridStyle& style) {
  const Shape& shape = puzzle.shape();
  const int n = shape.size();
  const double cell = box.size / n;
  const double thin = ThinLineWidth(style, box.size, n);
  const double thick = ThickLineWidth(style, box.size, n);
  cairo_save(cr);

  if (style.fill_background) {
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, box.x, box.y, box.size, box.size);
    cairo_fill(cr);
  }

  // Symbols first, so that lines are never covered by a wide glyph.
  const double symbol_height = cell * style.symbol_fraction;
  for (const bool given : {true, false}) {
    if (!given && solution == nullptr) continue;
    SelectSymbolFont(cr, style, /*bold=*/given, symbol_height);
    if (given) {
      cairo_set_source_rgb(cr, 0, 0, 0);
    } else {
      cairo_set_source_rgb(cr, style.solution_gray, style.solution_gray,
                           style.solution_gray);
    }
    for (int c = 0; c < shape.num_cells(); ++c) {
      const int digit =
          given ? puzzle[c] : (puzzle[c] == 0 ? (*solution)[c] : 0);
      if (digit == 0) continue;
      const char text[2] = {shape.Symbol(digit), '\0'};
      cairo_text_extents_t ext;
      cairo_text_extents(cr, text, &ext);
      const double cx = box.x + (shape.Col(c) + 0.5) * cell;
      const double cy = box.y + (shape.Row(c) + 0.5) * cell;
      cairo_move_to(cr, cx - (ext.x_bearing + ext.width / 2),
                    cy + symbol_height / 2);
      cairo_show_text(cr, text);
    }
  }

  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  // Vertical box lines fall every box_cols columns, horizontal ones every
  // box_rows rows.
  const int bc = shape.box_cols(), br = shape.box_rows();
  cairo_set_line_width(cr, thin);
  for (int i = 1; i < n; ++i) {
    const double t = i * cell;
    if (i % bc != 0)
      StrokeLine(cr, box.x + t, box.y, box.x + t, box.y + box.size);
    if (i % br != 0)
      StrokeLine(cr, box.x, box.y + t, box.x + box.size, box.y + t);
  }
  cairo_set_line_width(cr, thick);
  for (int i = 1; i < n; ++i) {
    const double t = i * cell;
    if (i % bc == 0)
      StrokeLine(cr, box.x + t, box.y, box.x + t, box.y + box.size);
    if (i % br == 0)
      StrokeLine(cr, box.x, box.y + t, box.x + box.size, box.y + t);
  }
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr, box.x, box.y, box.size, box.size);
  cairo_stroke(cr);
  cairo_restore(cr);
}

absl::StatusOr<ImageFormat> ImageFormatFromPath(absl::string_view path) {
  const std::string lower = absl::AsciiStrToLower(path);
  if (absl::EndsWith(lower, ".pdf")) return ImageFormat::kPdf;
  if (absl::EndsWith(lower, ".svg")) return ImageFormat::kSvg;
  if (absl::EndsWith(lower, ".png")) return ImageFormat::kPng;
  return absl::InvalidArgumentError(absl::StrCat(
      "output '", path, "': unknown image type (use .pdf, .svg or .png)"));
}

absl::Status GridImageOptions::Validate() const {
  if (!(cell_size >= 0 && cell_size <= 1000)) {
    return absl::InvalidArgumentError(
        absl::StrCat("cell size must be in [0, 1000], got ", cell_size));
  }
  if (!(margin_fraction >= 0 && margin_fraction <= 10)) {
    return absl::InvalidArgumentError(
        absl::StrCat("margin must be in [0, 10] cells, got ", margin_fraction));
  }
  return absl::OkStatus();
}

void ReleaseFontCaches() {
  cairo_debug_reset_static_data();
  FcFini();
}

absl::Status CairoStatus(cairo_status_t status, absl::string_view what) {
  if (status == CAIRO_STATUS_SUCCESS) return absl::OkStatus();
  return absl::InternalError(
      absl::StrCat(what, ": cairo: ", cairo_status_to_string(status)));
}

absl::StatusOr<CairoFileSink> CairoFileSink::Open(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) {
    const int err = errno;
    const std::string msg =
        absl::StrCat("cannot write '", path, "': ", std::strerror(err));
    if (err == ENOENT || err == ENOTDIR) return absl::NotFoundError(msg);
    if (err == EACCES || err == EPERM || err == EROFS) {
      return absl::PermissionDeniedError(msg);
    }
    return absl::InternalError(msg);
  }
  return CairoFileSink(f, path);
}

CairoFileSink::CairoFileSink(CairoFileSink&& other) noexcept
    : file_(std::exchange(other.file_, nullptr)),
      path_(std::move(other.path_)),
      write_errno_(other.write_errno_) {}

CairoFileSink::~CairoFileSink() {
  if (file_ != nullptr) std::fclose(file_);
}

cairo_status_t CairoFileSink::Write(void* closure, const unsigned char* data,
                                    unsigned int length) {
  auto* sink = static_cast<CairoFileSink*>(closure);
  if (sink->file_ == nullptr) return CAIRO_STATUS_WRITE_ERROR;
  if (std::fwrite(data, 1, length, sink->file_) != length) {
    sink->write_errno_ = errno != 0 ? errno : EIO;
    return CAIRO_STATUS_WRITE_ERROR;
  }
  return CAIRO_STATUS_SUCCESS;
}

absl::Status CairoFileSink::Close() {
  if (file_ == nullptr) return absl::OkStatus();
  const int rc = std::fclose(std::exchange(file_, nullptr));
  if (write_errno_ == 0 && rc != 0) write_errno_ = errno;
  if (write_errno_ != 0) {
    return absl::InternalError(absl::StrCat(
        "cannot write '", path_, "': ", std::strerror(write_errno_)));
  }
  return absl::OkStatus();
}

absl::Status WriteGridImage(const Grid& puzzle, const Grid* solution,
                            const std::string& path, ImageFormat format,
                            const GridImageOptions& options) {
  SUDOKU_RETURN_IF_ERROR(options.Validate());
  const Shape& shape = puzzle.shape();
  if (solution != nullptr && &solution->shape() != &shape) {
    return absl::InvalidArgumentError(
        absl::StrCat("solution is ", solution->shape().name(),
                     " but the puzzle is ", shape.name()));
  }
  const int n = shape.size();
  double cell =
      options.cell_size > 0 ? options.cell_size : std::max(18.0, 360.0 / n);
  double margin = cell * options.margin_fraction;
  GridStyle style = options.style;
  double offset = 0;
  if (format == ImageFormat::kPng) {
    // Crisp pixels: whole-pixel cells, lines at least one pixel wide and
    // centred on pixel centres (a 1-pixel line on a pixel edge would smear
    // into two half-grey columns).
    cell = std::max(4.0, std::round(cell));
    margin = std::round(margin);
    style.min_thin_line = std::max(style.min_thin_line, 1.0);
    style.max_thin_line = std::max(style.max_thin_line, 1.0);
    offset = 0.5;
  }
  const double side = cell * n + 2 * margin;
  const GridBox box{margin + offset, margin + offset, cell * n};

  SUDOKU_ASSIGN_OR_RETURN(CairoFileSink sink, CairoFileSink::Open(path));
  cairo_surface_t* surface = nullptr;
  switch (format) {
    case ImageFormat::kPdf:
      surface = cairo_pdf_surface_create_for_stream(&CairoFileSink::Write,
                                                    &sink, side, side);
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR,
                                     "Sudoku Forge");
      break;
    case ImageFormat::kSvg:
      surface = cairo_svg_surface_create_for_stream(&CairoFileSink::Write,
                                                    &sink, side, side);
      break;
    case ImageFormat::kPng: {
      const int px = static_cast<int>(side + 0.5);
      surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, px, px);
      break;
    }
  }
  cairo_t* cr = cairo_create(surface);
  if (format == ImageFormat::kPng) {
    // A white page, so the PNG looks the same on dark web pages.
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
  }
  DrawGrid(cr, puzzle, solution, box, style);
  absl::Status status = CairoStatus(cairo_status(cr), "drawing");
  cairo_destroy(cr);
  if (format == ImageFormat::kPng && status.ok()) {
    status = CairoStatus(cairo_surface_write_to_png_stream(
                             surface, &CairoFileSink::Write, &sink),
                         absl::StrCat("writing '", path, "'"));
  }
  cairo_surface_finish(surface);
  if (status.ok()) {
    status = CairoStatus(cairo_surface_status(surface),
                         absl::StrCat("writing '", path, "'"));
  }
  cairo_surface_destroy(surface);
  absl::Status closed = sink.Close();
  if (!closed.ok()) return closed;  // errno's reason beats cairo's
  return status;
}

}  // namespace sudoku
