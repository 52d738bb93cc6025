#include "service/server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <chrono>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <thread>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "render/grid_render.h"
#include "service/page_files.h"

namespace sudoku::service {
namespace {

using Clock = std::chrono::steady_clock;

// When the request being answered on this thread was routed (httplib
// answers a request on one thread, routing to logger); unset for requests
// refused before routing.
thread_local Clock::time_point t_routed;
thread_local bool t_has_routed = false;
// The latency measured when the answer was ready (-1 = unknown).
thread_local double t_seconds = -1;

// The endpoint label of a path, for metrics (bounded set of values).
std::string EndpointOf(const std::string& path) {
  static const char* const kApi[] = {"rate",     "explain", "hint",
                                     "generate", "puzzles", "render"};
  for (const char* name : kApi) {
    const std::string prefix = absl::StrCat("/api/v1/", name);
    if (path == prefix || absl::StartsWith(path, prefix + "/")) return name;
  }
  if (path == "/healthz") return "healthz";
  if (path == "/metrics") return "metrics";
  for (const PageFile& f : kPageFiles) {
    if (path == f.path) return "page";
  }
  return "other";
}

void Send(httplib::Response& res, const Answer& a) {
  res.status = a.status;
  res.set_content(a.body, a.content_type.c_str());
  if (a.retry_after > 0)
    res.set_header("Retry-After", std::to_string(a.retry_after));
  if (!a.canonical_key.empty())
    res.set_header("X-Canonical-Key", a.canonical_key);
}

std::map<std::string, std::string> QueryParams(const httplib::Request& req) {
  std::map<std::string, std::string> out;
  for (const auto& [name, value] : req.params) out[name] = value;
  return out;
}

// The JSON body of an error that httplib produced itself (no route, body
// too large, unreadable request).
std::string BuiltInError(const httplib::Request& req, int status,
                         size_t max_body) {
  switch (status) {
    case 404:
      return absl::StrCat("no such endpoint: ", req.method, " ", req.path);
    case 413:
      return absl::StrCat("request body too large: more than ", max_body,
                          " bytes (--max-body)");
    case 400:
      return "malformed HTTP request";
    default:
      return absl::StrCat("HTTP status ", status);
  }
}

void Routes(httplib::Server& svr, Service& service,
            const ServerOptions& options) {
  for (const PageFile& f : kPageFiles) {
    const std::string body(f.data, f.size);
    const std::string type = f.type;
    svr.Get(f.path,
            [body, type](const httplib::Request&, httplib::Response& res) {
              res.set_content(body, type.c_str());
              res.set_header("Cache-Control", "no-cache");
            });
  }
  svr.Post("/api/v1/rate",
           [&service](const httplib::Request& req, httplib::Response& res) {
             Send(res, service.Rate(req.body));
           });
  svr.Post("/api/v1/explain",
           [&service](const httplib::Request& req, httplib::Response& res) {
             Send(res, service.Explain(req.body));
           });
  svr.Post("/api/v1/hint",
           [&service](const httplib::Request& req, httplib::Response& res) {
             Send(res, service.Hint(req.body));
           });
  svr.Get("/api/v1/generate",
          [&service](const httplib::Request& req, httplib::Response& res) {
            Send(res, service.Generate(QueryParams(req)));
          });
  svr.Get("/api/v1/render",
          [&service](const httplib::Request& req, httplib::Response& res) {
            Send(res, service.Render(QueryParams(req)));
          });
  svr.Get(R"(/api/v1/puzzles/([^/]+))",
          [&service](const httplib::Request& req, httplib::Response& res) {
            Send(res, service.Puzzle(req.matches[1]));
          });
  svr.Get("/healthz", [](const httplib::Request&, httplib::Response& res) {
    res.set_content("{\"status\":\"ok\"}", "application/json");
  });
  svr.Get("/metrics",
          [&service](const httplib::Request&, httplib::Response& res) {
            res.set_content(service.MetricsText(), "text/plain; version=0.0.4");
          });
  if (!options.cors_origin.empty()) {
    svr.Options(R"(/api/v1/.*)",
                [](const httplib::Request&, httplib::Response& res) {
                  res.status = 204;
                });
  }
}

void Hooks(httplib::Server& svr, Service& service,
           const ServerOptions& options) {
  svr.set_pre_routing_handler([](const httplib::Request&, httplib::Response&) {
    t_routed = Clock::now();
    t_has_routed = true;
    return httplib::Server::HandlerResponse::Unhandled;
  });
  // Runs after the error handler and before the answer is written, so the
  // metrics count a request before its client can see the answer.
  const std::string cors = options.cors_origin;
  svr.set_post_routing_handler([&service, cors](const httplib::Request& req,
                                                httplib::Response& res) {
    double seconds = -1;
    if (t_has_routed) {
      seconds = std::chrono::duration<double>(Clock::now() - t_routed).count();
    }
    t_seconds = seconds;
    service.metrics().Record(EndpointOf(req.path), res.status, seconds);
    res.set_header("X-Content-Type-Options", "nosniff");
    if (cors.empty()) return;
    res.set_header("Access-Control-Allow-Origin", cors);
    res.set_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
    res.set_header("Access-Control-Allow-Headers", "Content-Type");
    res.set_header("Vary", "Origin");
  });
  const size_t max_body = options.max_body;
  svr.set_error_handler([max_body](const httplib::Request& req,
                                   httplib::Response& res) {
    if (!res.body.empty()) return;  // an answer of ours
    Send(res, ErrorAnswer(res.status, BuiltInError(req, res.status, max_body),
                          res.status == 413 ? "body" : ""));
  });
  svr.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        Send(res, ErrorAnswer(500, "internal error"));
      });
  const bool log = options.log;
  svr.set_logger(
      [log](const httplib::Request& req, const httplib::Response& res) {
        const double seconds = t_seconds;
        t_has_routed = false;
        t_seconds = -1;
        if (!log) return;
        const std::string key = res.get_header_value("X-Canonical-Key");
        std::cerr << absl::StrFormat(
            "serve: %s %s %d %s%s\n", req.method, req.path, res.status,
            seconds < 0 ? std::string("-")
                        : absl::StrFormat("%.1fms", seconds * 1000),
            key.empty() ? "" : absl::StrCat(" key=", key));
      });
}

}  // namespace

absl::Status Serve(const ServerOptions& options,
                   const std::function<void(int port)>& on_bound,
                   const std::atomic<bool>* stop) {
  if (options.port < 0 || options.port > 65535)
    return absl::InvalidArgumentError("--port must be 0..65535");
  if (options.max_body < 1)
    return absl::InvalidArgumentError("--max-body must be at least 1");
  absl::StatusOr<std::unique_ptr<Service>> service =
      Service::Create(options.service);
  if (!service.ok()) return service.status();
  httplib::Server svr;
  // Enough HTTP threads that every worker and every queue slot can be
  // waited on while a few more connections get their 503 or /healthz.
  const size_t http_threads = static_cast<size_t>(
      options.service.workers + options.service.express_workers +
      options.service.queue + 8);
  svr.new_task_queue = [http_threads] {
    return new httplib::ThreadPool(http_threads);
  };
  // Headers and body go out in separate writes: without TCP_NODELAY the
  // body waits for the client's delayed ACK (40 ms on Linux).
  svr.set_tcp_nodelay(true);
  svr.set_payload_max_length(options.max_body);
  svr.set_read_timeout(options.read_timeout_seconds, 0);
  svr.set_write_timeout(options.write_timeout_seconds, 0);
  svr.set_keep_alive_timeout(5);
  svr.set_keep_alive_max_count(1000);
  Routes(svr, **service, options);
  Hooks(svr, **service, options);
  // httplib listens with a backlog of 5 (CPPHTTPLIB_LISTEN_BACKLOG, fixed
  // when Debian built the library): 32 clients connecting at once saw their
  // connections dropped and retried after a second, or failed. The
  // listening socket is taken here and listened on again with the system's
  // backlog once bound (Linux lets listen() change a listening socket's
  // backlog).
  int listen_fd = -1;
  svr.set_socket_options([&listen_fd](socket_t sock) {
    httplib::default_socket_options(sock);
    listen_fd = sock;
  });
  int port = options.port;
  if (port == 0) {
    port = svr.bind_to_any_port(options.host);
    if (port < 0) port = 0;
  } else if (!svr.bind_to_port(options.host, port)) {
    port = 0;
  }
  if (port == 0) {
    return absl::UnavailableError(
        absl::StrCat("cannot listen on ", options.host, ":", options.port,
                     " (address in use, or not an address of this machine)"));
  }
  // On failure the backlog stays httplib's: slower under a burst, not wrong.
  if (listen_fd >= 0) ::listen(listen_fd, SOMAXCONN);
  if (on_bound) on_bound(port);
  std::atomic<bool> done{false};
  std::thread watcher([&] {
    while (!done.load()) {
      if (stop != nullptr && stop->load() && svr.is_running()) {
        svr.stop();
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  // Returns after stop(): the listening socket is closed and the HTTP
  // thread pool has answered every request it had accepted.
  const bool clean = svr.listen_after_bind();
  done.store(true);
  watcher.join();
  (*service)->Shutdown();
  // Every Cairo surface is gone (render answers on the HTTP threads, which
  // have stopped): free the font caches, so LeakSanitizer sees none.
  ReleaseFontCaches();
  if (!clean && (stop == nullptr || !stop->load()))
    return absl::InternalError("the server stopped unexpectedly");
  return absl::OkStatus();
}

}  // namespace sudoku::service
