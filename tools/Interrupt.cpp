//===- Interrupt.cpp - Ctrl-C stops a run at once
//--------------------------===//

#include "Interrupt.h"

#include <csignal>
#include <cstring>
#include <pthread.h>
#include <unistd.h>

namespace symshape::tool {

namespace {

/// Guards the pending temporary and the user's file while it changes.
std::mutex changing;
/// The pending temporary file, NUL-terminated ("" when none); a fixed
/// buffer so that the signal-handler fallback can read it.
char pending[4096];

constexpr int kInterruptedStatus = 130; // 128 + SIGINT, as a shell reports

/// Removes the pending temporary and ends the process: only
/// async-signal-safe calls.
[[noreturn]] void stopNow() {
  if (pending[0] != '\0')
    ::unlink(pending);
  static const char message[] = "symshape: interrupted\n";
  (void)!::write(STDERR_FILENO, message, sizeof message - 1);
  ::_exit(kInterruptedStatus);
}

void *waitForInterrupt(void *) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  int signal = 0;
  while (sigwait(&set, &signal) != 0 || signal != SIGINT) {
  }
  // Not during a change of the user's file: before it or once it is done.
  changing.lock();
  stopNow();
}

extern "C" void onInterrupt(int) { stopNow(); }

} // namespace

void installInterruptHandler() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  // A run started with SIGINT ignored (`nohup`, a background job of a
  // non-interactive shell) keeps ignoring it.
  struct sigaction previous;
  if (sigaction(SIGINT, nullptr, &previous) == 0 &&
      previous.sa_handler == SIG_IGN)
    return;
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  pthread_attr_t attributes;
  pthread_t thread;
  bool started = false;
  if (pthread_attr_init(&attributes) == 0) {
    pthread_attr_setstacksize(&attributes, size_t(64) << 10);
    started =
        pthread_create(&thread, &attributes, waitForInterrupt, nullptr) == 0;
    pthread_attr_destroy(&attributes);
  }
  if (started) {
    pthread_detach(thread);
    return;
  }
  // No thread (no memory for it): a handler, which Z3 may still displace
  // for the length of a check.
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  std::signal(SIGINT, onInterrupt);
}

void setPendingTemporary(const std::string &path) {
  std::lock_guard<std::mutex> lock(changing);
  size_t n = std::min(path.size(), sizeof pending - 1);
  // Too long to hold whole: better left behind than a wrong file removed.
  if (path.size() >= sizeof pending)
    n = 0;
  std::memcpy(pending, path.data(), n);
  pending[n] = '\0';
}

OutputChange::OutputChange() { changing.lock(); }
OutputChange::~OutputChange() { changing.unlock(); }
void OutputChange::temporaryGone() { pending[0] = '\0'; }

} // namespace symshape::tool
