#include "cli/progress.h"

#include <unistd.h>

#include <cstdio>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

ABSL_FLAG(std::string, progress, "auto",
          "Progress on stderr for long jobs: auto (tty on a terminal, else "
          "plain for runs over 5 s), tty (one line redrawn), plain (a line "
          "every 5 s and at the end, for batch-system logs) or none");

namespace sudoku::cli {
namespace {

constexpr auto kTtyInterval = std::chrono::milliseconds(100);
constexpr auto kPlainInterval = std::chrono::seconds(5);

ProgressMode Resolve(ProgressMode mode) {
  if (mode != ProgressMode::kAuto) return mode;
  return isatty(STDERR_FILENO) != 0 ? ProgressMode::kTty : ProgressMode::kPlain;
}

}  // namespace

absl::StatusOr<ProgressMode> ProgressModeFromFlag() {
  const std::string v = absl::GetFlag(FLAGS_progress);
  if (v == "auto") return ProgressMode::kAuto;
  if (v == "tty") return ProgressMode::kTty;
  if (v == "plain") return ProgressMode::kPlain;
  if (v == "none") return ProgressMode::kNone;
  return absl::InvalidArgumentError(absl::StrCat(
      "--progress must be auto, tty, plain or none, got '", v, "'"));
}

Progress::Progress(std::string what, int64_t total)
    : what_(std::move(what)),
      total_(total),
      mode_(Resolve(ProgressModeFromFlag().value_or(ProgressMode::kAuto))),
      quiet_if_short_(ProgressModeFromFlag().value_or(ProgressMode::kAuto) ==
                          ProgressMode::kAuto &&
                      mode_ == ProgressMode::kPlain),
      enabled_(mode_ != ProgressMode::kNone),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

Progress::~Progress() {
  if (mode_ == ProgressMode::kTty) std::fprintf(stderr, "\r\033[K");
}

void Progress::Add(int64_t n) {
  const int64_t done = done_.fetch_add(n) + n;
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(mu_, std::try_to_lock);
  if (!lock.owns_lock()) return;
  const bool last = done == total_;
  if (mode_ == ProgressMode::kPlain) {
    // The end is always logged, except a short run under auto.
    if (last && quiet_if_short_ && now - start_ < kPlainInterval) return;
    if (!last && now - last_draw_ < kPlainInterval) return;
  } else if (now - last_draw_ < kTtyInterval && !last) {
    return;
  }
  last_draw_ = now;
  Draw(done);
}

void Progress::Draw(int64_t done) {
  const std::string line = Line(done);
  if (mode_ == ProgressMode::kPlain) {
    std::fprintf(stderr, "%s\n", line.c_str());
  } else {
    std::fprintf(stderr, "\r\033[K%s", line.c_str());
  }
  std::fflush(stderr);
}

std::string Progress::Line(int64_t done) const {
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
  return line;
}

}  // namespace sudoku::cli
