// The HTTP front of the service (cpp-httplib): routes, limits on the
// connection (body size, read/write timeouts), CORS, one log line per
// request on stderr, /healthz, /metrics, and the page at `/`, whose files
// are compiled into the binary (service/page/, embedded at build time: no
// file is ever served from disk).
#ifndef SUDOKU_SERVICE_SERVER_H_
#define SUDOKU_SERVICE_SERVER_H_

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>

#include "absl/status/status.h"
#include "service/service.h"

namespace sudoku::service {

struct ServerOptions {
  ServiceOptions service;
  std::string host = "127.0.0.1";
  int port = 8080;              // 0 = an ephemeral port (reported to on_bound)
  size_t max_body = 64 * 1024;  // bytes; larger bodies get 413
  // Allowed origin for cross-site calls ("" = no CORS headers at all).
  std::string cors_origin;
  int read_timeout_seconds = 10;  // a slow client is dropped after this
  int write_timeout_seconds = 10;
  bool log = true;  // one line per request on stderr
};

// Serves until `*stop` becomes true (polled every 50 ms), then stops
// accepting, lets the requests in flight finish, runs the queued jobs and
// closes the bank. `on_bound(port)` runs once the socket is bound, before
// the first request is accepted. Errors: bad options, the bank's, or the
// address cannot be bound (Unavailable).
absl::Status Serve(const ServerOptions& options,
                   const std::function<void(int port)>& on_bound,
                   const std::atomic<bool>* stop);

}  // namespace sudoku::service

#endif  // SUDOKU_SERVICE_SERVER_H_
