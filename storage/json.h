// Printing protobuf messages as one-line JSON: protobuf's JSON mapping with
// the proto field names, as every --json output of the CLI (and every
// answer of a front end over the same messages) promises. Map fields come
// out with their keys sorted, so the same message prints the same bytes on
// every run.
#ifndef SUDOKU_STORAGE_JSON_H_
#define SUDOKU_STORAGE_JSON_H_

#include <cstdint>
#include <string>

#include "absl/strings/ascii.h"
#include "google/protobuf/generated_enum_reflection.h"
#include "google/protobuf/message.h"

namespace sudoku {

// Clamps a count into a uint32 field of an output message.
inline uint32_t SaturateToUint32(int64_t v) {
  return v > int64_t{UINT32_MAX} ? UINT32_MAX
                                 : static_cast<uint32_t>(v < 0 ? 0 : v);
}

std::string ToJson(const google::protobuf::Message& message);

// A verdict in text output (README "Verdict words"): the name the JSON
// output prints for the proto enum value, in lower case ("multiple",
// "none", "out_of_time", ...), so text and JSON share one vocabulary.
template <typename Enum>
std::string VerdictText(Enum value) {
  const google::protobuf::EnumValueDescriptor* v =
      google::protobuf::GetEnumDescriptor<Enum>()->FindValueByNumber(value);
  return v == nullptr ? "unknown" : absl::AsciiStrToLower(v->name());
}

}  // namespace sudoku

#endif  // SUDOKU_STORAGE_JSON_H_
