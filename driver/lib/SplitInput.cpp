//===- SplitInput.cpp - Split a file at `// -----` lines ------------------===//

#include "symshape/driver/SplitInput.h"

#include "symshape/driver/Session.h"

namespace symshape::frontend {

std::vector<InputChunk> splitInputFile(std::string_view text) {
  static constexpr std::string_view kMarker = "// -----";
  std::vector<InputChunk> chunks(1);
  uint32_t line = 1;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t newline = text.find('\n', pos);
    size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
    std::string_view lineText = text.substr(pos, end - pos);
    ++line;
    pos = end;
    if (lineText.find(kMarker) != std::string_view::npos) {
      chunks.emplace_back();
      chunks.back().firstLine = line;
      continue;
    }
    chunks.back().text.append(lineText);
  }
  return chunks;
}

bool addSplitFile(Session &session, const std::string &name,
                  std::string_view text, std::string &errors) {
  bool allParsed = true;
  for (InputChunk &chunk : splitInputFile(text)) {
    if (session.addFile(name, std::move(chunk.text), chunk.firstLine))
      continue;
    errors += session.diagnostics().renderAll();
    session.diagnostics().clear();
    allParsed = false;
  }
  return allParsed;
}

} // namespace symshape::frontend
