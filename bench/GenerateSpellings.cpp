//===- GenerateSpellings.cpp - One chain in three dialect spellings -------===//
//
// Families `chain-stablehlo`, `chain-torch` and `chain-onnx` (issues 42 and
// 46): the same graph written as StableHLO, as torch-mlir's FX importer
// prints the torch dialect, and as onnx-mlir prints the ONNX dialect, so
// that the cost of each spelling can be compared op for op.
//
// Every function is one chain over `%arg0: ?x64` (the dynamic batch), one
// more `?x64` argument `%arg1` with its own batch size, and four `64x64`
// weights. The chain runs in segments of 8 ops:
//
//   0  add (even segments) or sub (odd ones) of the link and %arg1, a side
//      value the chain does not use
//   1  matmul of the link and a weight
//   2  mul, 3 sub, 5 add, 6 mul, 7 sub of the link and an earlier link of
//      the same segment (the segment's first link for op 2)
//   4  matmul of the link and another weight
//
// Op 0 is the only one whose operands have different `?` sizes: it asks
// one obligation in every spelling (StableHLO: equal sizes, torch and ONNX:
// broadcastable), ub-possible in the first segment, safe in the others.
// Every other op combines values whose batch size is `%arg0`'s and asks
// nothing, so the three files have the same obligations per op kind. (Were
// the side value the next link, torch and ONNX would ask one more
// obligation per elementwise op, each decided without Z3: a later
// broadcast of the result of a broadcast of two different sizes, even with
// itself, is an obligation in symshape, an equality of one size is not.)
//
//===----------------------------------------------------------------------===//

#include "GenerateSpellings.h"

#include <algorithm>
#include <array>
#include <vector>

namespace symshape_bench {
namespace {

enum class Kind { Add, Sub, Mul, MatMul };

/// Writes one function of `computeOps` chain ops and a `return` in one
/// spelling.
class ChainWriter {
public:
  ChainWriter(Spelling spelling, int64_t index)
      : spelling(spelling), index(index) {}

  std::string function(int64_t computeOps);
  /// Ops written that are not chain ops or returns (torch constants and
  /// symbolic shape ops).
  int64_t extraOps = 0;

private:
  std::string tensor(bool batch) const;
  std::string op(Kind kind, const std::string &lhs, const std::string &rhs,
                 bool weight);

  Spelling spelling;
  int64_t index;
  int64_t next = 0;
  int64_t constants = 0;
  std::string text;
};

std::string ChainWriter::tensor(bool batch) const {
  if (spelling == Spelling::Torch)
    return batch ? "!torch.vtensor<[?,64],f32>" : "!torch.vtensor<[64,64],f32>";
  return batch ? "tensor<?x64xf32>" : "tensor<64x64xf32>";
}

/// One chain op, its result `%N`. The torch spelling writes the alpha of
/// add and sub as a `torch.constant.int 1` right before the op, named as
/// the FX importer names repeated constants (`%int1`, `%int1_0`, ...).
std::string ChainWriter::op(Kind kind, const std::string &lhs,
                            const std::string &rhs, bool weight) {
  std::string result = "%" + std::to_string(next++);
  std::string in = tensor(true), other = tensor(!weight);
  switch (spelling) {
  case Spelling::StableHlo: {
    if (kind == Kind::MatMul) {
      text += "    " + result + " = stablehlo.dot_general " + lhs + ", " + rhs +
              ", contracting_dims = [1] x [0] : (" + in + ", " + other +
              ") -> " + in + "\n";
      break;
    }
    static const std::array<const char *, 3> names = {"add", "subtract",
                                                      "multiply"};
    text += "    " + result + " = stablehlo." + names[size_t(kind)] + " " +
            lhs + ", " + rhs + " : " + in + "\n";
    break;
  }
  case Spelling::Torch: {
    if (kind == Kind::MatMul) {
      text += "    " + result + " = torch.aten.mm " + lhs + ", " + rhs + " : " +
              in + ", " + other + " -> " + in + "\n";
      break;
    }
    if (kind == Kind::Mul) {
      text += "    " + result + " = torch.aten.mul.Tensor " + lhs + ", " + rhs +
              " : " + in + ", " + other + " -> " + in + "\n";
      break;
    }
    std::string alpha =
        constants == 0 ? "%int1" : "%int1_" + std::to_string(constants - 1);
    ++constants;
    ++extraOps;
    text += "    " + alpha + " = torch.constant.int 1\n";
    text += "    " + result + " = torch.aten." +
            (kind == Kind::Add ? "add" : "sub") + ".Tensor " + lhs + ", " +
            rhs + ", " + alpha + " : " + in + ", " + other +
            ", !torch.int -> " + in + "\n";
    break;
  }
  case Spelling::Onnx: {
    static const std::array<const char *, 4> names = {"Add", "Sub", "Mul",
                                                      "MatMul"};
    text += "    " + result + " = \"onnx." + names[size_t(kind)] + "\"(" + lhs +
            ", " + rhs + ") : (" + in + ", " + other + ") -> " + in + "\n";
    break;
  }
  }
  return result;
}

std::string ChainWriter::function(int64_t computeOps) {
  std::string batch = tensor(true), weight = tensor(false);
  text = "  func.func @chain" + std::to_string(index) + "(%arg0: " + batch +
         ", %arg1: " + batch;
  for (int w = 2; w < 6; ++w)
    text += ", %arg" + std::to_string(w) + ": " + weight;
  text += ") -> " + batch;
  if (spelling == Spelling::Torch)
    text += " attributes {torch.assume_strict_symbolic_shapes}";
  text += " {\n";
  if (spelling == Spelling::Torch) {
    // The FX importer's symbols for the two batch sizes, bound to the
    // arguments at the top of the function.
    for (int a = 0; a < 2; ++a)
      text += "    %" + std::to_string(next++) + " = torch.symbolic_int \"s" +
              std::to_string(a) +
              "\" {min_val = 2, max_val = 9223372036854775806} : !torch.int\n";
    for (int a = 0; a < 2; ++a)
      text += "    torch.bind_symbolic_shape %arg" + std::to_string(a) +
              ", [%" + std::to_string(a) +
              "], affine_map<()[s0] -> (s0, 64)> : " + batch + "\n";
    extraOps += 4;
  }
  std::string link = "%arg0";
  std::vector<std::string> segment;
  for (int64_t i = 0; i < computeOps; ++i) {
    int64_t step = i % 8, seg = i / 8;
    if (step == 0)
      segment.clear();
    // Indices into `segment` of the earlier link each step combines with.
    static const std::array<int, 8> earlier = {-1, -1, 0, 1, -1, 2, 3, 5};
    switch (step) {
    case 0:
      // A side value: the chain goes on from `link`.
      op(seg % 2 ? Kind::Sub : Kind::Add, link, "%arg1", false);
      break;
    case 1:
    case 4:
      link = op(Kind::MatMul, link,
                "%arg" + std::to_string(2 + (seg * 2 + (step == 4)) % 4), true);
      break;
    default: {
      Kind kind = step == 2 || step == 6   ? Kind::Mul
                  : step == 3 || step == 7 ? Kind::Sub
                                           : Kind::Add;
      link = op(kind, link, segment[size_t(earlier[size_t(step)])], false);
      break;
    }
    }
    segment.push_back(link);
  }
  text += "    return " + link + " : " + batch + "\n  }\n";
  return std::move(text);
}

} // namespace

bool parseSpelling(const std::string &family, Spelling &spelling) {
  if (family == "chain-stablehlo")
    spelling = Spelling::StableHlo;
  else if (family == "chain-torch")
    spelling = Spelling::Torch;
  else if (family == "chain-onnx")
    spelling = Spelling::Onnx;
  else
    return false;
  return true;
}

Written
generateSpelledChain(Spelling spelling, int64_t totalOps, int64_t funcOps,
                     int64_t &extraOps,
                     const std::function<void(const std::string &)> &write) {
  Written written;
  extraOps = 0;
  if (funcOps <= 0)
    funcOps = totalOps;
  while (written.ops < totalOps) {
    int64_t size = std::min(funcOps, totalOps - written.ops);
    ChainWriter writer(spelling, written.functions);
    write(writer.function(size - 1));
    extraOps += writer.extraOps;
    written.ops += size;
    ++written.functions;
  }
  return written;
}

} // namespace symshape_bench
