#include "core/hash.h"

#include "absl/strings/str_format.h"

namespace sudoku {

std::string HashHex64(uint64_t h) { return absl::StrFormat("%016x", h); }

std::string HashHex32(uint64_t h) {
  return absl::StrFormat("%08x", static_cast<uint32_t>(h ^ (h >> 32)));
}

}  // namespace sudoku
