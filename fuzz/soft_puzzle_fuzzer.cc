// libFuzzer target: soft-clue puzzles as `solve --soft` reads them
// (bank::ParseSoftText: the line form with {digits} and {d:w,...} cells,
// and the JSON form with "weights"), with the shape inferred or forced.
// A puzzle that reads prints back (ToSoftLine) to a line that reads again
// with the same hard clues and the same soft-clue cells.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "bank/stochastic_runs.h"
#include "core/shape.h"
#include "solvers/soft_puzzle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t pick = data[0];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const sudoku::Shape* shape = nullptr;
  if ((pick & 1) != 0) {
    static const char* const kShapes[] = {"2x2", "2x3", "3x2", "3x3", "4x4"};
    auto s = sudoku::Shape::FromSpec(kShapes[(pick >> 1) % 5]);
    if (s.ok()) shape = *s;
  }
  auto puzzles = sudoku::bank::ParseSoftText(text, shape);
  if (!puzzles.ok()) return 0;
  for (const sudoku::SoftPuzzle& p : *puzzles) {
    const std::string line = sudoku::ToSoftLine(p);
    auto back = sudoku::ParseSoftPuzzle(line, 1, &p.clues.shape());
    if (!back.ok()) continue;  // printed weights may round to another set
    if (!(back->clues == p.clues) || back->allowed != p.allowed) std::abort();
  }
  return 0;
}
