//===- GenerateCommon.h - The benchmark generator's shared pieces -*- C++
//-*-===//
//
// Private to the generator (generate.cpp and the Generate*.cpp files of
// its families): the random numbers, the shape model every family writes
// against, the function body and output writers, and the families.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_BENCH_GENERATECOMMON_H
#define SYMSHAPE_BENCH_GENERATECOMMON_H

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

namespace symshape_bench::generate {

//===----------------------------------------------------------------------===//
// Random numbers
//===----------------------------------------------------------------------===//

/// splitmix64: the same stream on every platform and standard library.
class Rng {
public:
  explicit Rng(uint64_t seed) : state(seed) {}

  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, n), n > 0 (the modulo bias is irrelevant here).
  uint64_t below(uint64_t n) { return next() % n; }
  /// Uniform in [lo, hi].
  int64_t range(int64_t lo, int64_t hi) {
    return lo + int64_t(below(uint64_t(hi - lo + 1)));
  }
  /// True with probability p/1000.
  bool permille(unsigned p) { return below(1000) < p; }
  template <typename T> const T &pick(const std::vector<T> &values) {
    return values[below(values.size())];
  }
  /// An index into a pool of `size` values, biased towards recent ones.
  size_t recent(size_t size) {
    if (size > 16 && permille(600))
      return size - 1 - below(16);
    return below(size);
  }

private:
  uint64_t state;
};

//===----------------------------------------------------------------------===//
// Shape model
//===----------------------------------------------------------------------===//

/// One dim as the generator knows it: a static size, or a symbol (a size
/// fixed per execution but unknown). Two dims are known equal when they are
/// the same static size or the same symbol; a generated broadcast that the
/// model calls compatible is safe for every runtime size.
struct Dim {
  int64_t size = 1; ///< when sym < 0
  int sym = -1;

  static Dim fixed(int64_t size) { return Dim{size, -1}; }
  static Dim symbol(int id) { return Dim{-1, id}; }
  bool isSymbol() const { return sym >= 0; }
  bool isOne() const { return sym < 0 && size == 1; }
  bool operator==(const Dim &other) const {
    return sym == other.sym && (sym >= 0 || size == other.size);
  }
  bool operator!=(const Dim &other) const { return !(*this == other); }
};

/// A ranked f32 tensor value: its model dims and its declared type (a dim is
/// declared `?` or as its static model size).
struct Tensor {
  std::string name;
  std::vector<Dim> dims;
  std::vector<bool> dynamic; ///< declared `?`; implies nothing about dims

  size_t rank() const { return dims.size(); }
  /// The declared static size of dim i, or -1 for `?`.
  int64_t declared(size_t i) const { return dynamic[i] ? -1 : dims[i].size; }
  std::string type(const char *element = "f32") const {
    std::string text = "tensor<";
    for (size_t i = 0; i < dims.size(); ++i)
      text +=
          (dynamic[i] ? std::string("?") : std::to_string(dims[i].size)) + "x";
    return text + element + ">";
  }
};

/// A tensor whose declared type shows exactly the model: static dims
/// static, symbols `?`.
Tensor exactTensor(std::string name, std::vector<Dim> dims);

/// Model of a right-aligned (numpy / Broadcastable trait) broadcast: per
/// column every dim that is not 1 must be the same; nullopt otherwise.
std::optional<std::vector<Dim>>
broadcastModel(const std::vector<const Tensor *> &operands);

/// The result type mlir-opt infers from the declared operand types: a
/// static size other than 1 wins, all-1 gives 1, otherwise `?`. `model`
/// is the result's model (whatever it is); only the declared flags are
/// computed here. Requires declared types that broadcast.
std::vector<bool> broadcastDeclared(const std::vector<const Tensor *> &operands,
                                    size_t rank);

/// True when the declared types broadcast (no two static sizes other than 1
/// differ in one column): what mlir-opt's verifier demands.
bool declaredBroadcastable(const std::vector<const Tensor *> &operands);

/// The result mlir-opt infers from the declared operand types alone, as a
/// tensor whose `?` dims are all symbol 0 (for callers that only need the
/// declared type).
Tensor declaredBroadcast(std::string name,
                         const std::vector<const Tensor *> &operands);

std::string joinTypes(const std::vector<const Tensor *> &operands);

std::string joinNames(const std::vector<const Tensor *> &operands);

std::string intList(const std::vector<int64_t> &values);

/// A dense i64 attribute as mlir-opt 16 prints one: `dense<[1, 2]> :
/// tensor<2xi64>`, `dense<1> : tensor<1xi64>` (a splat).
std::string denseI64(const std::vector<int64_t> &values);

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

/// One function being written: its body text and op budget.
class Body {
public:
  explicit Body(int64_t budget) : budget(budget) {}

  /// Ops that may still be emitted before the final `return`.
  int64_t left() const { return budget - used - 1; }
  int64_t emitted() const { return used; }
  void op(const std::string &line, int indent = 2) {
    text.append(size_t(indent), ' ');
    text += line;
    text += '\n';
    ++used;
  }
  /// A line that is not an op (a block label, a closing brace).
  void line(const std::string &line, int indent = 2) {
    text.append(size_t(indent), ' ');
    text += line;
    text += '\n';
  }
  std::string fresh() { return "%" + std::to_string(next++); }

  std::string text;

private:
  int64_t budget;
  int64_t used = 0;
  unsigned next = 0;
};

class Output {
public:
  explicit Output(FILE *file) : file(file) {}
  ~Output() { flush(); }

  void write(const std::string &text) {
    buffer += text;
    if (buffer.size() > (1u << 20))
      flush();
  }
  void flush() {
    if (!buffer.empty() &&
        std::fwrite(buffer.data(), 1, buffer.size(), file) != buffer.size())
      failed = true;
    buffer.clear();
  }
  bool ok() const { return !failed; }

  /// Writes `func.func @name(args) -> result { body return }`; `result`
  /// null returns nothing. Counts the `return`.
  void function(const std::string &name, const std::vector<Tensor> &args,
                const std::string &extraArgs, const Tensor *result, Body &body,
                const std::string &attributes = "") {
    std::string header = "func.func @" + name + "(";
    for (size_t i = 0; i < args.size(); ++i)
      header += (i ? ", " : "") + args[i].name + ": " + args[i].type();
    if (!extraArgs.empty())
      header += (args.empty() ? "" : ", ") + extraArgs;
    header += ")";
    if (result)
      header += " -> " + result->type();
    if (!attributes.empty())
      header += " attributes {" + attributes + "}";
    write(header + " {\n");
    write(body.text);
    write(result ? "  return " + result->name + " : " + result->type() + "\n"
                 : "  return\n");
    write("}\n\n");
    ops += body.emitted() + 1;
    ++functions;
  }

  int64_t ops = 0;
  int64_t functions = 0;

private:
  FILE *file;
  std::string buffer;
  bool failed = false;
};

//===----------------------------------------------------------------------===//
// Families (defined in GenerateChain.cpp and GenerateRandom.cpp)
//===----------------------------------------------------------------------===//

void generateChain(Rng &rng, Output &out, int64_t totalOps, int64_t funcOps);
void generateTransformer(Rng &rng, Output &out, int64_t totalOps,
                         int64_t layersPerFunc);
void generateRandom(Rng &rng, Output &out, int64_t totalOps, int64_t funcOps,
                    unsigned ubPermille, int64_t &ubOps);

} // namespace symshape_bench::generate

#endif // SYMSHAPE_BENCH_GENERATECOMMON_H
