// Reproducible randomness. Every random choice in the project flows from an
// explicit uint64_t seed through std::mt19937_64 (whose output sequence the
// standard fixes) and our own range reduction: std::uniform_int_distribution
// differs between standard libraries and absl::BitGen is unseeded by design.
#ifndef SUDOKU_CORE_RNG_H_
#define SUDOKU_CORE_RNG_H_

#include <cstddef>
#include <cstdint>
#include <random>
#include <utility>

namespace sudoku {

using Rng = std::mt19937_64;

__extension__ using Uint128 = unsigned __int128;

// Uniform integer in [0, n), n >= 1. Lemire's multiply-shift with rejection:
// unbiased and identical on every platform.
inline uint64_t UniformInt(Rng& rng, uint64_t n) {
  Uint128 m = static_cast<Uint128>(rng()) * n;
  auto low = static_cast<uint64_t>(m);
  if (low < n) {
    const uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<Uint128>(rng()) * n;
      low = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

// Uniform double in [0, 1) with 53 random bits.
inline double UniformDouble(Rng& rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

// Fisher-Yates shuffle of a random-access range.
template <typename It>
void Shuffle(Rng& rng, It first, It last) {
  const auto n = static_cast<uint64_t>(last - first);
  for (uint64_t i = n; i > 1; --i) {
    const uint64_t j = UniformInt(rng, i);
    using std::swap;
    swap(first[static_cast<std::ptrdiff_t>(i - 1)],
         first[static_cast<std::ptrdiff_t>(j)]);
  }
}

// Derives an independent stream seed from a base seed and an index (for
// per-puzzle seeds that do not depend on thread scheduling): SplitMix64.
inline uint64_t DeriveSeed(uint64_t seed, uint64_t index) {
  uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (index + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace sudoku

#endif  // SUDOKU_CORE_RNG_H_
