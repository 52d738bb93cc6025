#include <csignal>

#include "cli/generator_flags.h"

namespace sudoku::cli {
namespace {

std::atomic<bool> g_interrupted{false};
struct sigaction g_previous_action;

extern "C" void OnInterrupt(int) {
  g_interrupted.store(true);
  // A second Ctrl-C kills the process the usual way.
  std::signal(SIGINT, SIG_DFL);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  g_interrupted.store(false);
  struct sigaction action = {};
  action.sa_handler = OnInterrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &g_previous_action);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &g_previous_action, nullptr);
}

const std::atomic<bool>* InterruptGuard::flag() const { return &g_interrupted; }

bool InterruptGuard::interrupted() const { return g_interrupted.load(); }

}  // namespace sudoku::cli
