// serve-load: the HTTP load client of scripts/bench-serve. Sends every
// request of a file once, over N keep-alive connections (one thread each),
// to a server on 127.0.0.1, and prints per request its index, HTTP status
// (-1 = no answer) and latency in seconds. The statistics are the script's.
//
// A client in C++ (cpp-httplib's, as the server) rather than Python's
// http.client: the Python client's per-request CPU time and its global
// lock capped bank-served throughput below what the server answers, on the
// same two cores.
//
// Usage: serve-load PORT CONCURRENCY REQUESTS_FILE
// REQUESTS_FILE: one request a line, "METHOD PATH BODY" (BODY may be
// empty; it is sent as application/json).
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Request {
  std::string method, path, body;
};

// The requests of `path`; false (with a message) on a malformed line.
bool ReadRequests(const char* path, std::vector<Request>* out) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "serve-load: cannot read " << path << "\n";
    return false;
  }
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    const size_t a = line.find(' ');
    const size_t b = a == std::string::npos ? a : line.find(' ', a + 1);
    if (b == std::string::npos) {
      std::cerr << "serve-load: " << path << " line " << number
                << ": expected 'METHOD PATH BODY'\n";
      return false;
    }
    out->push_back(
        {line.substr(0, a), line.substr(a + 1, b - a - 1), line.substr(b + 1)});
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: serve-load PORT CONCURRENCY REQUESTS_FILE\n";
    return 2;
  }
  const int port = std::atoi(argv[1]);
  const int concurrency = std::atoi(argv[2]);
  std::vector<Request> requests;
  if (port <= 0 || concurrency <= 0) {
    std::cerr << "serve-load: PORT and CONCURRENCY must be positive\n";
    return 2;
  }
  if (!ReadRequests(argv[3], &requests)) return 2;
  std::vector<int> status(requests.size(), 0);
  std::vector<double> seconds(requests.size(), 0);
  std::atomic<size_t> next{0};
  using Clock = std::chrono::steady_clock;
  auto client = [&] {
    httplib::Client c("127.0.0.1", port);
    c.set_keep_alive(true);
    c.set_tcp_nodelay(true);
    c.set_read_timeout(120, 0);
    for (size_t i = next.fetch_add(1); i < requests.size();
         i = next.fetch_add(1)) {
      const Request& r = requests[i];
      const Clock::time_point t0 = Clock::now();
      httplib::Result answer =
          r.method == "GET"
              ? c.Get(r.path.c_str())
              : c.Post(r.path.c_str(), r.body, "application/json");
      seconds[i] = std::chrono::duration<double>(Clock::now() - t0).count();
      status[i] = answer ? answer->status : -1;
    }
  };
  std::vector<std::thread> threads;
  const Clock::time_point start = Clock::now();
  for (int t = 0; t < concurrency; ++t) threads.emplace_back(client);
  for (std::thread& t : threads) t.join();
  const double wall =
      std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("wall %.6f\n", wall);
  for (size_t i = 0; i < requests.size(); ++i)
    std::printf("%zu %d %.6f\n", i, status[i], seconds[i]);
  return 0;
}
