//===- OnnxGen.h - Model-like ONNX programs in both spellings ---*- C++ -*-===//
//
// Seeded generator of ONNX graphs shaped like exported transformer blocks
// (a dynamic batch and sequence, a projection MatMul with weight constants
// and an Add bias, a shape subgraph Shape -> Gather / Slice -> Concat with
// constants -> Reshape, Transpose, attention MatMuls, an Unsqueezed mask
// added to the scores, Softmax, ReduceMean, an Expand against a computed
// shape). One description (OnnxGraph) is printed in the two MLIR spellings
// of ONNX:
//
//   torch-mlir's importer (iree-import-onnx):
//     %3 = torch.operator "onnx.Add"(%1, %2) : (!torch.vtensor<[?,?,4],f32>,
//          !torch.vtensor<[4],f32>) -> !torch.vtensor<[?,?,4],f32>
//   onnx-mlir's onnx dialect:
//     %3 = "onnx.Add"(%1, %2) : (tensor<?x?x4xf32>, tensor<4xf32>)
//          -> tensor<?x?x4xf32>
//
// A program is correct (no UB for any runtime sizes) or has exactly one
// planted mismatch at a known node (OnnxPlant).
//
//   OnnxProgram p = generateOnnx(7, OnnxPlant::Expand);
//   p.torch, p.dialect         // the two texts
//   p.plantedOp(OnnxSpelling::Torch)   // its top-level op index there
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_ONNXGEN_H
#define SYMSHAPE_MODELS_ONNXGEN_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace symshape::models {

enum class OnnxSpelling { Torch, Dialect };
/// The planted mismatch: none, an Add of sizes that do not broadcast, a
/// Reshape whose -1 cannot divide, MatMul inner sizes that differ, an
/// Expand against a computed shape that does not broadcast.
enum class OnnxPlant { None, Broadcast, Reshape, MatMul, Expand };

const char *plantName(OnnxPlant plant);
std::optional<OnnxPlant> plantNamed(const std::string &name);
const char *spellingName(OnnxSpelling spelling);

/// How the dialect spelling writes onnx.Constant and onnx.Return: both in
/// their custom forms (`onnx.Constant dense<..> : T`, `onnx.Return %x :
/// T`), the constants custom and the return generic (`"onnx.Return"(%x) :
/// (T) -> ()`), or both generic (the oracle's twin: the frontend reads
/// every generic op, so the oracle does not depend on which custom forms
/// it knows). onnx-mlir's own tests use each.
enum class OnnxForms { Custom, GenericReturn, Generic };

/// One value: its dims (-1 for a runtime size) and element type.
struct OnnxValue {
  std::vector<int64_t> dims;
  bool integer = false; ///< i64 (si64); else f32
};

/// One attribute as the ONNX docs name it: an integer or a list.
struct OnnxAttr {
  std::string name;
  bool list = false;
  std::vector<int64_t> ints; ///< one element unless `list`
};

/// One node: an ONNX operator on values (indices into OnnxGraph::values),
/// its attributes and its single result. A Constant carries its contents
/// (`ints`, integer) or a float splat (`splat`).
struct OnnxNode {
  std::string op; ///< "Add", "Constant"
  std::vector<int> inputs;
  std::vector<OnnxAttr> attrs;
  int result = -1;
  std::vector<int64_t> ints;
  std::string splat; ///< float constants: "5.000000e-01"
};

struct OnnxGraph {
  int opset = 18;
  std::vector<OnnxValue> values;
  std::vector<int> args;              ///< argument values, in order
  std::vector<std::string> dimParams; ///< per argument: "0:batch,1:seq"
  std::vector<OnnxNode> nodes;
  int output = -1;
};

struct OnnxProgram {
  uint64_t seed = 0;
  OnnxPlant plant = OnnxPlant::None;
  OnnxGraph graph;
  int plantedNode = -1; ///< index into graph.nodes; -1 when correct
  std::string plantedWhat;
  std::string function = "main_graph";
  std::string torch;       ///< the torch-mlir importer's spelling
  std::string dialect;     ///< onnx-mlir's spelling
  std::string dialectTwin; ///< the same in generic forms (OnnxForms)
  /// The dialect spelling declares every computed result `tensor<*x..>`
  /// (before onnx-mlir's shape inference).
  bool unranked = false;
  /// The planted node's index among the function's top-level ops in
  /// `spelling` (the torch spelling starts with `%none`); -1 when correct.
  int plantedOp(OnnxSpelling spelling) const;
  const std::string &text(OnnxSpelling spelling) const {
    return spelling == OnnxSpelling::Torch ? torch : dialect;
  }
  /// What the oracle runs: the torch text itself (one form), the dialect's
  /// generic twin.
  const std::string &twin(OnnxSpelling spelling) const {
    return spelling == OnnxSpelling::Torch ? torch : dialectTwin;
  }
};

/// The program of `seed`, correct or with `plant`.
OnnxProgram generateOnnx(uint64_t seed, OnnxPlant plant);

/// The graph printed in torch-mlir's importer spelling / onnx-mlir's.
std::string writeTorch(const OnnxGraph &graph, const std::string &function);
std::string writeDialect(const OnnxGraph &graph, const std::string &function,
                         bool unranked, OnnxForms forms);

} // namespace symshape::models

#endif // SYMSHAPE_MODELS_ONNXGEN_H
