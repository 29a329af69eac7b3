//===- SourceNames.cpp - The source's value names in the passes' messages -===//

#include "SourceNames.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;

namespace symshape::plugin {

namespace {

/// A character of an SSA name after '%' (MLIR's suffix-id: letters,
/// digits, `_ $ . -`), or `#` of a result number (`%0#1`).
bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-' ||
         c == '#';
}

/// The end of the name that starts at `text[from]` (after its '%'): a '.'
/// or '-' that ends it ends the sentence instead.
size_t nameEnd(llvm::StringRef text, size_t from) {
  size_t end = from;
  while (end < text.size() && isNameChar(text[end]))
    ++end;
  while (end > from && (text[end - 1] == '.' || text[end - 1] == '-'))
    --end;
  return end;
}

/// The results written before an op on its line, `%a = `, `%a:2 = `,
/// `%a, %b = ` (as MLIR's parser reads them): each group's name and
/// count; nullopt when the text is anything else.
std::optional<std::vector<std::pair<std::string, unsigned>>>
resultGroups(llvm::StringRef before) {
  before = before.trim();
  if (!before.consume_back("="))
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef> parts;
  before.split(parts, ',');
  std::vector<std::pair<std::string, unsigned>> groups;
  for (llvm::StringRef part : parts) {
    part = part.trim();
    if (!part.consume_front("%"))
      return std::nullopt;
    size_t end = 0;
    while (end < part.size() && isNameChar(part[end]) && part[end] != '#')
      ++end;
    if (end == 0)
      return std::nullopt;
    std::string name = part.take_front(end).str();
    part = part.drop_front(end).trim();
    unsigned count = 1;
    if (!part.empty() && (!part.consume_front(":") ||
                          part.trim().getAsInteger(10, count) || count == 0))
      return std::nullopt;
    groups.emplace_back(std::move(name), count);
  }
  return groups;
}

/// Whether `text` starts with `op`'s name as the source writes it: the
/// custom form's `tosa.add`, the generic `"tosa.add"`, or `call` for
/// `func.call` (func's ops are written without their dialect in a
/// function body).
bool startsWithOpName(llvm::StringRef text, Operation *op) {
  llvm::StringRef name = op->getName().getStringRef();
  auto word = [&](llvm::StringRef spelled) {
    return text.starts_with(spelled) &&
           (text.size() == spelled.size() || !isNameChar(text[spelled.size()]));
  };
  if (word(name) || text.starts_with(("\"" + name + "\"").str()))
    return true;
  return name.starts_with("func.") && word(name.drop_front(5));
}

/// The (line, column) of a plain file location.
std::optional<FileLineColLoc> fileLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    if (file.getLine() > 0 && file.getColumn() > 0)
      return file;
  return std::nullopt;
}

} // namespace

const std::vector<std::string> &SourceNames::lines(llvm::StringRef file) {
  auto [it, fresh] = files.try_emplace(file);
  if (!fresh)
    return it->second;
  auto buffer = llvm::MemoryBuffer::getFile(file, /*IsText=*/true);
  if (!buffer)
    return it->second;
  llvm::SmallVector<llvm::StringRef> split;
  (*buffer)->getBuffer().split(split, '\n');
  for (llvm::StringRef line : split)
    it->second.push_back(line.str());
  return it->second;
}

std::optional<std::string> SourceNames::sourceName(Value value) {
  auto cached = names.find(value);
  if (cached != names.end())
    return cached->second;
  std::optional<std::string> out;
  Location loc = isa<BlockArgument>(value)
                     ? cast<BlockArgument>(value).getLoc()
                     : cast<OpResult>(value).getOwner()->getLoc();
  if (std::optional<FileLineColLoc> file = fileLocation(loc)) {
    const std::vector<std::string> &text = lines(file->getFilename());
    if (file->getLine() <= text.size()) {
      llvm::StringRef line = text[file->getLine() - 1];
      size_t col = file->getColumn() - 1;
      if (col < line.size() && isa<BlockArgument>(value)) {
        // `%name: type` in a signature or a block's argument list.
        llvm::StringRef at = line.drop_front(col);
        if (at.consume_front("%")) {
          size_t end = 0;
          while (end < at.size() && isNameChar(at[end]) && at[end] != '#')
            ++end;
          if (end > 0 && at.drop_front(end).ltrim().starts_with(":"))
            out = "%" + at.take_front(end).str();
        }
      } else if (col < line.size()) {
        Operation *op = cast<OpResult>(value).getOwner();
        unsigned index = cast<OpResult>(value).getResultNumber();
        auto groups = resultGroups(line.take_front(col));
        unsigned total = 0;
        if (groups)
          for (const auto &group : *groups)
            total += group.second;
        if (groups && total == op->getNumResults() &&
            startsWithOpName(line.drop_front(col), op)) {
          for (const auto &[name, count] : *groups) {
            if (index < count) {
              out = count == 1 ? "%" + name
                               : "%" + name + "#" + std::to_string(index);
              break;
            }
            index -= count;
          }
        }
      }
    }
  }
  names[value] = out;
  return out;
}

bool SourceNames::sourceHas(const PrintedModule::Function &function,
                            const std::string &name) {
  auto [it, fresh] = sourceNamesOf.try_emplace(function.op);
  if (fresh)
    for (const auto &[printedName, value] : function.values)
      if (value)
        if (std::optional<std::string> source = sourceName(value))
          it->second[*source] = true;
  return it->second.count(name) != 0;
}

std::string SourceNames::shown(Value value, Operation *at, bool indexed) {
  std::string out;
  if (at)
    for (OpOperand &operand : at->getOpOperands())
      if (operand.get() == value) {
        out = "operand " + std::to_string(operand.getOperandNumber()) +
              " of '" + at->getName().getStringRef().str() + "'";
        break;
      }
  if (!out.empty()) {
  } else if (auto argument = dyn_cast<BlockArgument>(value)) {
    Operation *owner = argument.getOwner()->getParentOp();
    auto symbol =
        owner ? owner->getAttrOfType<StringAttr>("sym_name") : StringAttr();
    if (symbol && argument.getOwner()->isEntryBlock() &&
        argument.getOwner()->getParent()->getRegionNumber() == 0)
      out = "argument " + std::to_string(argument.getArgNumber()) + " of @" +
            symbol.str();
    else
      out = "a block argument in a '" +
            (owner ? owner->getName().getStringRef().str() : "block") + "'";
  } else {
    auto result = cast<OpResult>(value);
    Operation *op = result.getOwner();
    out = op->getNumResults() == 1
              ? "the result of a '" + op->getName().getStringRef().str() + "'"
              : "result " + std::to_string(result.getResultNumber()) +
                    " of a '" + op->getName().getStringRef().str() + "'";
  }
  return indexed ? "(" + out + ")" : out;
}

std::string SourceNames::rename(const std::string &text,
                                const std::string &function, Operation *at) {
  const PrintedModule::Function *scope = printed.function(function);
  if (!scope)
    return text;
  // A callee's values are `%callee.value`, its name in the same module.
  std::string module;
  if (size_t colons = function.rfind("::"); colons != std::string::npos)
    module = function.substr(0, colons + 2);
  std::string out;
  llvm::StringRef rest = text;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] != '%') {
      out += rest[i];
      continue;
    }
    size_t end = nameEnd(rest, i + 1);
    llvm::StringRef name = rest.slice(i + 1, end);
    bool known = false;
    Value value;
    std::string callee, suffix;
    if (auto it = scope->values.find(name.str()); it != scope->values.end()) {
      known = true;
      value = it->second;
    } else if (size_t dot = name.find('.'); dot != llvm::StringRef::npos) {
      const PrintedModule::Function *called =
          printed.function(module + name.take_front(dot).str());
      llvm::StringRef inner = name.drop_front(dot + 1);
      if (called) {
        callee = name.take_front(dot).str();
        // "%g.3_2": a second call's %3 (symshape's `_2`), unless @g has
        // both a %3_2 and a %3 (then it is not known which).
        size_t underscore = inner.rfind('_');
        llvm::StringRef base = inner.take_front(underscore);
        unsigned k = 0;
        bool numbered = underscore != llvm::StringRef::npos &&
                        !inner.drop_front(underscore + 1).getAsInteger(10, k) &&
                        called->values.count(base.str());
        auto it = called->values.find(inner.str());
        if (it != called->values.end() && !numbered) {
          known = true;
          value = it->second;
        } else if (it == called->values.end() && numbered) {
          known = true;
          value = called->values.find(base.str())->second;
          suffix = inner.drop_front(underscore).str();
        } else if (numbered) {
          known = true; // both: no value can be named
        }
      }
    }
    if (!known) {
      out += rest.slice(i, end).str();
      i = end - 1;
      continue;
    }
    bool indexed = end < rest.size() && rest[end] == '[';
    std::optional<std::string> source;
    if (value)
      source = sourceName(value);
    // symshape keeps every name it shows in a function distinct (a
    // callee's `%g.a`, a second call's `%g.a_2`, a caller's own `%g.a`);
    // in the source's names two may meet, and then neither is named.
    if (source && callee.empty()) {
      size_t dot = source->find('.');
      if (dot != std::string::npos &&
          printed.function(module + source->substr(1, dot - 1)))
        source.reset();
    } else if (source) {
      const PrintedModule::Function *called = printed.function(module + callee);
      std::string inner = source->substr(1) + suffix;
      size_t underscore = inner.rfind('_');
      unsigned k = 0;
      bool numbered =
          underscore != std::string::npos && !llvm::StringRef(inner)
                                                  .drop_front(underscore + 1)
                                                  .getAsInteger(10, k);
      if (sourceHas(*scope, "%" + callee + "." + inner) ||
          (!suffix.empty() && sourceHas(*called, "%" + inner)) ||
          (suffix.empty() && numbered &&
           sourceHas(*called, "%" + inner.substr(0, underscore))))
        source.reset();
    }
    if (source && callee.empty())
      out += *source;
    else if (source)
      out += "%" + callee + "." + source->substr(1) + suffix;
    else if (value && callee.empty())
      out += shown(value, at, indexed);
    else if (value)
      out += (indexed ? "(" : "") + shown(value, nullptr, false) + " in @" +
             callee + (indexed ? ")" : "");
    else
      out += "(a value of @" + (callee.empty() ? function : callee) + ")";
    i = end - 1;
  }
  return out;
}

Message SourceNames::rename(const Message &message, Operation *at) {
  Message out = message;
  out.text = rename(message.text, message.textFunction, at);
  for (std::string &note : out.notes)
    note = rename(note, message.notesFunction, at);
  return out;
}

} // namespace symshape::plugin
