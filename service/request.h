// Reading the service's request bodies: the JSON of a request message and
// the puzzle (with its optional shape) inside it. The functions the server
// calls (service.cc), in a file of their own so the fuzz target
// (fuzz/service_request_fuzzer.cc) runs the very same code without the
// HTTP layer, the bank or Cairo.
#ifndef SUDOKU_SERVICE_REQUEST_H_
#define SUDOKU_SERVICE_REQUEST_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid.h"
#include "google/protobuf/message.h"

namespace sudoku::service {

// Parses `body` into `message` (protobuf JSON mapping; unknown fields are
// an error). Returns "" on success, else the text of a 400 answer ("bad
// JSON request: ...").
std::string ParseRequestJson(absl::string_view body,
                             google::protobuf::Message& message);

// The puzzle `text` of a request (any format the CLI reads) in the box
// shape `shape` ("RxC"; "" = from the cell count). InvalidArgument naming
// the field, the line and the column otherwise.
absl::StatusOr<Grid> ParseRequestPuzzle(const std::string& text,
                                        const std::string& shape);

}  // namespace sudoku::service

#endif  // SUDOKU_SERVICE_REQUEST_H_
