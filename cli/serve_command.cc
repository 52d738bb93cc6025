// sudoku-forge serve: the rating service (service/server.h) on HTTP, with
// the page at `/`. Flags -> one library call; SIGTERM or SIGINT stops it
// after the requests in flight are answered and the bank is closed.
#include <algorithm>
#include <atomic>
#include <csignal>
#include <iostream>
#include <string>
#include <thread>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_split.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "service/server.h"

ABSL_DECLARE_FLAG(double, max_seconds);
ABSL_DECLARE_FLAG(int64_t, max_nodes);
ABSL_DECLARE_FLAG(bool, no_stochastic);

ABSL_FLAG(std::string, host, "127.0.0.1",
          "serve: address to listen on (0.0.0.0 = every interface)");
ABSL_FLAG(int, port, 8080, "serve: TCP port (0 = any free port)");
ABSL_FLAG(int, threads, 0,
          "serve: compute workers (0 = the machine's hardware concurrency, "
          "the default)");
ABSL_FLAG(int, express_threads, -1,
          "serve: workers that run only light requests (puzzles the exact "
          "search settles in a few nodes), so they do not wait behind hard "
          "ones (-1 = as many as --threads, the default; 0 = none)");
ABSL_FLAG(int, queue, 16,
          "serve: requests that may wait for a worker (more get 503)");
ABSL_FLAG(int64_t, max_body, 64 * 1024, "serve: largest request body (bytes)");
ABSL_FLAG(std::string, shapes, "",
          "serve: box shapes served, e.g. 3x3,2x3 (empty = all)");
ABSL_FLAG(std::string, cors_origin, "",
          "serve: origin allowed to call the API from a browser (empty = "
          "none)");
ABSL_FLAG(int, timeout, 10,
          "serve: seconds a client may take to send a request or read the "
          "answer");
ABSL_FLAG(bool, quiet, false, "serve: no log line per request");

namespace sudoku::cli {
namespace {

std::atomic<bool> g_stop{false};

extern "C" void OnStopSignal(int) { g_stop.store(true); }

int RunServe(const CommandArgs& args) {
  if (!args.positional.empty())
    return UsageError("serve", "takes no arguments, only flags");
  service::ServerOptions options;
  options.service.db_path = absl::GetFlag(FLAGS_db);
  options.service.workers = absl::GetFlag(FLAGS_threads);
  if (options.service.workers == 0) {
    options.service.workers =
        std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  }
  options.service.express_workers = absl::GetFlag(FLAGS_express_threads);
  if (options.service.express_workers < 0)
    options.service.express_workers = options.service.workers;
  options.service.queue = absl::GetFlag(FLAGS_queue);
  options.service.stochastic = !absl::GetFlag(FLAGS_no_stochastic);
  if (absl::GetFlag(FLAGS_max_seconds) > 0)
    options.service.max_seconds = absl::GetFlag(FLAGS_max_seconds);
  if (absl::GetFlag(FLAGS_max_nodes) > 0)
    options.service.max_nodes = absl::GetFlag(FLAGS_max_nodes);
  const absl::StatusOr<int64_t> top_work = TopWorkFlag();
  if (!top_work.ok())
    return UsageError("serve", std::string(top_work.status().message()));
  options.service.top_work = *top_work;
  for (absl::string_view s :
       absl::StrSplit(absl::GetFlag(FLAGS_shapes), ',', absl::SkipEmpty()))
    options.service.shapes.emplace_back(s);
  options.host = absl::GetFlag(FLAGS_host);
  options.port = absl::GetFlag(FLAGS_port);
  if (absl::GetFlag(FLAGS_max_body) < 1)
    return UsageError("serve", "--max-body must be at least 1");
  options.max_body = static_cast<size_t>(absl::GetFlag(FLAGS_max_body));
  options.cors_origin = absl::GetFlag(FLAGS_cors_origin);
  if (absl::GetFlag(FLAGS_timeout) < 1)
    return UsageError("serve", "--timeout must be at least 1");
  options.read_timeout_seconds = absl::GetFlag(FLAGS_timeout);
  options.write_timeout_seconds = absl::GetFlag(FLAGS_timeout);
  options.log = !absl::GetFlag(FLAGS_quiet);

  g_stop.store(false);
  struct sigaction action = {};
  action.sa_handler = OnStopSignal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGINT, &action, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
  const absl::Status served = service::Serve(
      options,
      [&](int port) {
        std::cout << "http://" << options.host << ":" << port << "/"
                  << std::endl;
        std::cerr << "serve: listening on " << options.host << ":" << port
                  << (options.service.db_path.empty()
                          ? std::string(", no bank")
                          : ", bank " + options.service.db_path)
                  << "\n";
      },
      &g_stop);
  if (!served.ok()) {
    std::cerr << "sudoku-forge serve: " << served.message() << "\n";
    return kExitUsage;
  }
  std::cerr << "serve: stopped; bank closed\n";
  return kExitOk;
}

}  // namespace

Command ServeCommand() {
  return {
      "serve",
      "the rating service: JSON API under /api/v1/ and a page at /",
      "Usage: sudoku-forge serve [--db=PATH] [--host=127.0.0.1] "
      "[--port=8080]\n"
      "       [--threads=N] [--express-threads=N] [--queue=N] "
      "[--max-body=BYTES] "
      "[--shapes=RxC,...]\n"
      "       [--max-seconds=S] [--max-nodes=N] [--timeout=S] "
      "[--cors-origin=ORIGIN]\n"
      "       [--no-stochastic] [--quiet]\n"
      "Serves POST /api/v1/rate, /api/v1/explain, /api/v1/hint; GET\n"
      "/api/v1/generate, /api/v1/puzzles/KEY, /api/v1/render, /healthz,\n"
      "/metrics, and the page at /. Prints the URL (with the bound port) on\n"
      "standard output, one log line per request on standard error.\n"
      "Submitted puzzles are stored in --db (source 'submission'); --db= "
      "(empty)\n"
      "runs without a bank. --max-seconds (default 10) bounds the wait for "
      "an\n"
      "answer, --max-nodes (default 2000000) the uniqueness search before "
      "any\n"
      "rating. SIGTERM answers the requests in flight, then closes the "
      "bank.\n"
      "--threads (default 0 = the machine's hardware concurrency) sets the "
      "compute\n"
      "workers; --express-threads (default: as many) more workers that run "
      "only\n"
      "light requests (puzzles the exact search settles in a few nodes), so "
      "an\n"
      "ordinary puzzle does not wait behind hard ones.",
      {"db", "host", "port", "threads", "express_threads", "queue", "max_body",
       "shapes", "max_seconds", "max_nodes", "top_work", "timeout",
       "cors_origin", "no_stochastic", "quiet"},
      &RunServe};
}

}  // namespace sudoku::cli
