#include "service/work_queue.h"

#include <atomic>
#include <condition_variable>
#include <mutex>

#include "gtest/gtest.h"

namespace sudoku::service {
namespace {

// A gate the jobs wait at until the test opens it.
struct Gate {
  std::mutex mu;
  std::condition_variable cv;
  bool open = false;
  int waiting = 0;
  void Wait() {
    std::unique_lock<std::mutex> lock(mu);
    ++waiting;
    cv.notify_all();
    cv.wait(lock, [this] { return open; });
  }
  void AwaitWaiting(int n) {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [&] { return waiting >= n; });
  }
  void Open() {
    std::lock_guard<std::mutex> lock(mu);
    open = true;
    cv.notify_all();
  }
};

TEST(WorkQueueTest, RefusesBeyondWorkersPlusCapacityAndRunsEveryAcceptedJob) {
  Gate gate;
  std::atomic<int> ran{0};
  WorkQueue queue(/*workers=*/2, /*express=*/0, /*capacity=*/1);
  auto job = [&](int) {
    gate.Wait();
    ran.fetch_add(1);
  };
  ASSERT_TRUE(queue.TrySubmit(job));
  ASSERT_TRUE(queue.TrySubmit(job));
  gate.AwaitWaiting(2);  // both workers busy
  EXPECT_EQ(queue.Busy(), 2);
  EXPECT_TRUE(queue.TrySubmit(job));  // waits in the queue
  EXPECT_EQ(queue.Depth(), 1);
  EXPECT_FALSE(queue.TrySubmit(job));  // full
  gate.Open();
  queue.Shutdown();  // drains
  EXPECT_EQ(ran.load(), 3);
  EXPECT_FALSE(queue.TrySubmit(job));  // after shutdown
}

TEST(WorkQueueTest, ZeroCapacityAcceptsOnlyWhatIdleWorkersTake) {
  Gate gate;
  WorkQueue queue(/*workers=*/1, /*express=*/0, /*capacity=*/0);
  ASSERT_TRUE(queue.TrySubmit([&](int worker) {
    EXPECT_EQ(worker, 0);
    gate.Wait();
  }));
  gate.AwaitWaiting(1);
  EXPECT_FALSE(queue.TrySubmit([](int) {}));
  gate.Open();
}

// A light job runs on an express worker while every ordinary worker is
// busy with a long job, and before ordinary jobs that wait; an express
// worker takes no ordinary job.
TEST(WorkQueueTest, LightJobsDoNotWaitBehindLongOnes) {
  Gate long_jobs;
  std::mutex mu;
  std::condition_variable cv;
  int light_ran_on = -1;
  bool ordinary_ran = false;
  WorkQueue queue(/*workers=*/1, /*express=*/1, /*capacity=*/2);
  ASSERT_TRUE(queue.TrySubmit([&](int) { long_jobs.Wait(); }));
  long_jobs.AwaitWaiting(1);  // the ordinary worker is busy
  ASSERT_TRUE(queue.TrySubmit([&](int) {
    std::lock_guard<std::mutex> lock(mu);
    ordinary_ran = true;
    cv.notify_all();
  }));
  ASSERT_TRUE(queue.TrySubmit(
      [&](int worker) {
        std::lock_guard<std::mutex> lock(mu);
        light_ran_on = worker;
        cv.notify_all();
      },
      /*light=*/true));
  {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [&] { return light_ran_on >= 0; });
    EXPECT_EQ(light_ran_on, 1);  // the express worker (index workers + 0)
    // The ordinary job still waits: the express worker does not take it.
    EXPECT_FALSE(ordinary_ran);
  }
  EXPECT_EQ(queue.Depth(), 1);
  long_jobs.Open();
  queue.Shutdown();
  EXPECT_TRUE(ordinary_ran);
}

}  // namespace
}  // namespace sudoku::service
