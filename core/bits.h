// Bit counting for the hot loops. Builds for baseline x86-64 have no POPCNT
// instruction, so std::popcount becomes a call into libgcc; this inline SWAR
// count is cheaper there (about 6 % of the generator's time in the band
// kernel's search, and the column ordering of the Nishio DAG).
#ifndef SUDOKU_CORE_BITS_H_
#define SUDOKU_CORE_BITS_H_

#include <cstdint>

namespace sudoku {

inline int Popcount(uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return static_cast<int>((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

}  // namespace sudoku

#endif  // SUDOKU_CORE_BITS_H_
