//===- SourceManager.cpp - Source buffers and locations -------------------===//

#include "symshape/frontend/SourceManager.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace symshape::frontend {

struct SourceText::Storage {
  std::string text;
  void *mapping = nullptr;
  size_t mappedSize = 0;

  Storage() = default;
  Storage(const Storage &) = delete;
  Storage &operator=(const Storage &) = delete;
  ~Storage() {
    if (mapping)
      ::munmap(mapping, mappedSize);
  }
};

SourceText::SourceText(std::string text) {
  auto owned = std::make_shared<Storage>();
  owned->text = std::move(text);
  data = owned->text.data();
  size = owned->text.size();
  storage = std::move(owned);
}

std::optional<SourceText> SourceText::mapFile(int fd, size_t size) {
  if (size == 0)
    return std::nullopt;
  void *at = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (at == MAP_FAILED)
    return std::nullopt;
  auto owned = std::make_shared<Storage>();
  owned->mapping = at;
  owned->mappedSize = size;
  SourceText text;
  text.data = static_cast<const char *>(at);
  text.size = size;
  text.storage = std::move(owned);
  return text;
}

bool SourceText::mapped() const { return storage && storage->mapping; }

void SourceText::forget(size_t upTo) const {
  if (!mapped())
    return;
  static const size_t page = size_t(::sysconf(_SC_PAGESIZE));
  size_t bytes = std::min(upTo, size) / page * page;
  // MADV_DONTNEED on a private, never written file mapping drops its
  // pages; a later read maps them again from the page cache or the file.
  if (bytes > 0)
    ::madvise(storage->mapping, bytes, MADV_DONTNEED);
}

uint32_t SourceManager::addBuffer(std::string name, SourceText contents,
                                  uint32_t firstLine) {
  auto buffer = std::make_unique<Buffer>();
  buffer->name = std::move(name);
  buffer->firstLine = firstLine;
  buffer->text = std::move(contents);
  buffer->lineStarts.push_back(0);
  // memchr scans a word or a vector register at a time: a byte loop was
  // 3% of parsing an 11 MB file.
  std::string_view text = buffer->text.view();
  const char *begin = text.data(), *end = begin + text.size();
  for (const char *p = begin;
       (p = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p))));)
    buffer->lineStarts.push_back(static_cast<uint32_t>(++p - begin));
  // The parser reads it again from the start, a page at a time.
  buffer->text.forget(text.size());
  buffers.push_back(std::move(buffer));
  return static_cast<uint32_t>(buffers.size() - 1);
}

std::string_view SourceManager::buffer(uint32_t id) const {
  assert(id < buffers.size() && "unknown buffer");
  return buffers[id]->text.view();
}

const SourceText &SourceManager::text(uint32_t id) const {
  assert(id < buffers.size() && "unknown buffer");
  return buffers[id]->text;
}

void SourceManager::forgetBefore(uint32_t id, size_t upTo) const {
  assert(id < buffers.size() && "unknown buffer");
  buffers[id]->text.forget(upTo);
}

const std::string &SourceManager::name(uint32_t id) const {
  assert(id < buffers.size() && "unknown buffer");
  return buffers[id]->name;
}

std::pair<size_t, uint32_t> SourceManager::lineIndex(SourceLoc loc) const {
  assert(loc.buffer < buffers.size() && "unknown buffer");
  const Buffer &buf = *buffers[loc.buffer];
  uint32_t offset = std::min<uint32_t>(
      loc.offset, static_cast<uint32_t>(buf.text.view().size()));
  const std::vector<uint32_t> &starts = buf.lineStarts;
  // Reports ask in source order: the line of the last answer on this
  // thread, or one of the next few, is tried first (checked, so a hint
  // from another buffer is only a miss).
  thread_local size_t hint = 0;
  for (size_t line = hint; line < std::min(hint + 4, starts.size()); ++line)
    if (starts[line] <= offset &&
        (line + 1 == starts.size() || offset < starts[line + 1])) {
      hint = line;
      return {line, offset};
    }
  // The last line start that is <= offset.
  auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  hint = static_cast<size_t>(it - starts.begin()) - 1;
  return {hint, offset};
}

LineCol SourceManager::lineCol(SourceLoc loc, std::string_view *line) const {
  auto [index, offset] = lineIndex(loc);
  const Buffer &buf = *buffers[loc.buffer];
  LineCol result;
  result.line = static_cast<uint32_t>(index) + buf.firstLine;
  result.col = offset - buf.lineStarts[index] + 1;
  if (line)
    *line = textOfLine(buf, index);
  return result;
}

std::string_view SourceManager::lineText(SourceLoc loc) const {
  return textOfLine(*buffers[loc.buffer], lineIndex(loc).first);
}

std::string_view SourceManager::textOfLine(const Buffer &buf, size_t line) {
  uint32_t begin = buf.lineStarts[line];
  uint32_t end = line + 1 < buf.lineStarts.size()
                     ? buf.lineStarts[line + 1] - 1
                     : static_cast<uint32_t>(buf.text.view().size());
  std::string_view text = buf.text.view();
  std::string_view lineView = text.substr(begin, end - begin);
  if (!lineView.empty() && lineView.back() == '\r')
    lineView.remove_suffix(1);
  return lineView;
}

std::string SourceManager::format(SourceLoc loc) const {
  LineCol lc = lineCol(loc);
  return name(loc.buffer) + ":" + std::to_string(lc.line) + ":" +
         std::to_string(lc.col);
}

} // namespace symshape::frontend
