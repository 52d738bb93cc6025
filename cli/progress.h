// A progress line (count, rate, ETA) on standard error for long jobs. It
// draws only when stderr is a terminal, so piped and CI runs stay quiet.
// Thread-safe: workers call Add() concurrently.
#ifndef SUDOKU_CLI_PROGRESS_H_
#define SUDOKU_CLI_PROGRESS_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace sudoku::cli {

class Progress {
 public:
  // `total` <= 0 means unknown (no percentage or ETA).
  Progress(std::string what, int64_t total);
  ~Progress();  // clears the line
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void Add(int64_t n = 1);
  bool enabled() const { return enabled_; }

 private:
  void Draw(int64_t done);

  const std::string what_;
  const int64_t total_;
  const bool enabled_;
  const std::chrono::steady_clock::time_point start_;
  std::atomic<int64_t> done_{0};
  std::mutex mu_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_PROGRESS_H_
