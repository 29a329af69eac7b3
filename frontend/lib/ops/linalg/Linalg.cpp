//===- Linalg.cpp - Op entries: linalg ------------------------------------===//
//
// One entry per op: its custom syntax, shape function and runtime
// requirements (see OpTable.h). Every structured op follows the loop rule
// of LinalgInternal.h (dims bound to one loop are equal, results are the
// tensor outs); named ops give their loops as letters, linalg.generic as
// indexing maps. Result types equal the outs types (the verifier demands
// it), so `refine` leaves them alone.
//
//===----------------------------------------------------------------------===//

#include "LinalgInternal.h"
#include "ops/OpTable.h"
#include "ops/rules/OpRules.h"

namespace symshape::frontend {

namespace {

constexpr Contraction kMatmul{"mk", "kn", "mn"};
constexpr Contraction kMatmulTA{"km", "kn", "mn"};
constexpr Contraction kMatmulTB{"mk", "nk", "mn"};
constexpr Contraction kBatchMatmul{"bmk", "bkn", "bmn"};
constexpr Contraction kBatchMatmulTA{"bkm", "bkn", "bmn"};
constexpr Contraction kBatchMatmulTB{"bmk", "bnk", "bmn"};
constexpr Contraction kBatchReduceMatmul{"bmk", "bkn", "mn"};
constexpr Contraction kMatvec{"mk", "k", "m"};
constexpr Contraction kVecmat{"k", "kn", "n"};
constexpr Contraction kBatchMatvec{"bmk", "bk", "bm"};
constexpr Contraction kBatchVecmat{"bk", "bkn", "bn"};
constexpr Contraction kDot{"k", "k", ""};

constexpr Window kConv1dNwcWcf{"N0C", "0CF", "N0F"};
constexpr Window kConv2d{"01", "01", "01"};
constexpr Window kConv2dNhwcHwcf{"N01C", "01CF", "N01F"};
constexpr Window kConv2dNhwcFhwc{"N01C", "F01C", "N01F"};
constexpr Window kConv2dNchwFchw{"NC01", "FC01", "NF01"};
constexpr Window kConv3dNdhwcDhwcf{"N012C", "012CF", "N012F"};
constexpr Window kDepthwise1dNwcWc{"N0C", "0C", "N0C"};
constexpr Window kDepthwise2dNhwcHwc{"N01C", "01C", "N01C"};
constexpr Window kDepthwise2dNchwChw{"NC01", "C01", "NC01"};
constexpr Window kPoolNhwc{"N01C", "01", "N01C"};
constexpr Window kPoolNchw{"NC01", "01", "NC01"};
constexpr Window kPoolNwc{"N0C", "0", "N0C"};

} // namespace

/// `summary`: the dims, e.g. "MxK * KxN -> MxN"; dims of one letter are
/// equal and the result is the outs.
constexpr OpEntry contraction(std::string_view name, LowerFn lower,
                              std::string_view summary) {
  return {name, parseLinalgOp, lower, kRefineNone, summary};
}
constexpr OpEntry window(std::string_view name, LowerFn lower) {
  return {name, parseLinalgOp, lower, kRefineNone,
          "out = floor((in - dilation*(k-1) - 1) / stride) + 1; result = outs"};
}
constexpr OpEntry elementwise(std::string_view name) {
  return {name, parseLinalgOp, lowerIdentityLoops, kRefineNone,
          "elementwise: ins and outs of one shape; result = outs"};
}

static const OpEntry kLinalgEntries[] = {
    contraction("linalg.matmul", lowerContractionOf<kMatmul>,
                "MxK * KxN -> MxN"),
    contraction("linalg.matmul_unsigned", lowerContractionOf<kMatmul>,
                "MxK * KxN -> MxN"),
    contraction("linalg.matmul_transpose_a", lowerContractionOf<kMatmulTA>,
                "KxM * KxN -> MxN"),
    contraction("linalg.matmul_transpose_b", lowerContractionOf<kMatmulTB>,
                "MxK * NxK -> MxN"),
    contraction("linalg.batch_matmul", lowerContractionOf<kBatchMatmul>,
                "BxMxK * BxKxN -> BxMxN"),
    contraction("linalg.batch_matmul_transpose_a",
                lowerContractionOf<kBatchMatmulTA>, "BxKxM * BxKxN -> BxMxN"),
    contraction("linalg.batch_matmul_transpose_b",
                lowerContractionOf<kBatchMatmulTB>, "BxMxK * BxNxK -> BxMxN"),
    contraction("linalg.batch_reduce_matmul",
                lowerContractionOf<kBatchReduceMatmul>, "BxMxK * BxKxN -> MxN"),
    contraction("linalg.matvec", lowerContractionOf<kMatvec>, "MxK * K -> M"),
    contraction("linalg.vecmat", lowerContractionOf<kVecmat>, "K * KxN -> N"),
    contraction("linalg.batch_matvec", lowerContractionOf<kBatchMatvec>,
                "BxMxK * BxK -> BxM"),
    contraction("linalg.batch_vecmat", lowerContractionOf<kBatchVecmat>,
                "BxK * BxKxN -> BxN"),
    contraction("linalg.dot", lowerContractionOf<kDot>, "K * K -> scalar"),
    window("linalg.conv_1d_nwc_wcf", lowerWindowOf<kConv1dNwcWcf>),
    window("linalg.conv_2d", lowerWindowOf<kConv2d>),
    window("linalg.conv_2d_nhwc_hwcf", lowerWindowOf<kConv2dNhwcHwcf>),
    window("linalg.conv_2d_nhwc_fhwc", lowerWindowOf<kConv2dNhwcFhwc>),
    window("linalg.conv_2d_nchw_fchw", lowerWindowOf<kConv2dNchwFchw>),
    window("linalg.conv_3d_ndhwc_dhwcf", lowerWindowOf<kConv3dNdhwcDhwcf>),
    window("linalg.depthwise_conv_1d_nwc_wc", lowerWindowOf<kDepthwise1dNwcWc>),
    window("linalg.depthwise_conv_2d_nhwc_hwc",
           lowerWindowOf<kDepthwise2dNhwcHwc>),
    window("linalg.depthwise_conv_2d_nchw_chw",
           lowerWindowOf<kDepthwise2dNchwChw>),
    window("linalg.pooling_nhwc_max", lowerWindowOf<kPoolNhwc>),
    window("linalg.pooling_nhwc_min", lowerWindowOf<kPoolNhwc>),
    window("linalg.pooling_nhwc_sum", lowerWindowOf<kPoolNhwc>),
    window("linalg.pooling_nhwc_max_unsigned", lowerWindowOf<kPoolNhwc>),
    window("linalg.pooling_nhwc_min_unsigned", lowerWindowOf<kPoolNhwc>),
    window("linalg.pooling_nchw_max", lowerWindowOf<kPoolNchw>),
    window("linalg.pooling_nchw_sum", lowerWindowOf<kPoolNchw>),
    window("linalg.pooling_nwc_max", lowerWindowOf<kPoolNwc>),
    window("linalg.pooling_nwc_min", lowerWindowOf<kPoolNwc>),
    window("linalg.pooling_nwc_sum", lowerWindowOf<kPoolNwc>),
    elementwise("linalg.add"),
    elementwise("linalg.sub"),
    elementwise("linalg.mul"),
    elementwise("linalg.div"),
    elementwise("linalg.div_unsigned"),
    elementwise("linalg.max"),
    elementwise("linalg.min"),
    elementwise("linalg.powf"),
    elementwise("linalg.exp"),
    elementwise("linalg.log"),
    elementwise("linalg.abs"),
    elementwise("linalg.ceil"),
    elementwise("linalg.floor"),
    elementwise("linalg.negf"),
    elementwise("linalg.reciprocal"),
    elementwise("linalg.round"),
    elementwise("linalg.sqrt"),
    elementwise("linalg.rsqrt"),
    elementwise("linalg.square"),
    elementwise("linalg.tanh"),
    elementwise("linalg.erf"),
    elementwise("linalg.select"),
    elementwise("linalg.elemwise_unary"),
    elementwise("linalg.elemwise_binary"),
    elementwise("linalg.elementwise"),
    {"linalg.fill", parseLinalgOp, lowerIdentityLoops, kRefineNone,
     "result = outs"},
    {"linalg.copy", parseLinalgOp, lowerIdentityLoops, kRefineNone,
     "ins and outs of one shape; result = outs"},
    {"linalg.map", parseLinalgImplicitResults, lowerIdentityLoops, kRefineNone,
     "ins and init of one shape; result = init"},
    {"linalg.reduce", parseLinalgImplicitResults, lowerReduce, kRefineNone,
     "init = input without `dimensions`; result = init"},
    {"linalg.transpose", parseLinalgImplicitResults, lowerTranspose,
     kRefineNone, "init dim i = input dim permutation[i]; result = init"},
    {"linalg.broadcast", parseLinalgBroadcast, lowerBroadcast, kRefineNone,
     "mapped input and init dims equal (the linalg.broadcast RFC)"},
    {"linalg.pack", parsePackOp, lowerLinalgPack, kRefineNone,
     "result = dest; dest outer dim = source dim ceildiv tile (permuted), "
     "untiled dims equal, tile dims = tiles; no padding_value: tiles divide"},
    {"linalg.unpack", parseUnpackOp, lowerLinalgUnpack, kRefineNone,
     "result = dest; source outer dim = dest dim ceildiv tile (permuted), "
     "untiled dims equal, tile dims = tiles"},
    {"linalg.softmax", parseSoftmax, lowerSoftmax, kRefineNone,
     "input and output of one shape; result = output"},
    {"linalg.generic", parseLinalgOp, lowerGeneric, kRefineNone,
     "dims bound to one loop by indexing_maps equal; result = outs"},
    {"linalg.yield", nullptr, nullptr, kRefineNone, "body terminator"},
    {"linalg.index", nullptr, lowerResultsFromTypes, kRefineNone,
     "loop index (body)"},
};

OpFamily linalgFamily() {
  return {"linalg", kLinalgEntries,
          sizeof(kLinalgEntries) / sizeof(kLinalgEntries[0])};
}

/// MLIR 16-19 spellings of linalg.pack / unpack (LinalgRelayout.cpp); the
/// documentation lists them in the tensor family.
static const OpEntry kTensorRelayoutEntries[] = {
    {"tensor.pack", parsePackOp, lowerTensorPack, kRefineNone,
     "as linalg.pack, but dest outer dim >= source dim ceildiv tile (MLIR "
     "16-19 allow extra padding)"},
    {"tensor.unpack", parseUnpackOp, lowerTensorUnpack, kRefineNone,
     "as linalg.unpack, but source outer dim >= dest dim ceildiv tile"},
};

OpFamily tensorRelayoutOps() {
  return {"tensor", kTensorRelayoutEntries,
          sizeof(kTensorRelayoutEntries) / sizeof(kTensorRelayoutEntries[0])};
}

} // namespace symshape::frontend
