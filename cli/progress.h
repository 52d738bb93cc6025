// A progress line (count, rate, ETA) on standard error for long jobs, as
// --progress says (every command takes it):
//   tty    one line redrawn in place (\r) ten times a second;
//   plain  a new line every 5 s and one at the end, for the logs of batch
//          systems (Kubernetes, Slurm);
//   none   nothing;
//   auto   (default) tty when stderr is a terminal, else plain for a run
//          longer than 5 s (a short piped run prints nothing).
// Thread-safe: workers call Add() concurrently.
#ifndef SUDOKU_CLI_PROGRESS_H_
#define SUDOKU_CLI_PROGRESS_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

#include "absl/status/statusor.h"

namespace sudoku::cli {

enum class ProgressMode { kAuto, kTty, kPlain, kNone };

// The --progress flag; InvalidArgument naming the choices for a bad value.
absl::StatusOr<ProgressMode> ProgressModeFromFlag();

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
  std::string Line(int64_t done) const;

  const std::string what_;
  const int64_t total_;
  const ProgressMode mode_;    // kTty, kPlain or kNone once resolved
  const bool quiet_if_short_;  // auto on a pipe: nothing for a short run
  const bool enabled_;
  const std::chrono::steady_clock::time_point start_;
  std::atomic<int64_t> done_{0};
  std::mutex mu_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_PROGRESS_H_
