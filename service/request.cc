#include "service/request.h"

#include "absl/strings/str_cat.h"
#include "core/format.h"
#include "core/shape.h"
#include "google/protobuf/util/json_util.h"

namespace sudoku::service {

std::string ParseRequestJson(absl::string_view body,
                             google::protobuf::Message& message) {
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(body.data(), body.size()), &message,
      options);
  if (status.ok()) return "";
  return absl::StrCat("bad JSON request: ", status.message().as_string());
}

absl::StatusOr<Grid> ParseRequestPuzzle(const std::string& text,
                                        const std::string& shape) {
  ParseOptions parse;
  if (!shape.empty()) {
    absl::StatusOr<const Shape*> s = Shape::FromSpec(shape);
    if (!s.ok())
      return absl::InvalidArgumentError(
          absl::StrCat("shape: ", s.status().message()));
    parse.shape = *s;
  }
  if (text.empty())
    return absl::InvalidArgumentError("no puzzle given (field 'puzzle')");
  return ParseGrid(text, parse);
}

}  // namespace sudoku::service
