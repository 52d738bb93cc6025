// How the bank stores its protobuf blobs (ratings, traces, generation
// info): serialized deterministically, then deflated (zlib) with a preset
// dictionary of what every rating and generation record repeats (parameter
// names, the default ladder, feature and technique names), which takes a
// 9x9 rating from about 1.25 KB to about 0.2 KB (docs/STORAGE.md).
//
// Format: a blob that starts with byte 0x00 is compressed: 0x00, the
// dictionary version (1), then a raw deflate stream. Any other blob is the
// serialized message itself (a protobuf never starts with 0x00: field
// number 0 does not exist), so banks written before compression read as
// they are. Dictionaries are frozen once shipped; a better one is a new
// version.
#ifndef SUDOKU_STORAGE_BLOB_CODEC_H_
#define SUDOKU_STORAGE_BLOB_CODEC_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message_lite.h"

namespace sudoku {

// The stored form of `message` (compressed unless that is not smaller).
std::string EncodeBlob(const google::protobuf::MessageLite& message);

// The serialized message inside a stored blob. DataLoss for a corrupt
// stream or an unknown dictionary version.
absl::StatusOr<std::string> DecodeBlob(absl::string_view blob);

}  // namespace sudoku

#endif  // SUDOKU_STORAGE_BLOB_CODEC_H_
