// libFuzzer target: the puzzle reader (core/format.h) on any bytes, with the
// shape inferred and forced, givens checked or not. A record is either an
// error or a grid that prints back to a line the reader reads again as the
// same grid.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/format.h"
#include "core/shape.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  // The first byte picks the options; the rest is the text.
  const uint8_t pick = data[0];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  sudoku::ParseOptions options;
  options.check_givens = (pick & 1) != 0;
  if ((pick & 2) != 0) {
    static const char* const kShapes[] = {"2x2", "2x3", "3x2", "3x3",
                                          "3x4", "4x4", "5x5"};
    auto shape = sudoku::Shape::FromSpec(kShapes[(pick >> 2) % 7]);
    if (shape.ok()) options.shape = *shape;
  }
  for (const sudoku::PuzzleRecord& r : sudoku::ParsePuzzles(text, options)) {
    if (!r.grid.ok()) continue;
    const std::string line = sudoku::ToLine(*r.grid);
    sudoku::ParseOptions again = options;
    again.shape = &r.grid->shape();
    auto back = sudoku::ParseGrid(line, again);
    if (!back.ok() || sudoku::ToLine(*back) != line) std::abort();
  }
  (void)sudoku::ParseGrid(text, options);
  return 0;
}
