// libFuzzer target: the JSON request bodies of the rating service
// (POST /api/v1/rate, /explain: PuzzleRequest; /hint: HintRequest), read by
// the functions the server calls (service/request.h), then the puzzle in
// its shape and, for a hint, the pencil marks. A puzzle that reads prints
// back to a line that reads as the same grid.
//
// Input: [which message byte] BODY.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "bank/hint.h"
#include "core/format.h"
#include "service/request.h"
#include "storage/service.pb.h"

namespace {

void CheckPuzzle(const std::string& text, const std::string& shape,
                 const std::string* pencil) {
  auto grid = sudoku::service::ParseRequestPuzzle(text, shape);
  if (!grid.ok()) return;
  sudoku::ParseOptions again;
  again.shape = &grid->shape();
  auto back = sudoku::ParseGrid(sudoku::ToLine(*grid), again);
  if (!back.ok() || !(*back == *grid)) std::abort();
  if (pencil != nullptr)
    (void)sudoku::bank::ParsePencilMarks(*pencil, grid->shape());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const bool hint = (data[0] & 1) != 0;
  const std::string body(reinterpret_cast<const char*>(data + 1), size - 1);
  if (hint) {
    sudoku::HintRequest request;
    const std::string error = sudoku::service::ParseRequestJson(body, request);
    if (!error.empty()) return 0;
    CheckPuzzle(request.puzzle(), request.shape(), &request.pencil());
  } else {
    sudoku::PuzzleRequest request;
    const std::string error = sudoku::service::ParseRequestJson(body, request);
    if (!error.empty()) return 0;
    CheckPuzzle(request.puzzle(), request.shape(), nullptr);
  }
  return 0;
}
