#include "cli/json.h"

#include <memory>

#include "google/protobuf/descriptor.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/type_resolver_util.h"

namespace sudoku::cli {

std::string ToJson(const google::protobuf::Message& message) {
  // MessageToJsonString serialises maps in the order of protobuf's hash map,
  // whose seed changes from run to run, so two runs printed the keys of
  // e.g. technique_counts in different orders. A deterministic binary
  // serialisation writes map entries sorted by key; converting that to JSON
  // gives byte-stable output (otherwise what MessageToJsonString does).
  std::string binary;
  {
    google::protobuf::io::StringOutputStream stream(&binary);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    if (!message.SerializeToCodedStream(&coded))
      return "{\"error\": \"json serialisation failed\"}";
  }
  // Our messages come from the generated pool.
  static constexpr char kUrlPrefix[] = "type.googleapis.com";
  const std::unique_ptr<google::protobuf::util::TypeResolver> resolver(
      google::protobuf::util::NewTypeResolverForDescriptorPool(
          kUrlPrefix, message.GetDescriptor()->file()->pool()));
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  std::string out;
  // Serialising a well-formed message cannot fail; an error would be a bug
  // in our message definitions, so report it in the output itself.
  auto status = google::protobuf::util::BinaryToJsonString(
      resolver.get(),
      std::string(kUrlPrefix) + "/" + message.GetDescriptor()->full_name(),
      binary, &out, options);
  if (!status.ok()) return "{\"error\": \"json serialisation failed\"}";
  return out;
}

}  // namespace sudoku::cli
