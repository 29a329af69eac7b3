//===- OnnxSliceRuntimeTest.cpp - Slice with runtime lists, value by value ===//
//
// onnx.Slice-13 with its starts, ends, axes and steps given at runtime is
// read as selects on those values (OnnxSlicing.cpp, sliceAtRuntime). Here
// each list is fixed by an assumption to one value of a grid that takes in
// negative bounds, bounds past either end and negative steps, and the
// declared result size is the size the ONNX operator docs give, computed
// below on its own: the cast to it must be safe, and a declared size one
// larger must always fail. Both for a static dim (counted steps) and a
// dynamic one (a division by the step), and with the lists constants.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"
#include "symshape/solver/Problem.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>

using namespace symshape;
using namespace symshape::frontend;

namespace {

/// The size of x[start:end:step] along a dim of size n, as the
/// onnx.Slice-13 docs define it: negative bounds count from the end, then
/// are clamped to [0, n] (a positive step) or to [0, n-1] for the start
/// and [-1, n-1] for the end (a negative one).
int64_t onnxSliceSize(int64_t n, int64_t start, int64_t end, int64_t step) {
  if (start < 0)
    start += n;
  if (end < 0)
    end += n;
  int64_t count = 0;
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, n);
    end = std::clamp<int64_t>(end, 0, n);
    for (int64_t i = start; i < end; i += step)
      ++count;
  } else if (n > 0) {
    start = std::clamp<int64_t>(start, 0, n - 1);
    end = std::clamp<int64_t>(end, -1, n - 1);
    for (int64_t i = start; i > end; i += step)
      ++count;
  }
  return count;
}

std::string function(const std::string &name, const std::string &dim,
                     int64_t declared) {
  std::string in = "tensor<" + dim + "x3xf32>",
              out = "tensor<" + std::to_string(declared) + "x3xf32>";
  return "func.func @" + name + "(%x: " + in +
         ", %s: tensor<1xi64>, %e: tensor<1xi64>, %a: tensor<1xi64>, %t: "
         "tensor<1xi64>) -> " +
         out + " {\n  %0 = \"onnx.Slice\"(%x, %s, %e, %a, %t) : (" + in +
         ", tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> " +
         out + "\n  onnx.Return %0 : " + out + "\n}\n";
}

/// The same slice with constant starts, ends, axes and steps (the rule's
/// other path), of %x's dim 0 given by the assumption.
std::string constantFunction(const std::string &name, const std::string &dim,
                             int64_t start, int64_t end, int64_t step,
                             int64_t declared) {
  std::string in = "tensor<" + dim + "x3xf32>",
              out = "tensor<" + std::to_string(declared) + "x3xf32>";
  auto constant = [](const std::string &v, int64_t value) {
    return "  " + v + " = onnx.Constant dense<" + std::to_string(value) +
           "> : tensor<1xi64>\n";
  };
  return "func.func @" + name + "(%x: " + in + ") -> " + out + " {\n" +
         constant("%s", start) + constant("%e", end) + constant("%a", 0) +
         constant("%t", step) +
         "  %0 = \"onnx.Slice\"(%x, %s, %e, %a, %t) : (" + in +
         ", tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> " +
         out + "\n  onnx.Return %0 : " + out + "\n}\n";
}

/// The verdict of the result-casts in each function, by name: the
/// non-safe one (dim 1 of 3 is always safe), else safe.
std::map<std::string, solver::Verdict> resultCasts(const std::string &text,
                                                   const std::string &assume) {
  std::map<std::string, solver::Verdict> out;
  Session session({});
  REQUIRE(session.addFile("slice.mlir", text));
  REQUIRE(session.addAssumption(assume));
  REQUIRE(session.analyze());
  for (const FunctionAnalysis &fn : session.files().at(0)->functions) {
    const solver::Problem &problem = *fn.problem;
    for (size_t k = 0; k < problem.obligations.size(); ++k)
      if (problem.obligations[k].kind == solver::ObligationKind::ResultCast &&
          (!out.count(problem.function) ||
           out[problem.function] == solver::Verdict::Safe))
        out[problem.function] = fn.verdicts.findings[k].verdict;
  }
  return out;
}

} // namespace

TEST_CASE("onnx: a Slice with runtime starts, ends, axes and steps has the "
          "size the operator docs give, value by value",
          "[onnx][slice]") {
  const int64_t bounds[] = {-9, -2, 0, 2, 9}, steps[] = {-3, -1, 1, 2};
  for (int64_t n : {0, 3, 6})
    for (int64_t start : bounds)
      for (int64_t end : bounds)
        for (int64_t step : steps) {
          int64_t size = onnxSliceSize(n, start, end, step);
          std::string text =
              function("fixed", std::to_string(n), size) +
              function("fixed_wrong", std::to_string(n), size + 1) +
              function("dynamic", "?", size) +
              function("dynamic_wrong", "?", size + 1) +
              constantFunction("constant", "?", start, end, step, size) +
              constantFunction("constant_wrong", "?", start, end, step,
                               size + 1);
          std::string assume =
              "%x[0] == " + std::to_string(n) +
              " && %s[0] == " + std::to_string(start) +
              " && %e[0] == " + std::to_string(end) +
              " && %a[0] == 0 && %t[0] == " + std::to_string(step);
          INFO("n " << n << ", start " << start << ", end " << end << ", step "
                    << step << ": size " << size);
          std::map<std::string, solver::Verdict> verdicts =
              resultCasts(text, assume);
          CHECK(verdicts.at("fixed") == solver::Verdict::Safe);
          CHECK(verdicts.at("dynamic") == solver::Verdict::Safe);
          CHECK(verdicts.at("fixed_wrong") == solver::Verdict::UbGuaranteed);
          CHECK(verdicts.at("dynamic_wrong") == solver::Verdict::UbGuaranteed);
          // A size that folds to the declared one needs no cast at all.
          CHECK((!verdicts.count("constant") ||
                 verdicts.at("constant") == solver::Verdict::Safe));
          CHECK(verdicts.at("constant_wrong") == solver::Verdict::UbGuaranteed);
        }
}
