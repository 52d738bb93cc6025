// CandidateSet: the digits still possible in one cell, as a bit mask.
//
//   bit:    31 ... 25 24 23 ...  2  1  0
//   digit:   (unused) 25 24 ...  3  2  1      digit d lives in bit d-1
//
// N <= 25, so a uint32_t always suffices. Trivially copyable, constexpr.
#ifndef SUDOKU_CORE_CANDIDATE_SET_H_
#define SUDOKU_CORE_CANDIDATE_SET_H_

#include <bit>
#include <cassert>
#include <cstdint>

#include "core/bits.h"

namespace sudoku {

class CandidateSet {
 public:
  constexpr CandidateSet() = default;
  constexpr explicit CandidateSet(uint32_t bits) : bits_(bits) {}

  // All digits 1..n.
  static constexpr CandidateSet All(int n) {
    assert(n >= 1 && n <= 31);
    return CandidateSet((uint32_t{1} << n) - 1);
  }
  static constexpr CandidateSet Of(int digit) {
    return CandidateSet(uint32_t{1} << (digit - 1));
  }

  constexpr uint32_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int Count() const { return Popcount(bits_); }
  constexpr bool Contains(int digit) const {
    return (bits_ >> (digit - 1)) & 1u;
  }
  constexpr void Insert(int digit) { bits_ |= uint32_t{1} << (digit - 1); }
  constexpr void Erase(int digit) { bits_ &= ~(uint32_t{1} << (digit - 1)); }
  // The only digit, or 0 when the set does not hold exactly one.
  constexpr int Single() const {
    return std::has_single_bit(bits_) ? std::countr_zero(bits_) + 1 : 0;
  }
  // The smallest digit. REQUIRES: !empty().
  constexpr int Lowest() const { return std::countr_zero(bits_) + 1; }

  constexpr CandidateSet operator&(CandidateSet o) const {
    return CandidateSet(bits_ & o.bits_);
  }
  constexpr CandidateSet operator|(CandidateSet o) const {
    return CandidateSet(bits_ | o.bits_);
  }
  constexpr CandidateSet Without(CandidateSet o) const {
    return CandidateSet(bits_ & ~o.bits_);
  }
  constexpr CandidateSet& operator&=(CandidateSet o) {
    bits_ &= o.bits_;
    return *this;
  }
  constexpr CandidateSet& operator|=(CandidateSet o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr bool operator==(const CandidateSet&) const = default;

  // Iterates over the digits in increasing order: for (int d : set).
  class Iterator {
   public:
    constexpr explicit Iterator(uint32_t bits) : bits_(bits) {}
    constexpr int operator*() const { return std::countr_zero(bits_) + 1; }
    constexpr Iterator& operator++() {
      bits_ &= bits_ - 1;
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const {
      return bits_ != o.bits_;
    }

   private:
    uint32_t bits_;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  uint32_t bits_ = 0;
};

}  // namespace sudoku

#endif  // SUDOKU_CORE_CANDIDATE_SET_H_
