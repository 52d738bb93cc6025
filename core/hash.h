// The one string hash of the project: 64-bit FNV-1a. Generation seeds, run
// keys, fit ids and short puzzle ids all come from it, so keys that must
// agree across files do.
#ifndef SUDOKU_CORE_HASH_H_
#define SUDOKU_CORE_HASH_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace sudoku {

inline constexpr uint64_t kFnv1aOffsetBasis = 0xcbf29ce484222325ULL;

// FNV-1a (64 bits) of `text`, continuing from `h` (the offset basis starts a
// new hash; pass a previous result to hash a concatenation piecewise).
constexpr uint64_t Fnv1a(std::string_view text,
                         uint64_t h = kFnv1aOffsetBasis) {
  for (char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

// 16 hex digits of the whole hash.
std::string HashHex64(uint64_t h);
// 8 hex digits of the hash folded to 32 bits (h ^ h >> 32): fit ids and the
// short puzzle ids printed in books.
std::string HashHex32(uint64_t h);

}  // namespace sudoku

#endif  // SUDOKU_CORE_HASH_H_
