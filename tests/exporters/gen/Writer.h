//===- Writer.h - Functions written once, printed three ways ----*- C++ -*-===//
//
// Private to the generators. A function is built as a tree of ops whose
// text refers to values by placeholder (ref(v)); the names are given at
// the end the way MLIR's printer gives them (SSANameState): a value with a
// name hint takes the hint, or hint_N with one conflict counter per scope
// on a clash (%c, %c_0, %dim_1); the others are numbered %0, %1, ...; the
// ops of a block are named before the regions inside them, and every
// region starts from the counters its parent block ended with.
//
//   Fn &f = w.function("main");
//   V x = f.arg("tensor<?x4xf32>");
//   V c = f.value("c", "tensor<i32>");
//   f.op({ref(c) + " = stablehlo.constant dense<1> : tensor<i32>",
//         ref(c) + " = \"stablehlo.constant\"() <{value = ...}> : ..."});
//
// Each op has a pretty form (what the exporter prints), a generic form
// (the twin the oracle runs) and a location suffix (text only). Renders:
// Text (pretty, with locations), Twin (generic), MlirOpt (pretty for the
// upstream dialects, generic for the others, no locations).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_EXPORTERS_WRITER_H
#define SYMSHAPE_EXPORTERS_WRITER_H

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace symshape::exporters::gen {

/// Deterministic across standard libraries (no std distributions).
class Rng {
public:
  explicit Rng(uint64_t seed) : engine(seed * 0x9E3779B97F4A7C15ull + 7) {}
  uint64_t below(uint64_t n) { return n ? engine() % n : 0; }
  int64_t in(int64_t lo, int64_t hi) {
    return lo + int64_t(below(uint64_t(hi - lo + 1)));
  }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <class T> const T &pick(const std::vector<T> &v) {
    return v[below(v.size())];
  }

private:
  std::mt19937_64 engine;
};

/// A value: named when the function is printed.
struct V {
  int id = -1;
  std::string type; ///< as printed: "tensor<?x4xf32>", "index"
};

/// The placeholder of v's name in op text; `k` selects result k of a
/// multi-result op ("%5#1").
std::string ref(const V &v);
std::string ref(const V &v, int k);

enum class Render { Text, Twin, MlirOpt };

/// One op's text. For an op with a region, `pretty`/`generic` end with the
/// line that opens it ("{", "({") and `prettyEnd`/`genericEnd` close it.
struct OpText {
  std::string pretty, generic;
  std::string prettyEnd, genericEnd;
  bool upstream = true; ///< a dialect mlir-opt-22 knows (pretty in MlirOpt)
  std::string loc;      ///< " loc(#loc3)": appended in Text only
};

class Fn {
public:
  explicit Fn(std::string name) : name(std::move(name)) {}

  std::string name;
  std::string visibility; ///< "", "public " or "private "
  std::string attributes; ///< " attributes {...}" or ""
  std::string endLoc;     ///< " loc(#loc)" after the closing brace (Text)

  /// An argument %argN with optional `{attrs}` and location suffix.
  V arg(const std::string &type, const std::string &attrs = "",
        const std::string &loc = "");
  void result(const std::string &type, const std::string &attrs = "");
  /// A new value; `hint` empty: numbered.
  V value(const std::string &hint, const std::string &type);
  /// A value of a multi-result op (%N:k), numbered.
  V values(int count, const std::string &type);
  /// Appends an op defining `defs` (in order) to the current block.
  void op(OpText text, std::vector<V> defs = {});
  /// Puts an op after the ones already hoisted to the top of the body
  /// (constants that current JAX prints first).
  void hoist(OpText text, std::vector<V> defs);
  /// Appends an op with one region and enters its block, whose arguments
  /// (with hints) are `blockArgs`; printed as "^bb0(...):" when non-empty.
  void open(OpText text, std::vector<V> defs, std::vector<V> blockArgs = {});
  void close();
  /// The terminator of the function. A value with id -1-k stands for
  /// result k of the multi-result op `multi` (%5#k).
  void ret(const std::vector<V> &vals, const std::string &loc = "",
           V multi = V{});

  /// Gives every value its name (MLIR's rules, see the file comment).
  void assignNames();
  /// A value's name once assignNames ran ("%5", "%arg0").
  const std::string &nameOf(const V &v) const { return names[v.id]; }
  std::string render(Render mode) const;

private:
  struct Node;
  struct Block {
    std::vector<int> args;
    std::vector<std::unique_ptr<Node>> ops;
  };
  struct Node {
    OpText text;
    std::vector<int> defs;
    std::unique_ptr<Block> region; ///< null for ops without one
  };
  struct Arg {
    int id;
    std::string attrs, loc;
  };
  struct Scope {
    std::vector<std::string> used;
    unsigned nextValue = 0, nextConflict = 0;
  };

  std::vector<std::string> hints, types, names;
  std::vector<int> counts; ///< result count of multi-result values
  std::vector<Arg> args;
  std::vector<std::string> resultTypes, resultAttrs;
  Block body;
  std::vector<Block *> cursor{&body};
  size_t hoisted = 0;
  std::vector<V> returned;
  V returnedMulti;
  std::string returnLoc;

  void nameBlock(const Block &block, Scope scope);
  void nameValue(int id, Scope &scope);
  std::string subst(const std::string &text) const;
  void renderBlock(const Block &block, Render mode, int indent,
                   std::string &out) const;
};

/// A whole module: functions in order, with the text around them.
struct Module {
  std::string textHeader;  ///< "module @jit_f attributes {...} {"
  std::string textTrailer; ///< "} loc(#loc)"
  std::vector<std::string> textBefore, textAfter; ///< alias lines (Text)
  std::vector<std::string> aliases; ///< "#map = affine_map<...>" (all)
  std::string resources; ///< {-# dialect_resources ... #-} (Text, MlirOpt)
  std::vector<std::unique_ptr<Fn>> fns;

  Fn &function(const std::string &name);
  std::string render(Render mode) const;
};

/// "1, 2, 3"
std::string join(const std::vector<int64_t> &v);
/// "tensor<?x16xf32>" for dims with -1 as `?`.
std::string tensorType(const std::vector<int64_t> &dims,
                       const std::string &elem);
/// "(tensor<..>, tensor<..>) -> tensor<..>" from the operand types.
std::string fnType(const std::vector<V> &operands,
                   const std::vector<V> &results);
/// The generic form `"name"(operands) <{props}> {attrs} : (T..) -> R`.
std::string generic(const std::vector<V> &results, const std::string &name,
                    const std::vector<V> &operands,
                    const std::string &props = "",
                    const std::string &attrs = "");

} // namespace symshape::exporters::gen

#endif // SYMSHAPE_EXPORTERS_WRITER_H
