//===- Builder.h - Writing one program in two forms -------------*- C++ -*-===//
//
// Private to the generator. The builder tracks every value's dims (a static
// size or a named symbol such as "B"), writes the function's text op by op
// in the exporter's form and, in step, its generic twin, and counts
// top-level ops so a planted op is known by index.
//
//   Builder b(Family::Tosa, rng);
//   Val x = b.arg("x", {b.sym("B"), b.fix(16)});
//   Val t = b.result({b.sym("B"), b.fix(16)});
//   b.emit(t.name + " = tosa.tanh " + x.name + " : (" + ...,
//          b.generic(t, "tosa.tanh", {x}, ""));
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_BUILDER_H
#define SYMSHAPE_MODELS_BUILDER_H

#include "gen/Generator.h"

#include <map>
#include <random>
#include <string>
#include <vector>

namespace symshape::models::gen {

/// A static size, or a symbolic one (sym names a runtime size).
struct Dim {
  int64_t size = 0;
  std::string sym; ///< "B", "S", "B2"; empty when static
  bool dynamic() const { return !sym.empty(); }
  friend bool operator==(const Dim &a, const Dim &b) {
    return a.size == b.size && a.sym == b.sym;
  }
};
using Dims = std::vector<Dim>;

struct Val {
  std::string name; ///< "%3", "%x"
  Dims dims;
  std::string elem = "f32";
  /// The type as written: "tensor<?x16xf32>"; a non-tensor (index, f32)
  /// when `scalar` is set.
  std::string type;
};

/// Deterministic across standard libraries (no std distributions).
class Rng {
public:
  explicit Rng(uint64_t seed) : engine(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t below(uint64_t n) { return n ? engine() % n : 0; }
  int64_t in(int64_t lo, int64_t hi) {
    return lo + int64_t(below(hi - lo + 1));
  }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <class T> const T &pick(const std::vector<T> &v) {
    return v[below(v.size())];
  }

private:
  std::mt19937_64 engine;
};

std::string tensorType(const Dims &dims, const std::string &elem);
std::string ints(const std::vector<int64_t> &v); ///< "1, 2, 3"

class Builder {
public:
  explicit Builder(Rng &rng) : rng(rng) {}

  static Dim fix(int64_t size) { return Dim{size, ""}; }
  static Dim sym(const std::string &name) { return Dim{0, name}; }

  /// A function argument.
  Val arg(const std::string &name, Dims dims, const std::string &elem = "f32");
  /// A scalar argument / value type such as "index".
  Val argScalar(const std::string &name, const std::string &type);
  /// A fresh result value (not yet emitted).
  Val result(Dims dims, const std::string &elem = "f32");
  Val resultScalar(const std::string &type);
  /// Appends one top-level op: `pretty` lines to the text, `generic` to the
  /// twin (without indentation; extra lines of `pretty` are kept as is).
  void emit(const std::string &pretty, const std::string &generic);
  /// `%r = "name"(%a, %b) {attrs} : (Ta, Tb) -> Tr` for the twin.
  static std::string generic(const std::vector<Val> &results,
                             const std::string &name,
                             const std::vector<Val> &operands,
                             const std::string &attrs);
  /// Marks the next emitted op as the planted one.
  void plant(const std::string &what);
  /// An attribute alias `#mapN = text` used by the pretty text.
  std::string alias(const std::string &text);
  void ret(const std::vector<Val> &values);

  /// The whole program, in the exporter's form and as the generic twin.
  std::string text(const std::string &fn) const;
  std::string twin(const std::string &fn) const;
  /// This builder's function alone (a callee: private, no aliases).
  std::string function(const std::string &fn, bool generic) const;
  /// Puts a callee's function before the main one (text and twin forms).
  void addCallee(std::string pretty, std::string generic) {
    callees.push_back(std::move(pretty));
    calleeTwins.push_back(std::move(generic));
  }
  int callees_ = 0; ///< callee names handed out

  int plantedOp = -1;
  /// The planted mismatch is between static sizes: MLIR's verifier rejects
  /// the program (symshape's verdict is `error`).
  bool staticallyInvalid = false;
  std::string plantedWhat;
  int opCount = 0;
  Rng &rng;

private:
  int next = 0;
  std::vector<Val> args;
  std::vector<std::string> prettyOps, genericOps, aliases;
  std::vector<std::string> callees, calleeTwins;
  std::map<std::string, std::string> aliasOf;
  std::vector<Val> returned;
};

/// The family bodies (one file each).
void generateTosa(Builder &b, bool planted, std::vector<std::string> &blocks);
void generateLinalg(Builder &b, bool planted, std::vector<std::string> &blocks);
void generateStablehlo(Builder &b, bool planted,
                       std::vector<std::string> &blocks);

} // namespace symshape::models::gen

#endif // SYMSHAPE_MODELS_BUILDER_H
