//===- IR.h - Modules, functions, ops and values ----------------*- C++ -*-===//
//
// The parsed program. Custom (pretty) forms of known ops are normalised to
// the generic shape: operands, the types written for them, results with
// their types, and attributes, so the lowering reads one representation.
//
//   %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>)
//          -> tensor<?xi32>
//
// becomes an Operation named "test.broadcastable" with operands {a, b},
// operandTypes {tensor<?xi32>, tensor<4xi32>} and one result value "0" of
// type tensor<?xi32>.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_IR_H
#define SYMSHAPE_FRONTEND_IR_H

#include "symshape/frontend/Attribute.h"
#include "symshape/frontend/LocAttr.h"
#include "symshape/frontend/SourceManager.h"
#include "symshape/frontend/Type.h"
#include "symshape/solver/ChunkedVector.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace symshape::frontend {

/// Index of a Value in its Function's value table.
using ValueId = uint32_t;

struct Value {
  /// Source name without '%': "a", "0", "arg3". A result of a multi-result
  /// op `%r:2 = ...` is named "r#0", "r#1".
  std::string name;
  TypeRef type;
  /// False for results of unknown custom-form ops whose type could not be
  /// read from their syntax; set from the first use that writes a type.
  bool typeKnown = true;
  SourceLoc loc; ///< where the value is defined (its `%name` token)
  bool isBlockArgument = false;
  unsigned index = 0;  ///< result number or block argument number
  LocId sourceLoc = 0; ///< a block argument's `loc(...)`, if any
  /// Where an op result's type is written: offsets into the parsed buffer
  /// (equal: not recorded). A use whose written type is the same text
  /// takes the value's type without reading it again (the parser's).
  uint32_t typeBegin = 0, typeEnd = 0;
};

struct Operation;

struct Block {
  std::string label; ///< "bb0" without '^'; empty for an implicit entry block
  SourceLoc loc;
  std::vector<ValueId> arguments;
  /// In blocks of 4096: a big function's ops cost no doubled capacity, and
  /// the lowering can free those it has read (lowerFunction's `release`).
  solver::ChunkedVector<Operation> operations;
};

struct Region {
  std::vector<Block> blocks;
};

struct Operation {
  /// Full op name: "test.broadcastable", "shape.shape_of", "func.return".
  /// A custom-form `return` is named "func.return". Shared by the ops of
  /// one name the parser reads one after the other.
  solver::Text name;
  SourceLoc loc;       ///< the op name token (what mlir-opt reports)
  SourceRange range;   ///< whole op text, from its first result name
  LocId sourceLoc = 0; ///< its `loc(...)`: where the exporter says it came from
  std::vector<ValueId> operands;
  /// The type written for each operand at this use, parallel to operands;
  /// empty when the syntax writes no operand types, and also when every
  /// written type is exactly its value's type (most ops: keeping a second
  /// copy of each type cost a quarter of the parsed IR). Read a use's type
  /// with Function::operandType.
  std::vector<Type> operandTypes;
  /// Source range of each operand's `%name` token, parallel to operands.
  std::vector<SourceRange> operandRanges;
  /// Source range of each written operand type, parallel to operands, for
  /// the generic form `(T1, T2) -> ...` and the torch forms that write each
  /// operand's type on its own (`%a, %b : T1, T2 -> R`); empty for other
  /// custom forms.
  std::vector<SourceRange> operandTypeRanges;
  std::vector<ValueId> results;
  /// Source range of each result type as written, parallel to results;
  /// empty when the syntax leaves result types implicit.
  std::vector<SourceRange> resultTypeRanges;
  std::vector<NamedAttribute> attributes;
  std::vector<Region> regions;
  std::vector<std::string> successors; ///< block labels, without '^'
  bool generic = false; ///< written in the generic "dialect.op"(...) form
  /// Custom-form variant, when one op name has several custom syntaxes
  /// with different meanings: "inits" for the linalg.broadcast RFC form
  /// (the upstream form, like the generic one, has none); empty otherwise.
  solver::Text form;
  /// True when the op's syntax was not understood and was skipped as an
  /// opaque custom op (results may have typeKnown == false).
  bool skipped = false;
};

struct Function {
  std::string name; ///< symbol name without '@'
  /// The symbol table it is defined in, as a prefix of its name: empty in
  /// the outermost module, "inner::" in a `module @inner { ... }` nested in
  /// it (each module has its own symbol table, as in MLIR; an unnamed one is
  /// "<module N>::", N counting the modules of the file from 1).
  std::string scopePath;
  SourceLoc loc; ///< the `@name` token
  SourceRange range;
  LocId sourceLoc = 0;            ///< its `loc(...)`
  std::vector<ValueId> arguments; ///< entry block arguments
  std::vector<Type> argumentTypes;
  /// Each argument's `{attrs}` in the custom form (onnx-mlir's
  /// `{onnx.dim_params = "0:batch"}`), by argument; empty when none.
  std::vector<std::vector<NamedAttribute>> argumentAttributes;
  std::vector<Type> resultTypes;
  /// From `attributes {...}` (custom form) or the generic op's attributes
  /// other than sym_name / function_type.
  std::vector<NamedAttribute> attributes;
  bool isDeclaration = false; ///< no body
  /// `func.func private @g` (sym_visibility = "private"): only the module's
  /// own calls reach it, so it is judged through them.
  bool isPrivate = false;
  Region body;
  std::vector<Value> values; ///< every value of the function, by ValueId
  /// Once `values` is dropped (dropValues): each value's declared type,
  /// and whether it is known, by ValueId; what the JSON's refined types
  /// read (8 bytes a value, not a Value's 72).
  std::vector<TypeRef> valueTypes;
  std::vector<bool> valueTypeKnown;
  /// The callees its calls name, when its ops were freed as they were
  /// lowered while it was parsed: what calledNames reads instead.
  std::optional<std::vector<std::string>> freedCallees;

  const Value &value(ValueId id) const { return values[id]; }
  /// Frees `values`, keeping their declared types in `valueTypes`.
  void dropValues() {
    if (values.empty())
      return; // dropped before (or none): the types stay
    std::vector<TypeRef> types;
    std::vector<bool> known;
    types.reserve(values.size());
    known.reserve(values.size());
    for (const Value &v : values) {
      types.push_back(v.type);
      known.push_back(v.typeKnown);
    }
    valueTypes = std::move(types);
    valueTypeKnown = std::move(known);
    std::vector<Value>().swap(values);
  }
  /// The declared type of value `id`, before or after dropValues; null
  /// when it is not known (or `id` is no value of the function).
  const Type *declaredType(ValueId id) const {
    if (id < values.size())
      return values[id].typeKnown ? &*values[id].type : nullptr;
    if (id < valueTypes.size() && valueTypeKnown[id])
      return &*valueTypes[id];
    return nullptr;
  }
  /// The name that tells it from every other function of the file:
  /// "f" in the outermost module, "inner::f" in a nested one.
  std::string qualifiedName() const { return scopePath + name; }
  /// The function a call of @`callee` in this function names: `callee` in
  /// this function's own symbol table (a flat reference resolves in the
  /// nearest one, never in an enclosing module).
  std::string calleeKey(const std::string &callee) const {
    return scopePath + callee;
  }
  /// The type of `op`'s operand `i` at this use: the one written there when
  /// it differs from the value's (or the syntax only implies it), else the
  /// value's.
  const Type &operandType(const Operation &op, size_t i) const {
    if (i < op.operandTypes.size())
      return op.operandTypes[i];
    return values[op.operands[i]].type;
  }
};

/// An op at module level whose body symshape does not read: a
/// function-like op other than func.func / util.func (hal.executable,
/// util.initializer, ...), listed so that "no findings" never hides code
/// that was not checked.
struct SkippedOp {
  std::string op; ///< "hal.executable"
  SourceLoc loc;  ///< the op name token
  std::string reason;
};

struct Module {
  uint32_t buffer = 0;
  /// Every `loc(...)` of the module; ops, functions and arguments index it.
  LocTable locations;
  LocId sourceLoc = 0; ///< the (outermost) module's `loc(...)`
  std::vector<Function> functions;
  std::vector<SkippedOp> skipped;
  /// The device meshes its `sdy.mesh` ops declare, by qualified name (as
  /// functions: "mesh", "inner::mesh"); a name declared twice in one symbol
  /// table is left out.
  std::unordered_map<std::string, std::optional<std::vector<MeshAxis>>> meshes;
  /// Qualified name (Function::qualifiedName) -> index into `functions` of
  /// the first function of that name,
  /// kept by the parser (a call looks its callee up here: a scan of every
  /// function per call cost a chain of N calls N^2). A module built
  /// otherwise may leave it empty: lookups then scan `functions`.
  std::unordered_map<std::string, size_t> functionIndex;

  /// Appends `function` and indexes its qualified name.
  void addFunction(Function function) {
    functionIndex.emplace(function.qualifiedName(), functions.size());
    functions.push_back(std::move(function));
  }
  /// The first function whose qualified name is `name` ("f" in the
  /// outermost module, "inner::f"), or nullptr.
  const Function *findFunction(const std::string &name) const;
};

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_IR_H
