#include "cli/progress.h"

#include <unistd.h>

#include <cstdio>

#include "absl/strings/str_format.h"

namespace sudoku::cli {

Progress::Progress(std::string what, int64_t total)
    : what_(std::move(what)),
      total_(total),
      enabled_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

Progress::~Progress() {
  if (enabled_) std::fprintf(stderr, "\r\033[K");
}

void Progress::Add(int64_t n) {
  const int64_t done = done_.fetch_add(n) + n;
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(mu_, std::try_to_lock);
  if (!lock.owns_lock()) return;
  if (now - last_draw_ < std::chrono::milliseconds(100) && done != total_)
    return;
  last_draw_ = now;
  Draw(done);
}

void Progress::Draw(int64_t done) {
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
          .count();
  const double rate = secs > 0 ? static_cast<double>(done) / secs : 0;
  std::string line = absl::StrFormat("%s: %d", what_, done);
  if (total_ > 0) {
    line += absl::StrFormat(
        "/%d (%.1f%%)", total_,
        100.0 * static_cast<double>(done) / static_cast<double>(total_));
  }
  line += absl::StrFormat("  %.1f/s", rate);
  if (total_ > 0 && rate > 0) {
    const double eta = static_cast<double>(total_ - done) / rate;
    line += absl::StrFormat("  ETA %dm%02ds", static_cast<int>(eta) / 60,
                            static_cast<int>(eta) % 60);
  }
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
}

}  // namespace sudoku::cli
