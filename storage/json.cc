#include "storage/json.h"

#include <memory>

#include "google/protobuf/descriptor.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/type_resolver.h"
#include "google/protobuf/util/type_resolver_util.h"

namespace sudoku {

std::string ToJson(const google::protobuf::Message& message) {
  // The JSON printer reads the binary wire form, where map entries follow
  // the map's hash order unless serialised deterministically (keys sorted).
  std::string binary;
  {
    google::protobuf::io::StringOutputStream stream(&binary);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    message.SerializeToCodedStream(&coded);
  }
  const google::protobuf::Descriptor* descriptor = message.GetDescriptor();
  // Our messages are compiled in: one resolver over the generated pool
  // serves every call (it only reads the pool); another pool gets its own.
  static google::protobuf::util::TypeResolver* const generated =
      google::protobuf::util::NewTypeResolverForDescriptorPool(
          "type.googleapis.com",
          google::protobuf::DescriptorPool::generated_pool());
  std::unique_ptr<google::protobuf::util::TypeResolver> other;
  google::protobuf::util::TypeResolver* resolver = generated;
  if (descriptor->file()->pool() !=
      google::protobuf::DescriptorPool::generated_pool()) {
    other.reset(google::protobuf::util::NewTypeResolverForDescriptorPool(
        "type.googleapis.com", descriptor->file()->pool()));
    resolver = other.get();
  }
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  std::string out;
  // Serialising a well-formed message cannot fail; an error would be a bug
  // in our message definitions, so report it in the output itself.
  auto status = google::protobuf::util::BinaryToJsonString(
      resolver, "type.googleapis.com/" + descriptor->full_name(), binary, &out,
      options);
  if (!status.ok()) return "{\"error\": \"json serialisation failed\"}";
  return out;
}

}  // namespace sudoku
