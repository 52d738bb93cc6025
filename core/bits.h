// Bit counting for the hot loops (candidate sets, the band kernel's search,
// the column ordering of the Nishio DAG). With the popcount instruction
// (-mpopcnt: CMake's SUDOKU_POPCNT, on by default where the CPU has it)
// std::popcount is that one instruction. A build for baseline x86-64 has
// none, and std::popcount becomes a call into libgcc; this inline SWAR count
// is cheaper there (about 6 % of the generator's time in the band kernel).
#ifndef SUDOKU_CORE_BITS_H_
#define SUDOKU_CORE_BITS_H_

#include <bit>
#include <cstdint>

namespace sudoku {

constexpr int Popcount(uint32_t x) {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
  return std::popcount(x);
#else
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return static_cast<int>((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
#endif
}

}  // namespace sudoku

#endif  // SUDOKU_CORE_BITS_H_
