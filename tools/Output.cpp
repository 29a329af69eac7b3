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

std::string writeAtomically(const std::string &path, const std::string &text) {
  std::string pattern = path + ".tmpXXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  mode_t mode = targetMode(path);
  int fd = mkstemp(name.data());
  if (fd < 0)
    return path +
           ": error: cannot create a temporary file: " + std::strerror(errno);
  auto fail = [&](const char *what) {
    std::string why = std::strerror(errno);
    ::close(fd);
    std::remove(name.data());
    return path + ": error: " + what + ": " + why;
  };
  // mkstemp creates the file 0600; the result must not be more private
  // than what it replaces (or than a new file) is.
  if (::fchmod(fd, mode) != 0)
    return fail("cannot set the file mode");
  size_t written = 0;
  while (written < text.size()) {
    ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n <= 0)
      return fail("cannot write");
    written += size_t(n);
  }
  if (::fsync(fd) != 0)
    return fail("cannot write");
  if (::close(fd) != 0 || std::rename(name.data(), path.c_str()) != 0) {
    std::string why = std::strerror(errno);
    std::remove(name.data());
    return path + ": error: cannot write: " + why;
  }
  return "";
}

} // namespace symshape::tool
