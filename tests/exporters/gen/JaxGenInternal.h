//===- JaxGenInternal.h - The JAX generator's pieces ------------*- C++ -*-===//
//
// Private to JaxGen*.cpp: the sizes JAX writes (`Lin`), the location
// aliases it prints, and the generator class, whose plan and assembly
// are in JaxGen.cpp, @main (the shape assertions and the call) in
// JaxGenMain.cpp and the private callee in JaxGenCallee.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_EXPORTERS_GEN_JAXGENINTERNAL_H
#define SYMSHAPE_EXPORTERS_GEN_JAXGENINTERNAL_H

#include "gen/Generators.h"
#include "gen/Hlo.h"

#include <map>
#include <string>
#include <vector>

namespace symshape::exporters::gen::jax {

/// A size: coef * var * var2 + off (var empty: the constant `off`).
struct Lin {
  std::string var, var2;
  int64_t coef = 1, off = 0;
  bool dynamic() const { return !var.empty(); }
  std::string spec() const {
    if (!dynamic())
      return std::to_string(off);
    std::string s = (coef != 1 ? std::to_string(coef) + "*" : "") + var +
                    (var2.empty() ? "" : "*" + var2);
    if (off > 0)
      s += " + " + std::to_string(off);
    if (off < 0)
      s += " - " + std::to_string(-off);
    return s;
  }
};

Lin fixed(int64_t n);
Lin var(const std::string &v, int64_t coef = 1, int64_t off = 0);

std::string typeOf(const std::vector<Lin> &dims, const std::string &elem);

struct Tensor {
  V v;
  std::vector<Lin> dims;
};

/// Location aliases as JAX prints them.
struct Locs {
  bool on = false;
  int year = 2024;
  std::vector<std::string> top, bottom;
  std::map<std::string, std::string> ids;
  int next = 3; ///< #loc1: the export call site, #loc2: the model's code

  std::string alias(const std::string &text, bool atTop = false) {
    auto it = ids.find(text);
    if (it != ids.end())
      return it->second;
    std::string id = "#loc" + std::to_string(next++);
    (atTop ? top : bottom).push_back(id + " = " + text);
    return ids[text] = id;
  }
  std::string inMain(const std::string &prim) {
    if (!on)
      return "";
    if (prim.empty())
      return " loc(#loc)";
    return " loc(" + alias("loc(\"/" + prim + "\"(#loc1))") + ")";
  }
  std::string inModel(const std::string &prim) {
    if (!on)
      return "";
    return " loc(" +
           alias("loc(\"jit(model)/jit(main)/" + prim + "\"(#loc2))") + ")";
  }
};

class JaxGen {
public:
  JaxGen(Rng &rng, Variant variant, ExportProgram &p)
      : rng(rng), variant(variant), p(p) {}
  void run();

private:
  Rng &rng;
  Variant variant;
  ExportProgram &p;
  Module m;
  Locs locs;
  int year = 2024;
  std::string vt = "i64"; ///< the dimension variables' element type

  // The program's plan, chosen before writing.
  std::string layout; ///< "mlp", "seq", "derived", "halves", "attn"
  std::vector<std::vector<Lin>> argDims;
  std::vector<std::string> argNames;
  int64_t D = 8, E = 4;
  std::string constraint;     ///< "", "redundant", "can-fail", "doomed"
  std::string plantKind;      ///< "", "add", "bcast", "dot", "reshape", ...
  bool combineChecks = false; ///< `2*b`: one check, remainder and >= 1
  int plantArg = -1;          ///< the main argument carrying `c`

  std::vector<std::string> calleeResults; ///< its result types
  V plantedValue;

  void plan();
  void writeMain(Fn &main, Fn &callee);
  void writeCallee(Fn &callee);
  std::string specs() const;
  std::string resultAttrs(size_t i, size_t n) const;
};

} // namespace symshape::exporters::gen::jax

#endif // SYMSHAPE_EXPORTERS_GEN_JAXGENINTERNAL_H
