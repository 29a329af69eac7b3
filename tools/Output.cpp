//===- Output.cpp - Reading inputs, writing outputs -----------------------===//

#include "Output.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace symshape::tool {

std::optional<std::string> readInput(const std::string &path,
                                     std::string &error) {
  std::ostringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
    return text.str();
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = path + ": error: cannot read file: Is a directory";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": error: cannot open file: " + std::strerror(errno);
    return std::nullopt;
  }
  text << in.rdbuf();
  if (in.bad()) {
    error = path + ": error: cannot read file";
    return std::nullopt;
  }
  return text.str();
}

/// The mode a new file `path` gets from open(path, O_CREAT, 0666), or the
/// mode of the existing file.
static mode_t targetMode(const std::string &path) {
  struct stat existing;
  if (::stat(path.c_str(), &existing) == 0)
    return existing.st_mode & 07777;
  mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

AtomicFile::~AtomicFile() {
  if (fd >= 0)
    ::close(fd);
  if (!temporary.empty())
    std::remove(temporary.c_str());
}

std::string AtomicFile::fail(const char *what) {
  std::string why = std::strerror(errno);
  if (fd >= 0)
    ::close(fd);
  fd = -1;
  if (!temporary.empty())
    std::remove(temporary.c_str());
  temporary.clear();
  return path + ": error: " + what + ": " + why;
}

std::string AtomicFile::open() {
  std::string pattern = path + ".tmpXXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  mode_t mode = targetMode(path);
  fd = mkstemp(name.data());
  if (fd < 0)
    return path +
           ": error: cannot create a temporary file: " + std::strerror(errno);
  temporary = name.data();
  // mkstemp creates the file 0600; the result must not be more private
  // than what it replaces (or than a new file) is.
  if (::fchmod(fd, mode) != 0)
    return fail("cannot set the file mode");
  return "";
}

std::string AtomicFile::write(std::string_view text) {
  if (fd < 0)
    return path + ": error: cannot write: the file is not open";
  size_t written = 0;
  while (written < text.size()) {
    ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n <= 0)
      return fail("cannot write");
    written += size_t(n);
  }
  return "";
}

std::string AtomicFile::commit() {
  if (fd < 0)
    return path + ": error: cannot write: the file is not open";
  if (::fsync(fd) != 0)
    return fail("cannot write");
  int closing = fd;
  fd = -1;
  if (::close(closing) != 0 ||
      std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::string why = std::strerror(errno);
    std::remove(temporary.c_str());
    temporary.clear();
    return path + ": error: cannot write: " + why;
  }
  temporary.clear();
  return "";
}

std::string writeAtomically(const std::string &path, const std::string &text) {
  AtomicFile file(path);
  std::string error = file.open();
  if (error.empty())
    error = file.write(text);
  if (error.empty())
    error = file.commit();
  return error;
}

} // namespace symshape::tool
