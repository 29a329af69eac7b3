//===- SourceManager.cpp - Source buffers and locations -------------------===//

#include "symshape/frontend/SourceManager.h"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace symshape::frontend {

uint32_t SourceManager::addBuffer(std::string name, std::string contents,
                                  uint32_t firstLine) {
  auto buffer = std::make_unique<Buffer>();
  buffer->name = std::move(name);
  buffer->firstLine = firstLine;
  buffer->text = std::move(contents);
  buffer->lineStarts.push_back(0);
  // memchr scans a word or a vector register at a time: a byte loop was
  // 3% of parsing an 11 MB file.
  const char *begin = buffer->text.data(), *end = begin + buffer->text.size();
  for (const char *p = begin;
       (p = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p))));)
    buffer->lineStarts.push_back(static_cast<uint32_t>(++p - begin));
  buffers.push_back(std::move(buffer));
  return static_cast<uint32_t>(buffers.size() - 1);
}

std::string_view SourceManager::buffer(uint32_t id) const {
  assert(id < buffers.size() && "unknown buffer");
  return buffers[id]->text;
}

const std::string &SourceManager::name(uint32_t id) const {
  assert(id < buffers.size() && "unknown buffer");
  return buffers[id]->name;
}

std::pair<size_t, uint32_t> SourceManager::lineIndex(SourceLoc loc) const {
  assert(loc.buffer < buffers.size() && "unknown buffer");
  const Buffer &buf = *buffers[loc.buffer];
  uint32_t offset =
      std::min<uint32_t>(loc.offset, static_cast<uint32_t>(buf.text.size()));
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
                     : static_cast<uint32_t>(buf.text.size());
  std::string_view text(buf.text);
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
