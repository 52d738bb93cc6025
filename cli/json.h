// Printing protobuf messages as one-line JSON (protobuf's JSON mapping with
// the proto field names, as every --json output of the CLI promises).
#ifndef SUDOKU_CLI_JSON_H_
#define SUDOKU_CLI_JSON_H_

#include <string>

#include "google/protobuf/message.h"

namespace sudoku::cli {

std::string ToJson(const google::protobuf::Message& message);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_JSON_H_
