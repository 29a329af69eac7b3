//===- SourceNames.h - The source's value names in the passes' messages -*-
// C++ -*-===//
//
// symshape reads the module as the pass printed it, so its messages name
// values as mlir-opt numbers them (`%3`, `%arg2`); the user's source may
// say `%skip` or `%2`. Each name a message gives is mapped back to its
// value, and from the value to the text at its location in the source
// file: a block argument's `FileLineColLoc` points at its `%name:`, an
// op's at its name, after `%r = ` or `%a, %b:2 = `. Where that cannot be
// read (a location that is not a file position, a file that cannot be
// read, text that does not match the op there), the value is described
// without a name ("operand 1 of 'tosa.add'", "argument 0 of @main"):
// never a wrong name.
//
//   SourceNames names(printed);
//   Message shown = names.rename(message, printed.opFor(message.pos));
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_PLUGIN_SOURCENAMES_H
#define SYMSHAPE_PLUGIN_SOURCENAMES_H

#include "Bridge.h"
#include "PrintedModule.h"

#include "mlir/IR/Value.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace symshape::plugin {

class SourceNames {
public:
  explicit SourceNames(const PrintedModule &printed) : printed(printed) {}

  /// `message` with each value name in the source's spelling: its text in
  /// `message.textFunction`'s names, its notes in `notesFunction`'s. `at`
  /// is the op the message is at (its operands are described by number).
  Message rename(const Message &message, mlir::Operation *at);

  /// `text` with the names of `function`'s values (and `%callee.value`
  /// of its callees') in the source's spelling.
  std::string rename(const std::string &text, const std::string &function,
                     mlir::Operation *at);

  /// The source's name of `value` ("%skip"), if its location shows it.
  std::optional<std::string> sourceName(mlir::Value value);

private:
  /// Whether some value of `function` has the source name `name`.
  bool sourceHas(const PrintedModule::Function &function,
                 const std::string &name);

  /// The name, or a description, of a value printed as `printedName`.
  std::string shown(mlir::Value value, mlir::Operation *at, bool indexed);
  /// The lines of a file (empty when it cannot be read).
  const std::vector<std::string> &lines(llvm::StringRef file);

  const PrintedModule &printed;
  llvm::DenseMap<mlir::Value, std::optional<std::string>> names;
  llvm::StringMap<std::vector<std::string>> files;
  /// Per function, the source names of its values (built when asked).
  llvm::DenseMap<mlir::Operation *, llvm::StringMap<bool>> sourceNamesOf;
};

} // namespace symshape::plugin

#endif // SYMSHAPE_PLUGIN_SOURCENAMES_H
