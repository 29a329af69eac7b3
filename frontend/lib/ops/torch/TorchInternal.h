//===- TorchInternal.h - The torch family's forms and rules -----*- C++ -*-===//
//
// torch-mlir's `torch` dialect as its FX importer prints it: the custom
// forms (TorchForms.cpp), the integer values, constants, bridges and
// PyTorch's symbolic-size facts (TorchValues.cpp, TorchFacts.cpp) and the
// tensor ops' shape rules (TorchElementwise.cpp, TorchShapes.cpp,
// TorchRepeat.cpp, TorchIndexing.cpp, TorchAdvancedIndex.cpp,
// TorchLinalg.cpp), registered by Torch.cpp. Each rule follows the op's
// PyTorch documentation (torch.* / Tensor.* pages), cited by op name.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_TORCH_TORCHINTERNAL_H
#define SYMSHAPE_FRONTEND_OPS_TORCH_TORCHINTERNAL_H

#include "ops/OpContext.h"
#include "parser/ParserImpl.h"

#include <initializer_list>
#include <optional>
#include <vector>

namespace symshape::frontend {

/// A `!torch.int` value (one Python int of the graph).
inline bool isTorchInt(const Type &type) {
  return type.kind == TypeKind::Other && type.spelling == "!torch.int";
}

// TorchForms.cpp
/// `%a, %b {attrs} : T1, T2 -> R` (the torch dialect's default form; also
/// `: -> R` and several results `-> R1, R2`).
bool parseTorchOpForm(Parser &p, PendingOp &pending);
/// `torch.constant.int -3`, `.bool true`, `.float 1.0e-05`, `.str "x"`,
/// `.device "cpu"`, `.none`: the value as the `value` attribute.
bool parseTorchConstant(Parser &p, PendingOp &pending);
/// `%a, %b : (T1, T2) -> R` (torch.prim.ListConstruct).
bool parseTorchListForm(Parser &p, PendingOp &pending);
/// `torch.vtensor.literal(dense<..> : tensor<..>) : T`.
bool parseTorchLiteral(Parser &p, PendingOp &pending);
/// `torch.symbolic_int "s1" {min_val = 2, max_val = 3} : !torch.int`.
bool parseSymbolicInt(Parser &p, PendingOp &pending);
/// `torch.bind_symbolic_shape %v, [%s0, ...], affine_map<..> : T`.
bool parseBindSymbolicShape(Parser &p, PendingOp &pending);

/// `torch.tensor_static_info_cast %v : T1 to T2`, T1's range kept for
/// `refine`.
bool parseTorchCastForm(Parser &p, PendingOp &pending);
/// `torch.copy.to_vtensor %t : R` (the operand's type is its value's).
bool parseTorchCopyForm(Parser &p, PendingOp &pending);
/// `torch.overwrite.tensor.contents %v overwrites %t : T1, T2`.
bool parseOverwriteForm(Parser &p, PendingOp &pending);

// TorchValues.cpp: integers, constants and bridges.
/// A `!torch.int` operand's value, nullopt when it is `!torch.none` (an
/// optional left out).
bool isNone(OpContext &c, size_t i);
/// The elements of a `!torch.list<int>` operand, when known.
std::optional<std::vector<TermId>> intList(OpContext &c, size_t i);
/// A dim index operand normalised as PyTorch does (`-1` is the last of
/// `rank` dims); nullopt, after an error or making the op opaque, when it is
/// not a known constant in [-rank, rank).
std::optional<size_t> dimIndex(OpContext &c, size_t i, size_t rank);
std::optional<size_t> normaliseDim(OpContext &c, int64_t dim, size_t rank);
void lowerTorchIntConstant(OpContext &c);
void lowerTorchValueConstant(OpContext &c); ///< bool, float, none, str, ...
void lowerListConstruct(OpContext &c);
void lowerSameShapeBridge(OpContext &c); ///< from/to_builtin_tensor, ...
void lowerScalarBridge(OpContext &c);    ///< torch_c.to_i64 / from_i64
void lowerSizeInt(OpContext &c);         ///< torch.aten.size.int
void lowerDimOp(OpContext &c);           ///< torch.aten.dim
void lowerNumel(OpContext &c);           ///< torch.aten.numel
void lowerLiteral(OpContext &c);         ///< torch.vtensor.literal
/// Reads or writes a mutable `!torch.tensor`: opaque with that reason.
void lowerMutableTensor(OpContext &c);

/// Integer arithmetic of `!torch.int` values (torch.aten.add.int, ...).
enum class TorchIntOp { Add, Sub, Mul, FloorDiv, Max, Min };
void lowerTorchIntArith(OpContext &c, TorchIntOp kind);

// TorchFacts.cpp
void lowerSymbolicInt(OpContext &c);
void lowerBindSymbolicShape(OpContext &c);
/// `$name` for torch.symbolic_int's `name`, made a SPEC §6 NAME: exporters
/// also name derived sizes ("16*s1"); see TorchFacts.cpp.
std::string symbolName(std::string_view name);
/// A size that meets others in a broadcast, with its declared static size
/// (nullopt for `?`).
struct BroadcastSize {
  TermId size;
  std::optional<int64_t> declared;
};
/// Dims [first, first + count) of ranked operand `i` as BroadcastSizes.
std::vector<BroadcastSize> broadcastSizes(OpContext &c, size_t i, size_t first,
                                          size_t count);
std::vector<BroadcastSize> broadcastSizes(OpContext &c, size_t i);
/// In a function with `torch.assume_strict_symbolic_shapes`, the shapes
/// broadcast (aligned from the last dim) never expand a `?` dim: facts.
void assumeStrictBroadcast(
    OpContext &c, const std::vector<std::vector<BroadcastSize>> &shapes);

// TorchChecks.cpp: scalar predicates and runtime checks.
/// `%cond, "message" {attrs}` (torch.runtime.assert).
bool parseRuntimeAssertForm(Parser &p, PendingOp &pending);
/// `%a, %b {attrs} : T1, T2` (an op without results: _assert_scalar).
bool parseTorchNoResultForm(Parser &p, PendingOp &pending);
void lowerTorchBoolConstant(OpContext &c); ///< torch.constant.bool
/// `!torch.int` comparisons (the first six, in CmpPred's order), bool logic
/// and the int / bool conversions: exact predicates.
enum class TorchPredicate {
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  And,
  Or,
  Not,
  BoolOfInt,
  IntOfBool
};
void lowerTorchPredicate(OpContext &c, TorchPredicate kind);
/// Runtime checks (kind `assert`).
enum class TorchCheck {
  RuntimeAssert,         ///< torch.runtime.assert
  AssertScalar,          ///< torch.aten._assert_scalar
  ConstrainRange,        ///< torch.aten.sym_constrain_range
  ConstrainRangeForSize, ///< torch.aten.sym_constrain_range_for_size
  AssertAsync            ///< torch.aten._assert_async.msg
};
void lowerTorchCheck(OpContext &c, TorchCheck kind);
/// torch.aten.scalar_tensor: a 0-d tensor; of a `!torch.bool`, its truth.
void lowerTorchScalarTensor(OpContext &c);

// TorchElementwise.cpp
/// Broadcasting elementwise ops: every ranked tensor operand broadcasts
/// with the others as NumPy does (PyTorch "Broadcasting semantics").
void lowerTorchBroadcast(OpContext &c);
/// Ops whose result has the shape of operand 0 (unary ops, `.Scalar`
/// forms, dtype conversions).
void lowerTorchSameShape(OpContext &c);
/// torch.aten.softmax.int / _softmax / log_softmax.int: same shape, the
/// dim operand (operand 1) in range.
void lowerTorchSoftmax(OpContext &c);
/// torch.aten._softmax_backward_data: grad and output of one shape.
void lowerTorchSoftmaxBackward(OpContext &c);

// TorchShapes.cpp
void lowerTorchView(OpContext &c); ///< view, reshape, _unsafe_view
/// A view-like size list (view, unflatten): at most one `-1` (its index in
/// `inferred`), the other sizes in `known`; false after an error or making
/// the op opaque (a size that may be -1 at runtime).
bool splitInferredSize(OpContext &c, const std::vector<TermId> &sizes,
                       std::optional<size_t> &inferred,
                       std::vector<TermId> &known);
void lowerTorchTranspose(OpContext &c);
void lowerTorchPermute(OpContext &c);
void lowerTorchUnsqueeze(OpContext &c);
void lowerTorchSqueezeDim(OpContext &c);
void lowerTorchFlatten(OpContext &c);
void lowerTorchSlice(OpContext &c);
void lowerTorchExpand(OpContext &c);
void lowerTorchReduce(OpContext &c); ///< mean.dim, sum.dim_IntList, amax

// TorchRepeat.cpp
/// Operand 0 ranked, `operands` operands and one result; else false, after
/// an error or making the op opaque.
bool selfAndList(OpContext &c, size_t operands);
void lowerTorchConstantPad(OpContext &c); ///< constant_pad_nd
void lowerTorchRepeat(OpContext &c);
void lowerTorchSelectInt(OpContext &c);

// TorchIndexing.cpp
void lowerTorchIndexSelect(OpContext &c);
void lowerTorchGather(OpContext &c);
void lowerTorchFlip(OpContext &c);
void lowerTorchPowScalar(OpContext &c);
void lowerTorchReduceAll(OpContext &c); ///< sum, mean (every dim)
/// new_zeros(self, size, ...), new_full(self, size, value, ...): the size
/// list is operand 1; empty_strided(size, stride, ...): operand 0.
void lowerTorchSizedFactory(OpContext &c, size_t list);
template <size_t List> void lowerTorchSizedFactoryAt(OpContext &c) {
  lowerTorchSizedFactory(c, List);
}
/// scatter.reduce(self, dim, index, src, reduce): self's shape; a non-empty
/// index within src, and within self but on `dim`.
void lowerTorchScatterReduce(OpContext &c);

// TorchAdvancedIndex.cpp: advanced indexing by a list of optional index
// tensors.
void lowerTorchIndexTensor(OpContext &c); ///< index.Tensor
/// index_put / _unsafe_index_put: self's shape, values expand to
/// self[indices]'s.
void lowerTorchIndexPut(OpContext &c);

// TorchLinalg.cpp
void lowerTorchMm(OpContext &c);
void lowerTorchBmm(OpContext &c);
void lowerTorchMatmul(OpContext &c);
void lowerTorchLinear(OpContext &c);
void lowerTorchEmbedding(OpContext &c);

// Joins, splits, factories and tuples.
// TorchJoin.cpp: `!torch.list<vtensor>` and tuple values element by element
// (OpContext::listItems).
/// torch.prim.ListConstruct of tensors (lowerListConstruct's other lists).
void lowerTensorListConstruct(OpContext &c);
/// torch.prim.ListConstruct of optional tensors (advanced indexing's
/// `indices`): each long / int tensor's dims, nothing for a none; any other
/// element leaves the list unknown.
void lowerIndexListConstruct(OpContext &c);
void lowerTorchCat(OpContext &c);
void lowerTorchStack(OpContext &c);
void lowerTorchSplit(OpContext &c); ///< split.Tensor
void lowerTorchSplitWithSizes(OpContext &c);
void lowerTorchChunk(OpContext &c);
void lowerTorchUnbind(OpContext &c); ///< unbind.int
void lowerListUnpack(OpContext &c);  ///< torch.prim.ListUnpack
/// aten.__getitem__.t and prim.TupleIndex: one element, Python's indexing.
void lowerListIndex(OpContext &c);
void lowerTupleConstruct(OpContext &c);

// TorchRelayout.cpp
void lowerTorchNarrow(OpContext &c);
void lowerTorchTile(OpContext &c);
void lowerTorchRoll(OpContext &c);
void lowerTorchExpandAs(OpContext &c);
void lowerTorchT(OpContext &c);
void lowerTorchSqueeze(OpContext &c);     ///< squeeze (every dim of size 1)
void lowerTorchSqueezeDims(OpContext &c); ///< squeeze.dims
void lowerTorchUnflatten(OpContext &c);   ///< unflatten.int
void lowerTorchPad(OpContext &c);         ///< aten.pad
/// torch.nn.functional.pad's modes: a `torch.constant.str` naming one holds
/// its number as its integer (lowerTorchValueConstant), read by aten.pad.
enum class TorchPadMode { Constant = 1, Reflect, Replicate, Circular };
std::optional<TorchPadMode> torchPadMode(std::string_view name);

// TorchFactories.cpp
/// zeros / ones / empty.memory_format / full (size list operand 0),
/// new_ones / new_empty (operand 1): sizes not negative.
void lowerTorchSizeFactory(OpContext &c, size_t list);
template <size_t List> void lowerTorchSizeFactoryAt(OpContext &c) {
  lowerTorchSizeFactory(c, List);
}
/// arange (`Bounds` 1: end), arange.start (2), arange.start_step (3).
void lowerTorchArange(OpContext &c, size_t bounds);
template <size_t Bounds> void lowerTorchArangeOf(OpContext &c) {
  lowerTorchArange(c, Bounds);
}
void lowerNumToTensor(OpContext &c);      ///< prim.NumToTensor.Scalar
void lowerTorchIntTensor(OpContext &c);   ///< aten.Int.Tensor
void lowerTorchFloatScalar(OpContext &c); ///< aten.Float.Scalar
void lowerTorchSizeList(OpContext &c);    ///< aten.size
/// `torch_c.to_i64 %v` / `torch_c.from_i64 %v` (no types written).
bool parseTorchCToI64(Parser &p, PendingOp &pending);
bool parseTorchCFromI64(Parser &p, PendingOp &pending);

// Neural-network ops (TorchReduce.cpp, TorchNorm.cpp, TorchMasked.cpp,
// TorchMatrix.cpp, TorchConv.cpp), each from its PyTorch documentation page,
// cited by op name; the helpers below are shared by those files.

// TorchReduce.cpp
/// The op has `operands` operands (or `operands`..`most`), `results`
/// results, and the operands `tensors` are ranked tensors; otherwise it is
/// made opaque (a form not read is never guessed) and false returned.
bool torchTensors(OpContext &c, std::initializer_list<size_t> tensors,
                  size_t results, size_t operands, size_t most = 0);
/// A `!torch.bool` operand that is a constant (else opaque, nullopt).
std::optional<bool> torchFlag(OpContext &c, size_t i);
/// A `!torch.list<int>` operand whose elements are all constants (else
/// opaque, nullopt).
std::optional<std::vector<int64_t>> torchConstantList(OpContext &c, size_t i);
/// amin(self, dim, keepdim): the listed dims reduced, each not empty.
void lowerTorchAmin(OpContext &c);
/// max.dim / min.dim(self, dim, keepdim): values and indices.
void lowerTorchMaxDim(OpContext &c);
/// argmax / argmin(self, dim?, keepdim): none flattens to rank 0.
void lowerTorchArgReduce(OpContext &c);
/// max / min(self): rank 0, self not empty.
void lowerTorchMaxAll(OpContext &c);
/// var / std (.correction, .dim), var_mean.correction, norm.ScalarOpt_dim,
/// linalg_vector_norm: a dim list (none: every dim) and keepdim, each op's
/// operands as its function says.
void lowerTorchStatReduce(OpContext &c);
void lowerTorchVarMean(OpContext &c);
void lowerTorchNormReduce(OpContext &c);
void lowerTorchVectorNorm(OpContext &c);
/// any.dim / all.dim / prod.dim_int(self, dim, keepdim, ...): one dim.
void lowerTorchReduceOneDim(OpContext &c);
/// topk(self, k, dim, largest, sorted): dim `dim` becomes k <= its size.
void lowerTorchTopk(OpContext &c);

// TorchNorm.cpp
void lowerTorchLayerNorm(OpContext &c);
void lowerTorchNativeLayerNorm(OpContext &c);
void lowerTorchRmsNorm(OpContext &c);
void lowerTorchGroupNorm(OpContext &c);
void lowerTorchNativeGroupNorm(OpContext &c);
void lowerTorchBatchNorm(OpContext &c);
/// _native_batch_norm_legit_no_training.
void lowerTorchNativeBatchNorm(OpContext &c);

// TorchMasked.cpp
/// masked_fill.Scalar / .Tensor: self and mask broadcast; a tensor value
/// is 0-d.
void lowerTorchMaskedFill(OpContext &c);

// TorchMatrix.cpp
void lowerTorchAddmm(OpContext &c);
void lowerTorchBaddbmm(OpContext &c);
void lowerTorchAttention(OpContext &c); ///< scaled_dot_product_attention
/// _scaled_dot_product_flash_attention_for_cpu: (output, logsumexp).
void lowerTorchFlashAttentionCpu(OpContext &c);

// TorchSelected.cpp: a result size the data decides, a fresh count in
// [0, numel].
void lowerTorchNonzero(OpContext &c);      ///< nonzero: [z, rank]
void lowerTorchMaskedSelect(OpContext &c); ///< masked_select: [n]

// TorchConv.cpp
void lowerTorchConvolution(OpContext &c); ///< convolution
void lowerTorchConvNd(OpContext &c);      ///< conv1d, conv2d, conv3d
/// grad_input, grad_weight, grad_bias, as output_mask asks.
void lowerTorchConvolutionBackward(OpContext &c);
void lowerTorchMaxPool2d(OpContext &c);
void lowerTorchMaxPool2dWithIndices(OpContext &c);
void lowerTorchAvgPool2d(OpContext &c);
void lowerTorchAdaptiveAvgPool2d(OpContext &c);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_TORCH_TORCHINTERNAL_H
