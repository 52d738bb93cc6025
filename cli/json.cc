#include "cli/json.h"

#include "google/protobuf/util/json_util.h"

namespace sudoku::cli {

std::string ToJson(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  std::string out;
  // Serialising a well-formed message cannot fail; an error would be a bug
  // in our message definitions, so report it in the output itself.
  auto status =
      google::protobuf::util::MessageToJsonString(message, &out, options);
  if (!status.ok()) return "{\"error\": \"json serialisation failed\"}";
  return out;
}

}  // namespace sudoku::cli
