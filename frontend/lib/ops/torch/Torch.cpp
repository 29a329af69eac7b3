//===- Torch.cpp - Op entries: torch-mlir's torch dialect -----------------===//
//
// One entry per op (see OpTable.h), named as torch-mlir names them; the
// rules follow PyTorch's documentation of each op (TorchInternal.h). No
// entry lets `refine` rewrite its types: `refine` keeps the torch types as
// written. Ops not listed stay opaque with their name.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"
#include "ops/OpTable.h"

namespace symshape::frontend {

template <TorchIntOp Kind> static void lowerIntArith(OpContext &c) {
  lowerTorchIntArith(c, Kind);
}

static constexpr OpEntry torchOp(std::string_view name, LowerFn lower,
                                 std::string_view summary) {
  return {name, parseTorchOpForm, lower, kRefineNone, summary};
}
static constexpr OpEntry broadcastOp(std::string_view name) {
  return torchOp(name, lowerTorchBroadcast,
                 "tensor operands broadcast as NumPy does");
}
static constexpr OpEntry sameShapeOp(std::string_view name) {
  return torchOp(name, lowerTorchSameShape, "the shape of operand 0");
}
static constexpr OpEntry constantOp(std::string_view name, LowerFn lower) {
  return {name, parseTorchConstant, lower, kRefineNone,
          "a constant (`!torch.int`: its integer)"};
}
static constexpr OpEntry intOp(std::string_view name, LowerFn lower) {
  return withoutSideEffects(
      torchOp(name, lower, "exact integer arithmetic on `!torch.int`"));
}

template <TorchPredicate Kind> static void lowerPredicate(OpContext &c) {
  lowerTorchPredicate(c, Kind);
}
template <TorchCheck Kind> static void lowerCheck(OpContext &c) {
  lowerTorchCheck(c, Kind);
}
static constexpr OpEntry predicateOp(std::string_view name, LowerFn lower) {
  return withoutSideEffects(
      torchOp(name, lower, "an exact predicate on `!torch.int`/`!torch.bool`"));
}
static constexpr OpEntry checkOp(std::string_view name, LowerFn lower,
                                 std::string_view summary) {
  return withRole({name, parseTorchNoResultForm, lower, kRefineNone, summary},
                  OpRole::Assert);
}

static const OpEntry kEntries[] = {
    // Constants, lists, bridges and PyTorch's symbolic sizes.
    constantOp("torch.constant.int", lowerTorchIntConstant),
    constantOp("torch.constant.bool", lowerTorchBoolConstant),
    constantOp("torch.constant.float", lowerTorchValueConstant),
    constantOp("torch.constant.none", lowerTorchValueConstant),
    constantOp("torch.constant.str", lowerTorchValueConstant),
    constantOp("torch.constant.device", lowerTorchValueConstant),
    {"torch.prim.ListConstruct", parseTorchListForm, lowerListConstruct,
     kRefineNone, "a `!torch.list<int>` of its operands, element by element"},
    {"torch.vtensor.literal", parseTorchLiteral, lowerLiteral, kRefineNone,
     "a constant tensor of its declared type"},
    {"torch.symbolic_int", parseSymbolicInt, lowerSymbolicInt, kRefineNone,
     "the size symbol `$name` in [min_val, max_val] (facts)"},
    {"torch.bind_symbolic_shape", parseBindSymbolicShape,
     lowerBindSymbolicShape, kRefineNone,
     "the value's dims equal the affine expressions: a fact for free sizes, "
     "else a `bind` requirement"},
    torchOp("torch_c.from_builtin_tensor", lowerSameShapeBridge,
            "the same sizes"),
    torchOp("torch_c.to_builtin_tensor", lowerSameShapeBridge,
            "the same sizes"),
    torchOp("torch.tensor_static_info_cast", lowerSameShapeBridge,
            "the same sizes; a more static declared dim is a result-cast"),
    {"torch.copy.to_vtensor", parseTorchCopyForm, lowerMutableTensor,
     kRefineNone, "opaque: reads a mutable `!torch.tensor`"},
    {"torch.copy.to_tensor", parseTorchCopyForm, lowerMutableTensor,
     kRefineNone, "opaque: makes a mutable `!torch.tensor`"},
    {"torch.overwrite.tensor.contents", parseOverwriteForm, lowerMutableTensor,
     kRefineNone, "opaque: writes a mutable `!torch.tensor`"},
    torchOp("torch.aten.size.int", lowerSizeInt, "the size of dim `dim`"),
    torchOp("torch.aten.dim", lowerDimOp, "the rank"),
    torchOp("torch.aten.numel", lowerNumel, "the product of the sizes"),
    intOp("torch.aten.add.int", lowerIntArith<TorchIntOp::Add>),
    intOp("torch.aten.sub.int", lowerIntArith<TorchIntOp::Sub>),
    intOp("torch.aten.mul.int", lowerIntArith<TorchIntOp::Mul>),
    intOp("torch.aten.floordiv.int", lowerIntArith<TorchIntOp::FloorDiv>),
    intOp("torch.prim.max.int", lowerIntArith<TorchIntOp::Max>),
    intOp("torch.prim.min.int", lowerIntArith<TorchIntOp::Min>),
    // Scalar predicates and runtime checks.
    predicateOp("torch.aten.eq.int", lowerPredicate<TorchPredicate::Eq>),
    predicateOp("torch.aten.ne.int", lowerPredicate<TorchPredicate::Ne>),
    predicateOp("torch.aten.lt.int", lowerPredicate<TorchPredicate::Lt>),
    predicateOp("torch.aten.le.int", lowerPredicate<TorchPredicate::Le>),
    predicateOp("torch.aten.gt.int", lowerPredicate<TorchPredicate::Gt>),
    predicateOp("torch.aten.ge.int", lowerPredicate<TorchPredicate::Ge>),
    predicateOp("torch.aten.__and__.bool", lowerPredicate<TorchPredicate::And>),
    predicateOp("torch.aten.__or__.bool", lowerPredicate<TorchPredicate::Or>),
    predicateOp("torch.aten.__not__", lowerPredicate<TorchPredicate::Not>),
    predicateOp("torch.aten.Bool.int",
                lowerPredicate<TorchPredicate::BoolOfInt>),
    predicateOp("torch.aten.Int.bool",
                lowerPredicate<TorchPredicate::IntOfBool>),
    {"torch.runtime.assert", parseRuntimeAssertForm,
     lowerCheck<TorchCheck::RuntimeAssert>, kRefineNone,
     "a runtime check of its `!torch.bool` (`assert`); later ops may assume "
     "it holds",
     false, OpRole::Assert},
    checkOp("torch.aten._assert_scalar", lowerCheck<TorchCheck::AssertScalar>,
            "a runtime check that its `!torch.int` is not 0 (`assert`)"),
    checkOp("torch.aten.sym_constrain_range",
            lowerCheck<TorchCheck::ConstrainRange>,
            "a runtime check of `min <= size <= max` (`assert`)"),
    checkOp("torch.aten.sym_constrain_range_for_size",
            lowerCheck<TorchCheck::ConstrainRangeForSize>,
            "a runtime check of `min <= size <= max`, `min` 0 by default, "
            "`max > 2` (`assert`)"),
    // Broadcasting elementwise ops.
    broadcastOp("torch.aten.add.Tensor"),
    broadcastOp("torch.aten.sub.Tensor"),
    broadcastOp("torch.aten.mul.Tensor"),
    broadcastOp("torch.aten.div.Tensor"),
    broadcastOp("torch.aten.div.Tensor_mode"),
    broadcastOp("torch.aten.where.self"),
    broadcastOp("torch.aten.where.ScalarOther"),
    broadcastOp("torch.aten.where.ScalarSelf"),
    broadcastOp("torch.aten.maximum"),
    broadcastOp("torch.aten.minimum"),
    broadcastOp("torch.aten.eq.Tensor"),
    broadcastOp("torch.aten.ne.Tensor"),
    broadcastOp("torch.aten.lt.Tensor"),
    broadcastOp("torch.aten.le.Tensor"),
    broadcastOp("torch.aten.gt.Tensor"),
    broadcastOp("torch.aten.ge.Tensor"),
    broadcastOp("torch.aten.pow.Tensor_Tensor"),
    broadcastOp("torch.aten.logical_and"),
    broadcastOp("torch.aten.logical_or"),
    broadcastOp("torch.aten.remainder.Tensor"),
    // Ops keeping the shape of operand 0.
    sameShapeOp("torch.aten.relu"),
    sameShapeOp("torch.aten.gelu"),
    sameShapeOp("torch.aten.silu"),
    sameShapeOp("torch.aten.sigmoid"),
    sameShapeOp("torch.aten.tanh"),
    sameShapeOp("torch.aten.exp"),
    sameShapeOp("torch.aten.neg"),
    sameShapeOp("torch.aten.abs"),
    sameShapeOp("torch.aten.rsqrt"),
    sameShapeOp("torch.aten.sqrt"),
    sameShapeOp("torch.aten.log"),
    sameShapeOp("torch.aten.log1p"),
    sameShapeOp("torch.aten.sin"),
    sameShapeOp("torch.aten.cos"),
    sameShapeOp("torch.aten.erf"),
    sameShapeOp("torch.aten.reciprocal"),
    sameShapeOp("torch.aten.clone"),
    sameShapeOp("torch.aten.detach"),
    sameShapeOp("torch.aten.contiguous"),
    sameShapeOp("torch.aten.to.dtype"),
    sameShapeOp("torch.aten._to_copy"),
    sameShapeOp("torch.prims.convert_element_type"),
    sameShapeOp("torch.aten.pow.Tensor_Scalar"),
    sameShapeOp("torch.aten.add.Scalar"),
    sameShapeOp("torch.aten.sub.Scalar"),
    sameShapeOp("torch.aten.mul.Scalar"),
    sameShapeOp("torch.aten.div.Scalar"),
    sameShapeOp("torch.aten.floor_divide.Scalar"),
    sameShapeOp("torch.aten.remainder.Scalar"),
    sameShapeOp("torch.aten.eq.Scalar"),
    sameShapeOp("torch.aten.ne.Scalar"),
    sameShapeOp("torch.aten.lt.Scalar"),
    sameShapeOp("torch.aten.le.Scalar"),
    sameShapeOp("torch.aten.gt.Scalar"),
    sameShapeOp("torch.aten.ge.Scalar"),
    sameShapeOp("torch.aten.fill.Scalar"),
    sameShapeOp("torch.aten.ones_like"),
    sameShapeOp("torch.aten.zeros_like"),
    sameShapeOp("torch.aten.empty_like"),
    torchOp("torch.aten.softmax.int", lowerTorchSoftmax,
            "the shape of self; `dim` in range"),
    torchOp("torch.aten._softmax", lowerTorchSoftmax,
            "the shape of self; `dim` in range"),
    torchOp("torch.aten.log_softmax.int", lowerTorchSoftmax,
            "the shape of self; `dim` in range"),
    torchOp("torch.aten._log_softmax", lowerTorchSoftmax,
            "the shape of self; `dim` in range"),
    // Reshapes, relayouts, slices, reductions.
    torchOp("torch.aten.view", lowerTorchView,
            "the sizes of the list, one -1 inferred; element count kept"),
    torchOp("torch.aten.reshape", lowerTorchView,
            "the sizes of the list, one -1 inferred; element count kept"),
    torchOp("torch.aten._unsafe_view", lowerTorchView,
            "the sizes of the list, one -1 inferred; element count kept"),
    torchOp("torch.aten.transpose.int", lowerTorchTranspose,
            "two dims swapped (negative dims from the end)"),
    torchOp("torch.aten.permute", lowerTorchPermute, "dims permuted"),
    torchOp("torch.aten.unsqueeze", lowerTorchUnsqueeze, "a 1 inserted"),
    torchOp("torch.aten.squeeze.dim", lowerTorchSqueezeDim,
            "the dim removed when its size is 1"),
    torchOp("torch.aten.flatten.using_ints", lowerTorchFlatten,
            "dims start..end multiplied into one"),
    torchOp("torch.aten.slice.Tensor", lowerTorchSlice,
            "bounds clamped as PyTorch does; ceil((end - start) / step)"),
    torchOp("torch.aten.expand", lowerTorchExpand,
            "-1 keeps a size; a size other than 1 must equal the new one"),
    torchOp("torch.aten.mean.dim", lowerTorchReduce,
            "the listed dims reduced (kept as 1 with keepdim)"),
    torchOp("torch.aten.sum.dim_IntList", lowerTorchReduce,
            "the listed dims reduced (kept as 1 with keepdim)"),
    torchOp("torch.aten.amax", lowerTorchReduce,
            "the listed dims reduced (kept as 1 with keepdim)"),
    torchOp("torch.aten.constant_pad_nd", lowerTorchConstantPad,
            "pairs of paddings from the last dim; sizes not negative"),
    torchOp("torch.aten.repeat", lowerTorchRepeat,
            "each dim times its count; extra counts lead"),
    torchOp("torch.aten.select.int", lowerTorchSelectInt,
            "the dim removed; index in [-size, size)"),
    torchOp("torch.aten.index_select", lowerTorchIndexSelect,
            "dim `dim` becomes the index's length"),
    torchOp("torch.aten.gather", lowerTorchGather,
            "the index's shape; its other dims at most self's"),
    torchOp("torch.aten.flip", lowerTorchFlip,
            "the shape of self; distinct dims in range"),
    torchOp("torch.aten.pow.Scalar", lowerTorchPowScalar,
            "the shape of the exponent tensor"),
    torchOp("torch.aten.sum", lowerTorchReduceAll, "every dim reduced: rank 0"),
    torchOp("torch.aten.mean", lowerTorchReduceAll,
            "every dim reduced: rank 0"),
    torchOp("torch.aten.new_zeros", lowerTorchSizedFactoryAt<1>,
            "the sizes of the list, none negative"),
    torchOp("torch.aten.new_full", lowerTorchSizedFactoryAt<1>,
            "the sizes of the list, none negative"),
    torchOp("torch.aten.empty_strided", lowerTorchSizedFactoryAt<0>,
            "the sizes of the list, none negative"),
    // Matrix products and embedding.
    torchOp("torch.aten.mm", lowerTorchMm, "[n,m] x [m,p] -> [n,p]"),
    torchOp("torch.aten.bmm", lowerTorchBmm,
            "[b,n,m] x [b,m,p] -> [b,n,p]; batch and contracted equal"),
    torchOp("torch.aten.matmul", lowerTorchMatmul,
            "1-D and N-D operands; batch dims broadcast"),
    torchOp("torch.aten.linear", lowerTorchLinear,
            "[..., in] x [out, in] -> [..., out], bias broadcast"),
    torchOp("torch.aten.embedding", lowerTorchEmbedding,
            "indices' shape + [weight[1]]"),
};

OpFamily torchFamily() {
  return {"torch", kEntries, sizeof(kEntries) / sizeof(kEntries[0])};
}

} // namespace symshape::frontend
