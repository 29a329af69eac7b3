//===- HtmlGraph.cpp - A dim graph drawn by Graphviz for the HTML page ----===//
//
// Runs `dot -Tsvg` as a child process: the DOT text goes in through an
// unlinked temporary file (no pipe to write while reading, so no SIGPIPE
// and no deadlock), the SVG comes back on a pipe, read until a deadline.
// Its stderr is dropped. POSIX only, as the rest of the tool.
//
//===----------------------------------------------------------------------===//

#include "symshape/reports/HtmlReport.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace symshape::solver {

namespace {

/// Closes a descriptor when it goes out of scope.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0)
      ::close(fd);
  }
};

/// An unlinked temporary file holding `text`, positioned at its start.
bool writeTemporary(const std::string &text, Fd &file, std::string &why) {
  const char *dir = std::getenv("TMPDIR");
  std::string path =
      std::string(dir && *dir ? dir : "/tmp") + "/symshape-graph-XXXXXX";
  file.fd = ::mkostemp(path.data(), O_CLOEXEC);
  if (file.fd < 0) {
    why =
        "no temporary file for Graphviz: " + std::string(std::strerror(errno));
    return false;
  }
  ::unlink(path.c_str());
  for (size_t done = 0; done < text.size();) {
    ssize_t n = ::write(file.fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      why = "could not write the graph for Graphviz";
      return false;
    }
    done += size_t(n);
  }
  return ::lseek(file.fd, 0, SEEK_SET) == 0;
}

/// Reads `fd` to its end, or until `deadline`; false on a time-out.
bool readAll(int fd, std::string &out,
             std::chrono::steady_clock::time_point deadline) {
  char buffer[65536];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - std::chrono::steady_clock::now())
                    .count();
    if (left <= 0)
      return false;
    pollfd p{fd, POLLIN, 0};
    int ready = ::poll(&p, 1, int(left));
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0)
      return false;
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return true; // end of file (or an error: what came is checked)
    out.append(buffer, size_t(n));
  }
}

} // namespace

std::optional<std::string> drawWithGraphviz(const std::string &dot,
                                            std::string &why, int timeoutMs) {
  Fd input, output;
  if (!writeTemporary(dot, input, why))
    return std::nullopt;
  int pipeFds[2];
  if (::pipe2(pipeFds, O_CLOEXEC) != 0) {
    why = "no pipe for Graphviz: " + std::string(std::strerror(errno));
    return std::nullopt;
  }
  output.fd = pipeFds[0];
  Fd writeEnd{pipeFds[1]};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, input.fd, 0);
  posix_spawn_file_actions_adddup2(&actions, writeEnd.fd, 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  char arg0[] = "dot", arg1[] = "-Tsvg";
  char *argv[] = {arg0, arg1, nullptr};
  pid_t pid = 0;
  int spawned = ::posix_spawnp(&pid, "dot", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    why = spawned == ENOENT ? "Graphviz `dot` is not on PATH"
                            : "could not run Graphviz `dot`: " +
                                  std::string(std::strerror(spawned));
    return std::nullopt;
  }
  ::close(writeEnd.fd); // the child's copy is the only writer left
  writeEnd.fd = -1;
  std::string svg;
  bool done = readAll(output.fd, svg,
                      std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(timeoutMs));
  if (!done)
    ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (!done) {
    why = "Graphviz took longer than " + std::to_string(timeoutMs / 1000) +
          " s to draw it";
    return std::nullopt;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    why = "Graphviz `dot` failed on it";
    return std::nullopt;
  }
  // The <svg> element alone: the XML prolog and DOCTYPE do not belong in
  // an HTML page.
  size_t start = svg.find("<svg");
  size_t end = svg.rfind("</svg>");
  if (start == std::string::npos || end == std::string::npos || end < start) {
    why = "Graphviz `dot` wrote no SVG";
    return std::nullopt;
  }
  return svg.substr(start, end + 6 - start);
}

} // namespace symshape::solver
