//===- Output.cpp - Reading inputs, writing outputs -----------------------===//

#include "Output.h"
#include "Interrupt.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <poll.h>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace symshape::tool {

std::optional<std::string> readInput(const std::string &path,
                                     std::string &error) {
  if (path == "-") {
    std::ostringstream text;
    text << std::cin.rdbuf();
    return text.str();
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = path + ": error: cannot read file: Is a directory";
    return std::nullopt;
  }
  // Read straight into the string (a stream would hold a second copy).
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = path + ": error: cannot open file: " + std::strerror(errno);
    return std::nullopt;
  }
  std::string text;
  struct stat info;
  if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0)
    text.reserve(size_t(info.st_size));
  char chunk[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      ::close(fd);
      error = path + ": error: cannot read file";
      return std::nullopt;
    }
    if (n == 0)
      break;
    text.append(chunk, size_t(n));
  }
  ::close(fd);
  return text;
}

std::optional<frontend::SourceText> readSource(const std::string &path,
                                               std::string &error) {
  // Below this size the copy costs nothing worth a mapping.
  constexpr off_t kMapFrom = off_t(1) << 20;
  if (path != "-") {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
      struct stat info;
      std::optional<frontend::SourceText> mapped;
      if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) &&
          info.st_size >= kMapFrom)
        mapped = frontend::SourceText::mapFile(fd, size_t(info.st_size));
      ::close(fd); // a mapping outlives its descriptor
      if (mapped)
        return mapped;
    }
  }
  std::optional<std::string> text = readInput(path, error);
  if (!text)
    return std::nullopt;
  return frontend::SourceText(std::move(*text));
}

namespace {

/// Pieces are gathered up to this size before a write(2).
constexpr size_t kBufferSize = size_t(1) << 20;
/// Symlinks followed before giving up, as the kernel does (ELOOP).
constexpr int kMaxSymlinks = 40;

/// The file a write to `path` lands in: `path` with every symlink along
/// the chain replaced by its target (relative targets read from the
/// link's directory). A dangling link gives the missing target, which is
/// then created, as `>` does.
bool resolveSymlinks(std::string &path) {
  for (int hops = 0; hops < kMaxSymlinks; ++hops) {
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode))
      return true;
    std::vector<char> link(size_t(st.st_size > 0 ? st.st_size : 255) + 2);
    ssize_t n = ::readlink(path.c_str(), link.data(), link.size() - 1);
    if (n < 0)
      return false;
    std::string target(link.data(), size_t(n));
    size_t slash = path.rfind('/');
    if (!target.empty() && target[0] != '/' && slash != std::string::npos)
      target = path.substr(0, slash + 1) + target;
    path = std::move(target);
  }
  errno = ELOOP;
  return false;
}

/// The mode a new file gets from open(path, O_CREAT, 0666): 0666 less the
/// umask.
mode_t newFileMode() {
  mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

} // namespace

Output::Output(std::string path) : path(path == "-" ? "" : std::move(path)) {}

Output::~Output() {
  if (ownsFd && fd >= 0)
    ::close(fd);
  if (!temporary.empty()) {
    std::remove(temporary.c_str());
    setPendingTemporary("");
  }
}

std::string Output::fail(const std::string &what, int error) {
  failed = true;
  if (ownsFd && fd >= 0)
    ::close(fd);
  fd = -1;
  if (!temporary.empty()) {
    std::remove(temporary.c_str());
    setPendingTemporary("");
  }
  temporary.clear();
  buffer.clear();
  std::string where = path.empty() ? "standard output" : "'" + path + "'";
  return "symshape: error: " + what + " " + where + ": " + std::strerror(error);
}

std::string Output::open() {
  if (path.empty()) {
    fd = STDOUT_FILENO;
    return "";
  }
  target = path;
  if (!resolveSymlinks(target))
    return fail("cannot write to", errno);
  struct stat st;
  bool exists = ::stat(target.c_str(), &st) == 0;
  if (!exists && errno != ENOENT)
    return fail("cannot write to", errno);
  if (exists && S_ISDIR(st.st_mode))
    return fail("cannot write to", EISDIR);
  ownsFd = true;
  if (exists && !S_ISREG(st.st_mode)) {
    // A device, a FIFO, a socket: written through, never replaced.
    fd = ::open(target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
      return fail("cannot write to", errno);
    return "";
  }
  std::string pattern = target + ".tmpXXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  fd = ::mkstemp(name.data());
  if (fd < 0 && exists &&
      (errno == EACCES || errno == EROFS || errno == EPERM) &&
      ::access(target.c_str(), W_OK) == 0) {
    // A writable file in a directory that is not: as `>` would, written
    // in place, but only once the output is whole (held until commit),
    // so that a failed or interrupted run leaves the old file.
    inPlace = true;
    return "";
  }
  if (fd < 0)
    return fail("cannot create a temporary file beside", errno);
  temporary = name.data();
  setPendingTemporary(temporary);
  // mkstemp creates the file 0600; the result must not be more private
  // than what it replaces (or than a new file) is, and keeps its owner
  // when root replaces another user's file.
  if (::fchmod(fd, exists ? st.st_mode & 07777 : newFileMode()) != 0)
    return fail("cannot set the mode of", errno);
  if (exists && ::geteuid() == 0)
    (void)!::fchown(fd, st.st_uid, st.st_gid);
  return "";
}

std::string Output::flush() {
  std::string error = writeAll(buffer);
  buffer.clear();
  return error;
}

std::string Output::writeAll(std::string_view text) {
  size_t written = 0;
  while (written < text.size()) {
    ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      // A non-blocking descriptor inherited from the caller: wait.
      struct pollfd ready = {fd, POLLOUT, 0};
      ::poll(&ready, 1, -1);
      continue;
    }
    if (n <= 0)
      return fail("cannot write to", n < 0 ? errno : EIO);
    written += size_t(n);
  }
  return "";
}

std::string Output::write(std::string_view text) {
  if (failed)
    return "";
  if (inPlace) {
    buffer.append(text);
    return "";
  }
  if (fd < 0)
    return fail("cannot write to", EBADF);
  if (buffer.size() + text.size() < kBufferSize) {
    buffer.append(text);
    return "";
  }
  // A large piece (a chunk of a JSON report) goes out as it is, after
  // what is buffered, rather than through the buffer.
  if (std::string error = flush(); !error.empty())
    return error;
  if (text.size() >= kBufferSize)
    return writeAll(text);
  buffer.append(text);
  return "";
}

std::string Output::commitInPlace() {
  OutputChange change; // Ctrl-C waits until the file is whole
  fd = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return fail("cannot write to", errno);
  if (std::string error = flush(); !error.empty())
    return error;
  int closing = fd;
  fd = -1;
  if (::close(closing) != 0)
    return fail("cannot write to", errno);
  return "";
}

std::string Output::commit() {
  if (failed)
    return "";
  if (inPlace)
    return commitInPlace();
  if (fd < 0)
    return fail("cannot write to", EBADF);
  if (std::string error = flush(); !error.empty())
    return error;
  if (!ownsFd)
    return "";
  if (!temporary.empty() && ::fsync(fd) != 0)
    return fail("cannot write to", errno);
  int closing = fd;
  fd = -1;
  if (::close(closing) != 0)
    return fail("cannot write to", errno);
  if (temporary.empty())
    return "";
  int renameError = 0;
  {
    OutputChange change; // Ctrl-C waits for the rename
    if (std::rename(temporary.c_str(), target.c_str()) != 0)
      renameError = errno;
    else
      change.temporaryGone();
  }
  if (renameError != 0)
    return fail("cannot write to", renameError);
  temporary.clear();
  return "";
}

std::string writeOutput(const std::string &path, std::string_view text) {
  Output output(path);
  std::string error = output.open();
  if (error.empty())
    error = output.write(text);
  if (error.empty())
    error = output.commit();
  return error;
}

} // namespace symshape::tool
