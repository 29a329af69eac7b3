//===- Linalg.cpp - Op entries: linalg ------------------------------------===//
//
// One entry per op: its custom syntax, shape function and runtime
// requirements (see OpTable.h). Every structured op follows the loop rule
// of LinalgRules.h (dims bound to one loop are equal, results are the
// tensor outs); named ops give their loops as letters, linalg.generic as
// indexing maps. Result types equal the outs types (the verifier demands
// it), so `refine` leaves them alone.
//
//===----------------------------------------------------------------------===//

#include "LinalgRules.h"
#include "OpTable.h"

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

void lowerNothing(OpContext &) {}

} // namespace

#define CONTRACTION(NAME, SHAPE, SUMMARY)                                      \
  {"linalg." NAME, parseLinalgOp, lowerContractionOf<SHAPE>, kRefineNone,      \
   SUMMARY "; dims of one letter equal; result = outs"},
#define WINDOW(NAME, SHAPE)                                                    \
  {"linalg." NAME, parseLinalgOp, lowerWindowOf<SHAPE>, kRefineNone,           \
   "out = floor((in - dilation*(k-1) - 1) / stride) + 1; result = outs"},
#define ELEMENTWISE(NAME)                                                      \
  {"linalg." NAME, parseLinalgOp, lowerIdentityLoops, kRefineNone,             \
   "elementwise: ins and outs of one shape; result = outs"},

static const OpEntry kEntries[] = {
    CONTRACTION("matmul", kMatmul, "MxK * KxN -> MxN")
    CONTRACTION("matmul_unsigned", kMatmul, "MxK * KxN -> MxN")
    CONTRACTION("matmul_transpose_a", kMatmulTA, "KxM * KxN -> MxN")
    CONTRACTION("matmul_transpose_b", kMatmulTB, "MxK * NxK -> MxN")
    CONTRACTION("batch_matmul", kBatchMatmul, "BxMxK * BxKxN -> BxMxN")
    CONTRACTION("batch_matmul_transpose_a", kBatchMatmulTA,
                "BxKxM * BxKxN -> BxMxN")
    CONTRACTION("batch_matmul_transpose_b", kBatchMatmulTB,
                "BxMxK * BxNxK -> BxMxN")
    CONTRACTION("batch_reduce_matmul", kBatchReduceMatmul,
                "BxMxK * BxKxN -> MxN")
    CONTRACTION("matvec", kMatvec, "MxK * K -> M")
    CONTRACTION("vecmat", kVecmat, "K * KxN -> N")
    CONTRACTION("batch_matvec", kBatchMatvec, "BxMxK * BxK -> BxM")
    CONTRACTION("batch_vecmat", kBatchVecmat, "BxK * BxKxN -> BxN")
    CONTRACTION("dot", kDot, "K * K -> scalar")
    WINDOW("conv_1d_nwc_wcf", kConv1dNwcWcf)
    WINDOW("conv_2d", kConv2d)
    WINDOW("conv_2d_nhwc_hwcf", kConv2dNhwcHwcf)
    WINDOW("conv_2d_nhwc_fhwc", kConv2dNhwcFhwc)
    WINDOW("conv_2d_nchw_fchw", kConv2dNchwFchw)
    WINDOW("conv_3d_ndhwc_dhwcf", kConv3dNdhwcDhwcf)
    WINDOW("depthwise_conv_1d_nwc_wc", kDepthwise1dNwcWc)
    WINDOW("depthwise_conv_2d_nhwc_hwc", kDepthwise2dNhwcHwc)
    WINDOW("depthwise_conv_2d_nchw_chw", kDepthwise2dNchwChw)
    WINDOW("pooling_nhwc_max", kPoolNhwc)
    WINDOW("pooling_nhwc_min", kPoolNhwc)
    WINDOW("pooling_nhwc_sum", kPoolNhwc)
    WINDOW("pooling_nhwc_max_unsigned", kPoolNhwc)
    WINDOW("pooling_nhwc_min_unsigned", kPoolNhwc)
    WINDOW("pooling_nchw_max", kPoolNchw)
    WINDOW("pooling_nchw_sum", kPoolNchw)
    WINDOW("pooling_nwc_max", kPoolNwc)
    WINDOW("pooling_nwc_min", kPoolNwc)
    WINDOW("pooling_nwc_sum", kPoolNwc)
    ELEMENTWISE("add") ELEMENTWISE("sub") ELEMENTWISE("mul")
    ELEMENTWISE("div") ELEMENTWISE("div_unsigned") ELEMENTWISE("max")
    ELEMENTWISE("min") ELEMENTWISE("powf") ELEMENTWISE("exp")
    ELEMENTWISE("log") ELEMENTWISE("abs") ELEMENTWISE("ceil")
    ELEMENTWISE("floor") ELEMENTWISE("negf") ELEMENTWISE("reciprocal")
    ELEMENTWISE("round") ELEMENTWISE("sqrt") ELEMENTWISE("rsqrt")
    ELEMENTWISE("square") ELEMENTWISE("tanh") ELEMENTWISE("erf")
    ELEMENTWISE("select") ELEMENTWISE("elemwise_unary")
    ELEMENTWISE("elemwise_binary") ELEMENTWISE("elementwise")
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
    {"linalg.broadcast", parseLinalgImplicitResults, lowerBroadcast,
     kRefineNone, "mapped input and init dims equal (seed 002)"},
    {"linalg.generic", parseLinalgOp, lowerGeneric, kRefineNone,
     "dims bound to one loop by indexing_maps equal; result = outs"},
    {"linalg.yield", nullptr, lowerNothing, kRefineNone, "body terminator"},
    {"linalg.index", nullptr, lowerNothing, kRefineNone, "loop index (body)"},
};

#undef CONTRACTION
#undef WINDOW
#undef ELEMENTWISE

OpFamily linalgFamily() {
  return {"linalg", kEntries, sizeof(kEntries) / sizeof(kEntries[0])};
}

} // namespace symshape::frontend
