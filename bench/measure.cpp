//===- measure.cpp - Wall time, CPU time and peak RSS of one command ------===//
//
//   symshape_bench_measure [--timeout SEC] [--stdout FILE] [--stderr FILE]
//                          -- COMMAND [ARGS...]
//
// Runs COMMAND with its standard output sent to FILE (default /dev/null),
// waits for it and prints one line on standard output:
//
//   status=0 wall_us=123456 user_us=100000 sys_us=20000 maxrss_kb=65536
//
// `status` is the exit status, `signal-N` when a signal ended the command,
// `timeout` when it was killed after SEC seconds, `exec-failed` when it did
// not start. The numbers come from wait4's rusage (the command's own peak
// resident set size, like GNU time's "Maximum resident set size") and a
// monotonic clock, in microseconds: finer than `/usr/bin/time -f %e`.
// The exit status of the wrapper is 0 whenever it could run the command.
//
//===----------------------------------------------------------------------===//

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

volatile sig_atomic_t timedOut = 0;
volatile pid_t child = 0;

void onAlarm(int) {
  timedOut = 1;
  if (child > 0)
    ::kill(child, SIGKILL);
}

long long microseconds(const timeval &tv) {
  return static_cast<long long>(tv.tv_sec) * 1000000 + tv.tv_usec;
}

int usage() {
  std::fputs("usage: symshape_bench_measure [--timeout SEC] [--stdout FILE] "
             "[--stderr FILE] -- COMMAND [ARGS...]\n",
             stderr);
  return 2;
}

/// Redirects descriptor `fd` to `path` (truncating it) in the child.
void redirect(int fd, const char *path) {
  int file = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (file < 0 || ::dup2(file, fd) < 0)
    _exit(127);
  ::close(file);
}

} // namespace

int main(int argc, char **argv) {
  unsigned timeout = 0;
  const char *out = "/dev/null";
  const char *err = nullptr;
  int i = 1;
  for (; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--") {
      ++i;
      break;
    }
    if (i + 1 >= argc)
      return usage();
    if (arg == "--timeout")
      timeout = unsigned(std::strtoul(argv[++i], nullptr, 10));
    else if (arg == "--stdout")
      out = argv[++i];
    else if (arg == "--stderr")
      err = argv[++i];
    else
      return usage();
  }
  if (i >= argc)
    return usage();

  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = onAlarm; // no SA_RESTART: wait4 returns EINTR
  ::sigaction(SIGALRM, &action, nullptr);

  auto start = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid < 0) {
    std::perror("fork");
    return 2;
  }
  if (pid == 0) {
    redirect(STDOUT_FILENO, out);
    if (err)
      redirect(STDERR_FILENO, err);
    ::execvp(argv[i], argv + i);
    _exit(127);
  }
  child = pid;
  if (timeout)
    ::alarm(timeout);

  int status = 0;
  struct rusage usage;
  std::memset(&usage, 0, sizeof usage);
  while (::wait4(pid, &status, 0, &usage) < 0) {
    if (errno != EINTR) {
      std::perror("wait4");
      return 2;
    }
  }
  auto end = std::chrono::steady_clock::now();
  ::alarm(0);

  std::string verdict;
  if (timedOut)
    verdict = "timeout";
  else if (WIFSIGNALED(status))
    verdict = "signal-" + std::to_string(WTERMSIG(status));
  else if (WEXITSTATUS(status) == 127)
    verdict = "exec-failed";
  else
    verdict = std::to_string(WEXITSTATUS(status));
  long long wall =
      std::chrono::duration_cast<std::chrono::microseconds>(end - start)
          .count();
  std::printf("status=%s wall_us=%lld user_us=%lld sys_us=%lld "
              "maxrss_kb=%ld\n",
              verdict.c_str(), wall, microseconds(usage.ru_utime),
              microseconds(usage.ru_stime), usage.ru_maxrss);
  return 0;
}
