//===- ClosedPrograms.cpp - Random programs with no inputs ----------------===//

#include "ClosedPrograms.h"

#include <algorithm>
#include <random>
#include <sstream>
#include <vector>

namespace symshape::corpus {

namespace {

/// An integer tensor of the program (rank 0 or 1) and the values the
/// generator knows it holds.
struct IntValue {
  std::string name;
  std::string type; ///< as declared: "tensor<i32>", "tensor<?xi32>"
  std::vector<int64_t> values;
  bool scalar = false;
};

class Generator {
public:
  explicit Generator(unsigned seed) : rng(seed) {}

  std::string run(size_t ops) {
    out << "func.func @main() {\n";
    out << "  %f = stablehlo.constant dense<1.000000e+00> : tensor<f32>\n";
    for (int i = 0; i < 3; ++i)
      constant(true);
    constant(false);
    for (size_t k = 0; k < ops; ++k)
      step();
    out << "  return\n}\n";
    return out.str();
  }

private:
  std::mt19937 rng;
  std::ostringstream out;
  std::vector<IntValue> pool;
  unsigned next = 0;

  int64_t pick(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  }
  std::string fresh() { return "%" + std::to_string(next++); }
  static std::string vectorType(size_t n) {
    return "tensor<" + std::to_string(n) + "xi32>";
  }
  static std::string list(const std::vector<int64_t> &v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i)
      s += (i ? ", " : "") + std::to_string(v[i]);
    return s;
  }
  /// `dense<...> : T` as StableHLO prints it (a splat as one value).
  std::string dense(const std::vector<int64_t> &v, bool scalar) {
    bool splat = !v.empty() && std::all_of(v.begin(), v.end(), [&](int64_t x) {
      return x == v[0];
    });
    std::string body = scalar || (splat && v.size() > 0) ? std::to_string(v[0])
                                                         : "[" + list(v) + "]";
    return "dense<" + body +
           "> : " + (scalar ? "tensor<i32>" : vectorType(v.size()));
  }
  IntValue &add(IntValue v) {
    pool.push_back(std::move(v));
    return pool.back();
  }
  /// A constant operand made for one op (not added to the pool).
  std::string operand(const std::vector<int64_t> &v, bool scalar) {
    std::string name = fresh();
    out << "  " << name << " = stablehlo.constant " << dense(v, scalar) << "\n";
    return name;
  }
  IntValue constant(bool scalar) {
    std::vector<int64_t> v;
    size_t n = scalar ? 1 : size_t(pick(1, 3));
    for (size_t i = 0; i < n; ++i)
      v.push_back(pick(0, 6));
    std::string name = operand(v, scalar);
    return add({name, scalar ? "tensor<i32>" : vectorType(n), v, scalar});
  }
  const IntValue *any(bool scalar, size_t maxLength = 4) {
    std::vector<const IntValue *> c;
    for (const IntValue &v : pool)
      if (v.scalar == scalar && v.values.size() <= maxLength &&
          !v.values.empty())
        c.push_back(&v);
    return c.empty() ? nullptr : c[size_t(pick(0, int64_t(c.size()) - 1))];
  }

  void step() {
    switch (pick(0, 11)) {
    case 0:
      constant(pick(0, 1) == 0);
      return;
    case 1:
      return toVector();
    case 2:
      return toScalar();
    case 3:
      return concatenate();
    case 4:
      return splat();
    case 5:
      return realDynamicSlice();
    case 6:
      return dynamicSlice();
    case 7:
      return minMax();
    case 8:
      return clampSelect();
    case 9:
      return gather();
    default:
      return useAsShape();
    }
  }

  /// reshape or dynamic_reshape of a scalar into a 1-element vector.
  void toVector() {
    IntValue s = *any(true);
    std::string one = pick(0, 1) ? "" : operand({1}, false);
    std::string name = fresh();
    if (one.empty()) {
      out << "  " << name << " = stablehlo.reshape " << s.name
          << " : (tensor<i32>) -> tensor<1xi32>\n";
    } else {
      out << "  " << name << " = stablehlo.dynamic_reshape " << s.name << ", "
          << one << " : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>\n";
    }
    add({name, vectorType(1), s.values, false});
  }
  /// dynamic_reshape of a 1-element vector (maybe `tensor<?xi32>`) to a
  /// scalar.
  void toScalar() {
    std::vector<const IntValue *> c;
    for (const IntValue &v : pool)
      if (!v.scalar && v.values.size() == 1)
        c.push_back(&v);
    if (c.empty())
      return;
    IntValue v = *c[size_t(pick(0, int64_t(c.size()) - 1))];
    std::string empty = fresh(), name = fresh();
    out << "  " << empty << " = stablehlo.constant dense<> : tensor<0xi32>\n";
    out << "  " << name << " = stablehlo.dynamic_reshape " << v.name << ", "
        << empty << " : (" << v.type << ", tensor<0xi32>) -> tensor<i32>\n";
    add({name, "tensor<i32>", v.values, true});
  }
  void concatenate() {
    const IntValue *a = any(false, 2), *b = any(false, 2);
    if (!a || !b)
      return;
    IntValue x = *a, y = *b;
    std::vector<int64_t> v = x.values;
    v.insert(v.end(), y.values.begin(), y.values.end());
    std::string name = fresh();
    out << "  " << name << " = stablehlo.concatenate " << x.name << ", "
        << y.name << ", dim = 0 : (" << x.type << ", " << y.type << ") -> "
        << vectorType(v.size()) << "\n";
    add({name, vectorType(v.size()), v, false});
  }
  /// A scalar broadcast to a `tensor<?xi32>` of a constant length.
  void splat() {
    IntValue s = *any(true);
    int64_t n = pick(1, 3);
    std::string length = operand({n}, false), name = fresh();
    out << "  " << name << " = stablehlo.dynamic_broadcast_in_dim " << s.name
        << ", " << length
        << ", dims = [] : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>\n";
    add({name, "tensor<?xi32>", std::vector<int64_t>(size_t(n), s.values[0]),
         false});
  }
  void realDynamicSlice() {
    IntValue v = *any(false);
    int64_t n = int64_t(v.values.size());
    int64_t a = pick(0, n - 1), b = pick(a + 1, n), stride = pick(1, 2);
    std::string start = operand({a}, false), limit = operand({b}, false);
    std::string step = operand({stride}, false), name = fresh();
    out << "  " << name << " = stablehlo.real_dynamic_slice " << v.name << ", "
        << start << ", " << limit << ", " << step << " : (" << v.type
        << ", tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xi32>\n";
    std::vector<int64_t> picked;
    for (int64_t i = a; i < b; i += stride)
      picked.push_back(v.values[size_t(i)]);
    add({name, "tensor<?xi32>", picked, false});
  }
  /// dynamic_slice clamps its start into [0, n - size].
  void dynamicSlice() {
    IntValue v = *any(false);
    int64_t n = int64_t(v.values.size()), size = pick(1, n);
    int64_t a = pick(-1, n + 1);
    std::string start = operand({a}, true), name = fresh();
    out << "  " << name << " = stablehlo.dynamic_slice " << v.name << ", "
        << start << ", sizes = [" << size << "] : (" << v.type
        << ", tensor<i32>) -> " << vectorType(size_t(size)) << "\n";
    int64_t first = std::clamp<int64_t>(a, 0, n - size);
    add({name, vectorType(size_t(size)),
         std::vector<int64_t>(v.values.begin() + first,
                              v.values.begin() + first + size),
         false});
  }
  void minMax() {
    IntValue a = *any(true), b = *any(true);
    bool max = pick(0, 1);
    std::string name = fresh();
    out << "  " << name << " = stablehlo." << (max ? "maximum " : "minimum ")
        << a.name << ", " << b.name << " : tensor<i32>\n";
    int64_t v = max ? std::max(a.values[0], b.values[0])
                    : std::min(a.values[0], b.values[0]);
    add({name, "tensor<i32>", {v}, true});
  }
  /// clamp of a scalar, then a select on a comparison of two scalars.
  void clampSelect() {
    IntValue lo = *any(true), x = *any(true), hi = *any(true);
    std::string c = fresh();
    out << "  " << c << " = stablehlo.clamp " << lo.name << ", " << x.name
        << ", " << hi.name << " : tensor<i32>\n";
    int64_t clamped =
        std::min(std::max(x.values[0], lo.values[0]), hi.values[0]);
    IntValue a = *any(true), b = *any(true);
    std::string p = fresh(), name = fresh();
    out << "  " << p << " = stablehlo.compare  LT, " << a.name << ", " << b.name
        << ",  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n";
    out << "  " << name << " = stablehlo.select " << p << ", " << c << ", "
        << a.name
        << " : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>\n";
    add({c, "tensor<i32>", {clamped}, true});
    add({name,
         "tensor<i32>",
         {a.values[0] < b.values[0] ? clamped : a.values[0]},
         true});
  }
  /// One element of a static vector picked by a constant index (clamped).
  void gather() {
    std::vector<const IntValue *> c;
    for (const IntValue &v : pool)
      if (!v.scalar && v.type != "tensor<?xi32>")
        c.push_back(&v);
    if (c.empty())
      return;
    IntValue v = *c[size_t(pick(0, int64_t(c.size()) - 1))];
    int64_t n = int64_t(v.values.size()), i = pick(0, n);
    std::string index = operand({i}, false), name = fresh();
    out << "  " << name << " = \"stablehlo.gather\"(" << v.name << ", " << index
        << ") {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = "
           "[0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = "
           "array<i64: 1>} : ("
        << v.type << ", tensor<1xi32>) -> tensor<1xi32>\n";
    add({name, vectorType(1), {v.values[size_t(std::min(i, n - 1))]}, false});
  }
  /// A vector as a shape: dynamic_iota, a dynamic_broadcast_in_dim to the
  /// static type the generator computes, and get_dimension_size of each
  /// dim back into the pool.
  void useAsShape() {
    const IntValue *chosen = any(false, 3);
    if (!chosen)
      return;
    IntValue v = *chosen;
    std::string dyn, fixed;
    for (size_t i = 0; i < v.values.size(); ++i) {
      dyn += "?x";
      fixed += std::to_string(v.values[i]) + "x";
    }
    std::string iota = fresh(), b = fresh();
    out << "  " << iota << " = stablehlo.dynamic_iota " << v.name
        << ", dim = 0 : (" << v.type << ") -> tensor<" << dyn << "f32>\n";
    out << "  " << b << " = stablehlo.dynamic_broadcast_in_dim %f, " << v.name
        << ", dims = [] : (tensor<f32>, " << v.type << ") -> tensor<" << fixed
        << "f32>\n";
    for (size_t d = 0; d < v.values.size(); ++d) {
      std::string name = fresh();
      out << "  " << name << " = stablehlo.get_dimension_size " << iota
          << ", dim = " << d << " : (tensor<" << dyn
          << "f32>) -> tensor<i32>\n";
      add({name, "tensor<i32>", {v.values[d]}, true});
    }
  }
};

} // namespace

std::string generateClosedProgram(unsigned seed, size_t ops) {
  return Generator(seed).run(ops);
}

} // namespace symshape::corpus
