// sudoku-forge render: one grid as a PDF, SVG or PNG file (for web pages
// and print), optionally with its solution in grey.
#include <iostream>
#include <memory>
#include <optional>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "render/grid_render.h"
#include "solvers/solver.h"

ABSL_FLAG(bool, solution, false,
          "Also draw the solution: givens bold, the other digits grey");
ABSL_FLAG(double, cell_size, 0,
          "Cell side in points (PDF, SVG) or pixels (PNG); 0 = 40 for 9x9, "
          "max(18, 360/N) in general");

namespace sudoku::cli {
namespace {

int RunRenderImpl(const CommandArgs& args) {
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty())
    return UsageError("render", "--out=FILE.svg|.png|.pdf is required");
  absl::StatusOr<ImageFormat> format = ImageFormatFromPath(out);
  if (!format.ok())
    return UsageError("render", std::string(format.status().message()));
  GridImageOptions image_options;
  image_options.cell_size = absl::GetFlag(FLAGS_cell_size);
  if (absl::Status s = image_options.Validate(); !s.ok()) {
    return UsageError("render", absl::StrCat("--cell-size: ", s.message()));
  }
  if (args.positional.size() != 1) {
    return UsageError("render",
                      "expected one PUZZLE (a puzzle, a file, or - for stdin)");
  }
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("render", std::string(options.status().message()));
  absl::StatusOr<std::vector<InputPuzzle>> inputs =
      ReadInputs(args.positional, *options);
  if (!inputs.ok())
    return UsageError("render", std::string(inputs.status().message()));
  if (inputs->size() != 1) {
    return UsageError(
        "render", absl::StrCat(args.positional[0], " holds ", inputs->size(),
                               " puzzles; render draws exactly one"));
  }
  const InputPuzzle& input = (*inputs)[0];
  if (!input.grid.ok()) {
    std::cerr << input.where() << ": " << input.grid.status().message() << "\n";
    return kExitBadPuzzle;
  }
  std::optional<Grid> solution;
  if (absl::GetFlag(FLAGS_solution)) {
    absl::StatusOr<std::unique_ptr<Solver>> solver = MakeSolver("backtrack");
    if (!solver.ok())
      return UsageError("render", std::string(solver.status().message()));
    SolveLimits limits;
    limits.max_solutions = 2;
    SolveResult result = (*solver)->Solve(*input.grid, limits);
    if (result.num_solutions != 1 || result.limit_hit) {
      std::cerr << input.where() << ": "
                << (result.num_solutions == 0
                        ? "no solution"
                        : "several solutions; --solution needs one")
                << "\n";
      return kExitBadPuzzle;
    }
    solution = result.solutions[0];
  }
  absl::Status written =
      WriteGridImage(*input.grid, solution ? &*solution : nullptr, out, *format,
                     image_options);
  if (!written.ok())
    return UsageError("render", std::string(written.message()));
  return kExitOk;
}

// Frees the font caches on every path out, so the process exits clean
// under LeakSanitizer.
int RunRender(const CommandArgs& args) {
  const int rc = RunRenderImpl(args);
  ReleaseFontCaches();
  return rc;
}

}  // namespace

Command RenderCommand() {
  return {
      "render",
      "draw one grid as an SVG, PNG or PDF file",
      "Usage: sudoku-forge render PUZZLE --out=FILE.svg|FILE.png|FILE.pdf\n"
      "       [--shape=RxC] [--solution] [--cell-size=PT]\n"
      "PUZZLE is a puzzle string, a file holding one puzzle, or - (stdin).\n"
      "The format follows the extension: vector PDF and SVG, or a PNG with\n"
      "whole-pixel cells. Thin lines between cells, thick ones between boxes;\n"
      "givens bold; with --solution the solved digits are grey.",
      {"out", "shape", "solution", "cell_size"},
      &RunRender};
}

}  // namespace sudoku::cli
