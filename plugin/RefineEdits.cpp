//===- RefineEdits.cpp - symshape refine's steps applied to the module ----===//

#include "RefineEdits.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <utility>

using namespace mlir;

namespace symshape::plugin {

namespace {

/// `type` with the refined `dims`; null when they do not fit it.
Type refinedType(Type type, const std::vector<int64_t> &dims) {
  llvm::SmallVector<int64_t> shape;
  for (int64_t dim : dims)
    shape.push_back(dim < 0 ? ShapedType::kDynamic : dim);
  if (auto ranked = dyn_cast<RankedTensorType>(type)) {
    if (ranked.getRank() != static_cast<int64_t>(shape.size()))
      return nullptr;
    return RankedTensorType::get(shape, ranked.getElementType(),
                                 ranked.getEncoding());
  }
  if (auto unranked = dyn_cast<UnrankedTensorType>(type))
    return RankedTensorType::get(shape, unranked.getElementType());
  return nullptr;
}

using Kind = RefineEdit::Kind;

/// An edit with the op it names (and the value it reads), found before
/// anything changes.
struct Located {
  const RefineEdit *edit;
  Operation *op;
  Value source; ///< InPlace, Cast, Rename
};

/// Locates every edit in the printed module; an error at the first whose op
/// is not there.
LogicalResult locateEdits(const PrintedModule &printed,
                          const std::vector<RefineEdit> &edits,
                          std::vector<Located> &located) {
  for (const RefineEdit &edit : edits) {
    Located at{&edit, printed.opAt(edit.op), Value()};
    if (!at.op)
      return printed.module()->emitError()
             << "symshape-refine: no op starts at line " << edit.op.line
             << ", column " << edit.op.col << " of the printed module";
    if (edit.kind == Kind::InPlace || edit.kind == Kind::Cast ||
        edit.kind == Kind::Rename) {
      Operation *def = printed.opAt(edit.source);
      if (def && edit.sourceResult < def->getNumResults())
        at.source = def->getResult(edit.sourceResult);
    }
    located.push_back(at);
  }
  return success();
}

/// 1. Result types: each refined result gets its new type; returns the
/// values changed with their old types.
llvm::SmallVector<std::pair<Value, Type>>
refineResults(const std::vector<Located> &located) {
  llvm::SmallVector<std::pair<Value, Type>> changed; // value, old type
  for (const Located &at : located) {
    if (at.edit->kind != Kind::Result)
      continue;
    if (at.edit->index >= at.op->getNumResults())
      continue;
    Value value = at.op->getResult(at.edit->index);
    Type type = refinedType(value.getType(), at.edit->dims);
    if (!type || type == value.getType())
      continue;
    changed.push_back({value, value.getType()});
    value.setType(type);
  }
  return changed;
}

/// 2. Casts that became identities go (returned, to erase at the end);
/// their uses read the source.
llvm::SmallVector<Operation *>
bypassIdentityCasts(const std::vector<Located> &located) {
  llvm::SmallVector<Operation *> erased;
  for (const Located &at : located)
    if (at.edit->kind == Kind::RemoveCast && at.op->getNumOperands() == 1 &&
        at.op->getNumResults() == 1 &&
        at.op->getOperand(0).getType() == at.op->getResult(0).getType()) {
      at.op->getResult(0).replaceAllUsesWith(at.op->getOperand(0));
      erased.push_back(at.op);
    }
  return erased;
}

} // namespace

LogicalResult applyRefineEdits(const PrintedModule &printed,
                               const std::vector<RefineEdit> &edits) {
  // Everything is located before anything changes.
  std::vector<Located> located;
  if (failed(locateEdits(printed, edits, located)))
    return failure();
  // The type each use had, for the casts back to it.
  llvm::DenseMap<OpOperand *, Type> declared;
  for (const Located &at : located)
    if (at.edit->kind == Kind::Cast && at.edit->index < at.op->getNumOperands())
      declared[&at.op->getOpOperand(at.edit->index)] =
          at.op->getOperand(at.edit->index).getType();

  llvm::SmallVector<std::pair<Value, Type>> changed = refineResults(located);
  llvm::SmallVector<Operation *> erased = bypassIdentityCasts(located);
  // 3. Uses that take the refined type as it is.
  llvm::DenseSet<OpOperand *> accepted;
  for (const Located &at : located)
    if ((at.edit->kind == Kind::InPlace || at.edit->kind == Kind::Rename) &&
        at.edit->index < at.op->getNumOperands() &&
        at.op->getOperand(at.edit->index) == at.source)
      accepted.insert(&at.op->getOpOperand(at.edit->index));
  // 4. Casts back to the declared type, where refine writes them, then
  // wherever else a use of a changed value was not accepted (an operand
  // symshape's reading of the op did not list).
  OpBuilder builder(printed.module()->getContext());
  auto castBack = [&](OpOperand &use, Type to) {
    builder.setInsertionPoint(use.getOwner());
    auto cast = tensor::CastOp::create(builder, use.getOwner()->getLoc(), to,
                                       use.get());
    accepted.insert(&cast->getOpOperand(0)); // reads the refined type
    use.set(cast.getResult());
    accepted.insert(&use);
  };
  for (const Located &at : located) {
    if (at.edit->kind != Kind::Cast ||
        at.edit->index >= at.op->getNumOperands())
      continue;
    OpOperand &use = at.op->getOpOperand(at.edit->index);
    auto before = declared.find(&use);
    if (use.get() != at.source || before == declared.end() ||
        accepted.count(&use) || use.get().getType() == before->second)
      continue;
    castBack(use, before->second);
  }
  for (auto &[value, old] : changed) {
    llvm::SmallVector<OpOperand *> uses;
    for (OpOperand &use : value.getUses())
      if (!accepted.count(&use) && !llvm::is_contained(erased, use.getOwner()))
        uses.push_back(&use);
    for (OpOperand *use : uses)
      castBack(*use, old);
  }
  for (Operation *op : erased)
    op->erase();
  return success();
}

void eraseRemovedOps(const PrintedModule &printed,
                     const std::vector<RefineEdit> &edits) {
  // A safe shape.cstr_* whose witness is read becomes
  // `shape.const_witness true` first, so its feeders lose their last use.
  for (const RefineEdit &edit : edits) {
    if (edit.kind != RefineEdit::Kind::PassWitness)
      continue;
    Operation *op = printed.opAt(edit.op);
    if (!op || op->getNumResults() != 1)
      continue;
    OpBuilder builder(op);
    OperationState state(op->getLoc(), "shape.const_witness");
    state.addAttribute("passing", builder.getBoolAttr(true));
    state.addTypes(op->getResultTypes());
    Operation *witness = builder.create(state);
    op->getResult(0).replaceAllUsesWith(witness->getResult(0));
    op->erase();
  }
  llvm::SmallVector<Operation *> erased;
  for (const RefineEdit &edit : edits)
    if (edit.kind == RefineEdit::Kind::RemoveOp)
      if (Operation *op = printed.opAt(edit.op))
        erased.push_back(op);
  // Users before what they read: the checks come after their feeders.
  for (auto it = erased.rbegin(); it != erased.rend(); ++it)
    if ((*it)->use_empty())
      (*it)->erase();
}

} // namespace symshape::plugin
