//===- OpTable.h - One entry per supported op ---------------------*- C++
//-*-===//
//
// Everything symshape knows of an op lives in its entry: the name, the
// custom (pretty) syntax it reads, the shape function with the runtime
// requirements it adds, and whether `refine` may rewrite its result types.
// One file per dialect family holds the entries (Tosa.cpp, Stablehlo.cpp,
// ...); shared rules (elementwise, contraction, window arithmetic, reshape)
// are helpers in rules/OpRules.h and broadcast/BroadcastRules.h that the
// entries call.
//
//   {"tosa.matmul", parseFunctionTypedForm, lowerMatmul, kRefineBoth,
//    "[N,H,C] x [N,C,W] -> [N,H,W]; N and C equal"}
//
// Adding an op touches its family's file and its tests, nothing else.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_OPTABLE_H
#define SYMSHAPE_FRONTEND_OPS_OPTABLE_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace symshape::frontend {

class Parser;
struct PendingOp;
class OpContext;
struct Operation;

/// Reads the op's custom form after its name into the generic shape
/// (operands and their types, results' types, attributes by their generic
/// names). Returns false after emitting a located error. A form it does not
/// understand should mark the op skipped (`Parser::parseOpaqueOp`), never
/// guess.
using ParseFn = bool (*)(Parser &parser, PendingOp &pending);

/// The shape function and runtime requirements: reads operand sizes and
/// attributes through the OpContext, adds obligations with its named
/// constructors and defines every result. An op it cannot model is made
/// opaque with a reason (`OpContext::opaque`).
using LowerFn = void (*)(OpContext &ctx);

/// What `refine` may rewrite.
enum RefineFlags : uint8_t {
  kRefineNone = 0,
  /// The result types may be made more static on their own: the result is
  /// computed from the operands and any compatible static type verifies.
  kRefineResults = 1,
  /// In a form writing each operand's type on its own (generic, torch), the
  /// op also accepts more static operand types.
  kRefineOperands = 2,
  kRefineBoth = kRefineResults | kRefineOperands,
};

/// What an op is to the lowering, the parser and `refine` besides its shape
/// function: the code outside the table asks for a role, never for a name.
enum class OpRole : uint8_t {
  None,
  Call,   ///< calls a function of the module named by its `callee` attribute
  Return, ///< returns from the function (func.return, util.return)
  Yield,  ///< gives its operands to the op owning its region (shape.yield)
  Branch, ///< passes its operands to its one target block (cf.br)
  /// Branches on its i1 first operand to one of two target blocks, then
  /// passes the first target's operands, then the second's (cf.cond_br).
  CondBranch,
  /// Casts between compatible shapes: `refine` removes one that refined
  /// types make an identity cast (tensor.cast).
  Cast,
  /// A runtime check of its i1 operand, which `refine
  /// --drop-redundant-checks` removes once proved safe (cf.assert).
  Assert,
  /// Declares a module-level global whose loads read its declared type
  /// (util.global; the parser records it).
  Global,
  /// Declares a device mesh that sharded ops name (sdy.mesh; the parser
  /// records it in Module::meshes).
  Mesh,
  /// A constraint whose one result is the witness a shape.assuming reads
  /// (shape.cstr_*): `refine --drop-redundant-checks` removes it once
  /// proved safe.
  Constraint,
  /// Calls an external target named by `call_target_name` (custom_call);
  /// one of `shape_assertion` with no results is a runtime check that
  /// `refine --drop-redundant-checks` removes once proved safe.
  CustomCall,
};

/// How an op reaches a module-level global (IREE's util.global.*): the
/// parser gives it the global's declared type (`symshape.global_type`).
enum class GlobalAccess : uint8_t {
  None,
  /// Names the global in its `global` attribute (util.global.load,
  /// util.global.store).
  Named,
  /// Names it, and its one result is a pointer to it that the indirect
  /// accesses of the function read (util.global.address).
  Address,
  /// Reaches it through the pointer of operand 0 (util.global.load.indirect)
  /// / operand 1 (util.global.store.indirect).
  PointerOperand0,
  PointerOperand1,
  /// Names a device mesh (`sdy.mesh`) in its shardings: like a global, it
  /// needs the module (sdy.manual_computation).
  Mesh,
};

struct OpEntry {
  std::string_view name; ///< "tosa.matmul"
  ParseFn parse;         ///< custom form; nullptr: generic form only
  /// nullptr: a terminator, read by the op that owns its region (func.return,
  /// shape.yield); the lowering skips it.
  LowerFn lower;
  uint8_t refine;           ///< RefineFlags
  std::string_view summary; ///< one line for the README's op table
  /// The custom form is fully known (e.g. the shape dialect as its
  /// documentation and mlir-opt 16 print it): a form `parse` rejects is a
  /// located error, not an opaque op. Off by default: newer printings of an op
  /// go opaque.
  bool strictSyntax = false;
  OpRole role = OpRole::None;
  /// mlir-opt 16's verifier does not check the op's shapes (tosa.select):
  /// a static error of its broadcast says so.
  bool shapesUnverified = false;
  GlobalAccess global = GlobalAccess::None;
  /// The op has no effect but its results: `refine --drop-redundant-checks`
  /// removes it with the checks it fed (tensor.dim, stablehlo.compare).
  bool sideEffectFree = false;
  /// Its rule computes its integer results exactly and adds no requirement
  /// of its own, so a body made of such ops can be run once per extent
  /// (shape.reduce's), as can its terminator (shape.yield).
  bool exactIntArith = false;
  /// The name it is printed with in a function body, where its dialect is
  /// the default one (func.return as `return`); empty: none.
  std::string_view shortName = {};
  /// Makes its generic form read like its custom one where the two spell
  /// an attribute differently (shape.const_shape's dense `shape`).
  void (*normalizeGeneric)(Operation &op) = nullptr;
  /// The id of the rule its requirements check where it is not the family's
  /// (OpFamily::ruleNaming): onnx-mlir's `onnx.SqueezeV11` checks
  /// "onnx.Squeeze". Empty: the family's.
  std::string_view rule = {};
};

/// `entry` marked side-effect free.
constexpr OpEntry withoutSideEffects(OpEntry entry) {
  entry.sideEffectFree = true;
  return entry;
}
/// `entry` marked OpEntry::exactIntArith.
constexpr OpEntry withExactIntArith(OpEntry entry) {
  entry.exactIntArith = true;
  return entry;
}
/// `entry` printed as `shortName` in a function body.
constexpr OpEntry withShortName(OpEntry entry, std::string_view shortName) {
  entry.shortName = shortName;
  return entry;
}
/// `entry` whose generic form `normalize` makes read like its custom one.
constexpr OpEntry withGenericNormalizer(OpEntry entry,
                                        void (*normalize)(Operation &)) {
  entry.normalizeGeneric = normalize;
  return entry;
}
/// `entry` with role `role` (for entries built by a family's macros).
constexpr OpEntry withRole(OpEntry entry, OpRole role) {
  entry.role = role;
  return entry;
}

/// How a family names the rules its entries check (SPEC 3), where a rule
/// does not name a finer one (OpContext::setRule).
enum class RuleNaming : uint8_t {
  OpName,  ///< the op's name: "stablehlo.dot_general"
  PyTorch, ///< PyTorch's operator name: torch.aten.view.default's
           ///< "aten::view" (torch.prim.* / torch.prims.* alike)
};

struct OpFamily {
  std::string_view name; ///< "tosa", "stablehlo", ...
  const OpEntry *entries;
  size_t count;
  RuleNaming ruleNaming = RuleNaming::OpName;
};

/// The entry of `name` (or of its short name: `return`), or nullptr.
const OpEntry *findOp(std::string_view name);
/// The id of the rule `entry`'s requirements check unless its rule names a
/// finer one; empty for the op's name (OpFamily::ruleNaming).
std::string_view defaultRuleId(const OpEntry &entry);
/// Whether `name`'s entry is OpEntry::exactIntArith.
bool isExactIntArith(std::string_view name);
/// Whether `name` calls a function of the module (func.call, util.call) /
/// returns from one (func.return, util.return): the op table's roles.
bool isCallOp(std::string_view name);
bool isReturnOp(std::string_view name);
/// The role of `name`'s entry; OpRole::None for a name not in the table.
OpRole opRole(std::string_view name);
/// Every family, in a fixed order (for the README table and its test).
const std::vector<OpFamily> &opFamilies();

/// The supported-op tables of the documentation, rendered from the entries:
/// README.md's per-family summary and docs/OPS.md's one row per op (a test
/// keeps both files equal to these).
std::string renderFamilySummary();
std::string renderOpReference();

/// One accessor per family file. Adding a family adds one line to
/// OpTable.cpp's list.
OpFamily broadcastFamily(); ///< test.broadcastable and --broadcastable
OpFamily tosaFamily();
OpFamily stablehloFamily(); ///< stablehlo, mhlo, chlo
OpFamily linalgFamily();
/// tensor, arith, math, func: joined from the parts below.
OpFamily tensorFamily();
OpFamily shapeFamily();
OpFamily controlFlowFamily(); ///< cf.br, cf.cond_br
OpFamily ireeFamily();        ///< IREE's util, flow and hal input ops
/// Sharded StableHLO: Shardy's sdy ops and the stablehlo / mhlo collectives.
OpFamily shardedFamily();
OpFamily torchFamily(); ///< torch-mlir's torch and torch_c ops
/// ONNX operators: onnx-mlir's onnx dialect and torch-mlir's
/// `torch.operator "onnx.X"`.
OpFamily onnxFamily();

/// Entry lists kept in their own family folders that the documentation
/// lists in the tensor family.
OpFamily tensorOps();         ///< tensor/
OpFamily arithOps();          ///< arith/: arith and math
OpFamily funcOps();           ///< controlflow/: func.call, func.return
OpFamily tensorRelayoutOps(); ///< linalg/: tensor.pack, tensor.unpack

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_OPTABLE_H
