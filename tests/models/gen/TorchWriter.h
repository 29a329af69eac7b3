//===- TorchWriter.h - Programs as the FX importer prints them --*- C++ -*-===//
//
// Private to the torch generator (TorchGen.cpp). Writes one function op by
// op as `torch_mlir.fx.export_and_import(..,
// import_symbolic_shape_expressions=True)` prints it with debug info
// (checked against llvm/torch-mlir's fx_importer.py and its
// test/python/fx_importer/symbolic_shape_expr_test.py, and the corpus's
// torch-fx/ toy llama):
//
//   %0 = torch.symbolic_int "s0" {min_val = 2, max_val = 64} : !torch.int
//   torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0, 8)> :
//       !torch.vtensor<[?,8],f32> loc(#loc)
//   %int1 = torch.constant.int 1 loc(#loc1)       (one per use, before it;
//                                                  names uniqued `_N`)
//   %1 = torch.aten.add.Tensor %arg0, %arg1, %int1 : .. -> .. loc(#loc1)
//   torch.bind_symbolic_shape %1, ..                (each symbolic result)
//
// Symbols and the arguments' bindings carry `loc(unknown)` (`#loc`), ops
// the Python line they came from, `return` the last op's line; the line
// aliases follow the module, as MLIR prints deferred location aliases.
//
// Every dim is a static size or a product of symbols times a constant
// (the importer's `s0 * 32`, `s0 * s1`), or `?` that the importer cannot
// state (then the value is not bound). The writer also keeps the twin the
// oracle runs: the same ops, each torch.symbolic_int and
// torch.bind_symbolic_shape replaced by a `torch.constant.str` naming it
// (the oracle does not run the exporter's facts, oracle/Torch.cpp; the
// comparison applies them itself, TorchCompare.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_TORCHWRITER_H
#define SYMSHAPE_MODELS_TORCHWRITER_H

#include "gen/TorchGen.h"

#include <map>
#include <string>
#include <vector>

namespace symshape::models::torchgen {

/// A value: its name ("%3", "%arg0"), dims and element type.
struct TVal {
  std::string name;
  TorchDims dims;
  std::string elem = "f32";
};

/// `!torch.vtensor<[?,8],f32>`.
std::string vtensorType(const TorchDims &dims, const std::string &elem);

class TorchWriter {
public:
  explicit TorchWriter(TorchProgram &program) : p(program) {}

  /// A function argument (`%argN`).
  TVal arg(TorchDims dims, const std::string &elem = "f32");
  /// `torch.symbolic_int "sN"` in [lo, hi]; returns the symbol's index.
  int symbol(int64_t lo, int64_t hi);
  /// Binds `v` when it has a symbolic dim and every `?` is stated.
  void bind(const TVal &v);
  /// The Python line of the ops that follow (`loc(#locN)`).
  void line(int pythonLine);

  /// Constants, written just before their use as the importer does.
  std::string intConst(int64_t v);
  std::string boolConst(bool v);
  std::string noneConst();
  std::string floatConst(const std::string &printed); ///< "1.000000e-05"
  std::string strConst(const std::string &v);
  /// `torch.prim.ListConstruct` of `!torch.int` values.
  std::string intList(const std::vector<std::string> &items);
  /// A list of constants.
  std::string intListOf(const std::vector<int64_t> &values);
  /// `%r = torch.aten.size.int %v, %intD`.
  std::string sizeInt(const TVal &v, int64_t dim);
  /// `%r = torch.aten.mul.int %a, %b`.
  std::string mulInt(const std::string &a, const std::string &b);

  /// One op: `%r = name operands : types -> result`; `operandTypes`
  /// gives each operand's type (a tensor's or "!torch.int").
  TVal op(const std::string &name, const std::vector<std::string> &operands,
          const std::vector<std::string> &operandTypes, TorchDims dims,
          const std::string &elem = "f32");
  /// Marks the next op written by `op` as the planted one.
  void plant(const std::string &what) {
    planting = true;
    p.plantedWhat = what;
  }
  void ret(const TVal &v);

  /// The module's text and twin (after `ret`).
  void finish(bool strict);

private:
  std::string fresh(const std::string &base);
  std::string loc() const;
  void emit(const std::string &text, const std::string &twin);

  TorchProgram &p;
  std::vector<TVal> args;
  std::vector<std::string> symbolNames, lines, twinLines;
  std::map<std::string, int> used;
  int suffix = 0, next = 0, currentLine = 0;
  std::vector<int> pythonLines; ///< alias N+1 -> its line
  bool planting = false;
  TVal returned;
};

} // namespace symshape::models::torchgen

#endif // SYMSHAPE_MODELS_TORCHWRITER_H
