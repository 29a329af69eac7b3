//===- Watchdog.h - Interrupts a solver check past its deadline -*- C++ -*-===//
//
// Z3's own `timeout` parameter starts a timer per check that can deadlock
// in the 4.8 series (seen under fuzzing); one thread per Z3 context that
// calls Z3_interrupt does not. The watchdog knows nothing of Z3: it calls
// the `interrupt` it was given.
//
//   Watchdog dog{[&] { Z3_interrupt(ctx); }};
//   dog.arm(2000);    // before a check
//   solver.check();
//   dog.disarm();     // after it, on every path
//
// Arming and disarming only take an uncontended lock: while checks keep
// coming the thread polls the deadline every few milliseconds instead of
// being woken twice per check (two futex calls and two context switches,
// which cost more than a small check). After a while without checks it
// sleeps until the next arm wakes it. A check is interrupted at most one
// polling period after its deadline.
//
// The thread has a small stack (it only calls `interrupt`): under a memory
// limit a default 8 MB stack may not fit. When no thread can be started,
// arm() says so and the caller gives up on the check rather than run it
// without a time limit.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_WATCHDOG_H
#define SYMSHAPE_SOLVER_WATCHDOG_H

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <pthread.h>

namespace symshape::solver {

class Watchdog {
public:
  explicit Watchdog(std::function<void()> interrupt)
      : interrupt(std::move(interrupt)) {}
  ~Watchdog();
  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;

  /// Arms the watchdog for one check of at most `ms` milliseconds; false
  /// (and not armed) when its thread cannot be started (out of memory).
  [[nodiscard]] bool arm(unsigned ms);
  void disarm();

private:
  void run();
  /// Starts the thread (under `mutex`); false when it cannot.
  bool start();

  /// Polls without a check before the thread sleeps until the next arm.
  static constexpr unsigned kIdlePolls = 50;
  /// The thread's stack.
  static constexpr size_t kStackBytes = size_t(256) << 10;

  std::function<void()> interrupt;
  std::mutex mutex;
  std::condition_variable wake;
  pthread_t thread{};
  bool started = false;
  std::chrono::steady_clock::time_point deadline;
  std::chrono::milliseconds period{10};
  bool armed = false, stopping = false, sleeping = false;
};

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_WATCHDOG_H
