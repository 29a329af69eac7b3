//===- generate.cpp - Large MLIR inputs for the symshape benchmark --------===//
//
// Writes one seeded, deterministic .mlir file with exactly the requested
// number of ops, in one of three families (see bench/README.md):
//
//   chain        long chains of implicit broadcasts (tosa / test), mostly
//                static shapes, some `?` dims; verifies in mlir-opt-16.
//   transformer  12-layer encoder functions sharing a symbolic batch and
//                sequence dim: bias adds, residual adds, layer-norm style
//                broadcasts, shape-dialect guards, casts to static sizes;
//                verifies in mlir-opt-16.
//   random       random DAGs mixing every op symshape supports, ~1% of them
//                real UB (incompatible dynamic broadcasts); verifies in
//                mlir-opt-16 with --allow-unregistered-dialect (chlo,
//                stablehlo and opaque ops are not registered there).
//   transformer-ops  BERT-style encoders in torch-mlir's linalg-on-tensors
//                form (GenerateModels.cpp); verifies in mlir-opt-16.
//   argchain     one function: N `tensor<?x4xf32>` arguments, a chain of
//                adds each adding the next argument (every add UB-possible)
//   argdag       the same, each add taking a random earlier value
//   reusedag     one function: each add broadcasts the running value with
//                a fresh argument or, half the time, an earlier result
//   chain-stablehlo, chain-torch, chain-onnx  one chain of matmuls and
//                elementwise ops in three dialect spellings
//                (GenerateSpellings.cpp)
//
// "Ops" are operations in function bodies: terminators (`return`,
// `shape.yield`, `shape.assuming_yield`) and ops inside regions count, the
// `func.func` and `module` ops do not.
//
// The output depends only on the command line: the generator has its own
// random number generator and never uses std::shuffle or the standard
// distributions, whose results differ between standard libraries.
//
//===----------------------------------------------------------------------===//

#include "GenerateCommon.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "GenerateModels.h"
#include "GenerateSpellings.h"

using namespace symshape_bench::generate;

namespace {

//===----------------------------------------------------------------------===//
// Families (d) argchain and (e) argdag: one function, every add ub-possible
//===----------------------------------------------------------------------===//

/// One function of N ops: N arguments `tensor<?x4xf32>` and N - 1
/// `"tosa.add"`s, each adding the next argument to an earlier value (the
/// previous add's result: `argchain`; a uniformly random earlier value,
/// %a0 or an add's result: `argdag`), then `return`. Every add's dim 0 is
/// a fresh `?` against the running value: every add is ub-possible, and
/// every finding's witness fixes the sizes that reach it.
void generateArgumentGraph(Rng &rng, Output &out, int64_t totalOps, bool dag) {
  const std::string type = "tensor<?x4xf32>";
  int64_t args = totalOps; // N - 1 adds and the return
  std::string header = "func.func @args(";
  for (int64_t i = 0; i < args; ++i)
    header += (i ? ", %a" : "%a") + std::to_string(i) + ": " + type;
  out.write(header + ") -> " + type + " {\n");
  std::vector<std::string> values{"%a0"};
  for (int64_t i = 1; i < args; ++i) {
    const std::string &lhs =
        dag ? values[rng.below(values.size())] : values.back();
    std::string result = "%r" + std::to_string(i);
    out.write("  " + result + " = \"tosa.add\"(" + lhs + ", %a" +
              std::to_string(i) + ") : (" + type + ", " + type + ") -> " +
              type + "\n");
    values.push_back(result);
  }
  out.write("  return " + values.back() + " : " + type + "\n}\n\n");
  out.ops += totalOps;
  ++out.functions;
}

/// One function of N ops: N arguments `tensor<?x4xf32>` and N - 1 adds,
/// each broadcasting the running value with either the next argument or
/// (half the time) an earlier value (%a0 or an add's result), then
/// `return`: a DAG that reuses values, as the reference's `gen_symbols.py
/// dag`. The adds of a fresh argument are ub-possible; those of an earlier
/// value are safe, since the running value holds all of its sizes.
void generateReuseGraph(Rng &rng, Output &out, int64_t totalOps) {
  const std::string type = "tensor<?x4xf32>";
  std::string header = "func.func @reuse(";
  for (int64_t i = 0; i < totalOps; ++i)
    header += (i ? ", %a" : "%a") + std::to_string(i) + ": " + type;
  out.write(header + ") -> " + type + " {\n");
  std::vector<std::string> values{"%a0"};
  for (int64_t i = 1; i < totalOps; ++i) {
    std::string other = rng.below(2) ? "%a" + std::to_string(i)
                                     : values[rng.below(values.size())];
    std::string result = "%t" + std::to_string(i);
    out.write("  " + result + " = \"tosa.add\"(" + values.back() + ", " +
              other + ") : (" + type + ", " + type + ") -> " + type + "\n");
    values.push_back(result);
  }
  out.write("  return " + values.back() + " : " + type + "\n}\n\n");
  out.ops += totalOps;
  ++out.functions;
}

//===----------------------------------------------------------------------===//
// Command line
//===----------------------------------------------------------------------===//

const char *const kUsage =
    R"(usage: symshape_bench_generate --family F --ops N
                               [--seed S] [-o FILE] [--func-ops K]
                               [--layers L] [--ub-permille P]

Writes a deterministic .mlir file of exactly N ops (operations in function
bodies, terminators and region ops included) to FILE (default: stdout).

  --family F       chain, transformer, random, transformer-ops, argchain,
                   argdag, reusedag, chain-stablehlo, chain-torch or
                   chain-onnx
  --ops N          total op count (N >= 1)
  --seed S         random seed (default 1)
  --func-ops K     chain, chain-*: ops per function (default 1000; 0 = one
                   function)
                   random: mean ops per function (default 400; 0 = one)
  --layers L       transformer, transformer-ops: layers per function
                   (default 12; 0 = one function holding every layer)
  --ub-permille P  random: share of ops that are real UB, per mille
                   (default 10)
)";

bool parseInt(const char *text, int64_t &value) {
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(text, &end, 10);
  if (errno || !end || *end || end == text || v < 0)
    return false;
  value = v;
  return true;
}

} // namespace

int main(int argc, char **argv) {
  std::string family, output;
  int64_t ops = -1, seed = 1, funcOps = -1, layers = 12, ubPermille = 10;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](int64_t &v) {
      if (i + 1 >= argc || !parseInt(argv[++i], v)) {
        std::fprintf(stderr, "symshape_bench_generate: %s needs a number\n",
                     arg.c_str());
        std::exit(2);
      }
    };
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (arg == "--family" && i + 1 < argc) {
      family = argv[++i];
    } else if (arg == "-o" && i + 1 < argc) {
      output = argv[++i];
    } else if (arg == "--ops") {
      value(ops);
    } else if (arg == "--seed") {
      value(seed);
    } else if (arg == "--func-ops") {
      value(funcOps);
    } else if (arg == "--layers") {
      value(layers);
    } else if (arg == "--ub-permille") {
      value(ubPermille);
    } else {
      std::fprintf(stderr, "symshape_bench_generate: bad argument '%s'\n%s",
                   arg.c_str(), kUsage);
      return 2;
    }
  }
  symshape_bench::Spelling spelling;
  bool spelled = symshape_bench::parseSpelling(family, spelling);
  if (ops < 1 ||
      (family != "chain" && family != "transformer" && family != "random" &&
       family != "transformer-ops" && family != "argchain" &&
       family != "argdag" && family != "reusedag" && !spelled) ||
      ubPermille > 1000) {
    std::fputs(kUsage, stderr);
    return 2;
  }

  FILE *file = stdout;
  std::string temp;
  if (!output.empty() && output != "-") {
    // Write to a temporary name and rename: never a half-written FILE.
    temp = output + ".tmp";
    file = std::fopen(temp.c_str(), "wb");
    if (!file) {
      std::perror(temp.c_str());
      return 2;
    }
  }
  Rng rng(uint64_t(seed) * 0x2545f4914f6cdd1dULL + 0x1234567ULL);
  int64_t ubOps = 0, extraOps = 0;
  bool ok;
  int64_t functions;
  {
    Output out(file);
    out.write("// Generated by symshape_bench_generate --family " + family +
              " --ops " + std::to_string(ops) + " --seed " +
              std::to_string(seed) + "\n");
    out.write("module {\n");
    if (family == "chain")
      generateChain(rng, out, ops, funcOps < 0 ? 1000 : funcOps);
    else if (family == "transformer")
      generateTransformer(rng, out, ops, layers);
    else if (family == "transformer-ops") {
      symshape_bench::Written w = symshape_bench::generateTransformerOps(
          rng.next(), ops, layers, [&](const std::string &t) { out.write(t); });
      out.ops += w.ops;
      out.functions += w.functions;
    } else if (family == "argchain" || family == "argdag")
      generateArgumentGraph(rng, out, ops, family == "argdag");
    else if (spelled) {
      symshape_bench::Written w = symshape_bench::generateSpelledChain(
          spelling, ops, funcOps < 0 ? 1000 : funcOps, extraOps,
          [&](const std::string &t) { out.write(t); });
      out.ops += w.ops;
      out.functions += w.functions;
    } else if (family == "reusedag")
      generateReuseGraph(rng, out, ops);
    else
      generateRandom(rng, out, ops, funcOps < 0 ? 400 : funcOps,
                     unsigned(ubPermille), ubOps);
    out.write("}\n");
    out.flush();
    ok = out.ok() && out.ops == ops;
    functions = out.functions;
    if (out.ops != ops)
      std::fprintf(stderr,
                   "symshape_bench_generate: internal error: %lld ops "
                   "written, %lld asked\n",
                   (long long)out.ops, (long long)ops);
  }
  if (file != stdout) {
    ok = std::fclose(file) == 0 && ok;
    if (ok && std::rename(temp.c_str(), output.c_str()) != 0)
      ok = false;
    if (!ok)
      std::remove(temp.c_str());
  }
  if (!ok) {
    std::fprintf(stderr, "symshape_bench_generate: could not write %s\n",
                 output.empty() ? "stdout" : output.c_str());
    return 1;
  }
  std::fprintf(stderr,
               "symshape_bench_generate: %s: family=%s ops=%lld "
               "functions=%lld%s\n",
               output.empty() ? "stdout" : output.c_str(), family.c_str(),
               (long long)ops, (long long)functions,
               family == "random"
                   ? (" ub-injections=" + std::to_string(ubOps)).c_str()
               : extraOps ? (" other-ops=" + std::to_string(extraOps)).c_str()
                          : "");
  return 0;
}
