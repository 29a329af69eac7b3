//===- Type.h - Types of the MLIR subset ------------------------*- C++ -*-===//
//
// The types symshape reasons about, plus an `Other` kind that carries any
// type it does not (memref<..>, !llvm.ptr, tuple<..>) as source text.
//
//   tensor<2x?x4xf32>   RankedTensor dims {2, kDynamic, 4}, element "f32"
//   tensor<*xf32>       UnrankedTensor, element "f32"
//   tensor<f32>         RankedTensor of rank 0
//   vector<4x8xf32>     Vector dims {4, 8}
//   tensor<?xindex>     RankedTensor; an extent tensor when used as a shape
//   !shape.shape        Shape (also the seed's older `!shape.type`)
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_TYPE_H
#define SYMSHAPE_FRONTEND_TYPE_H

#include "symshape/solver/Text.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace symshape::frontend {

/// Marker for a `?` dim in a static shape.
constexpr int64_t kDynamic = -1;

enum class TypeKind {
  RankedTensor,   ///< tensor<d0 x ... x elem[, encoding]>
  UnrankedTensor, ///< tensor<*xelem>
  Vector,         ///< vector<d0 x ... x elem> (fixed-length dims only)
  Index,          ///< index
  Integer,        ///< i1, i32, si8, ui64, ...
  Float,          ///< f16, bf16, f32, f64, ...
  Shape,          ///< !shape.shape, or the seed's !shape.type
  Size,           ///< !shape.size
  Witness,        ///< !shape.witness
  ValueShape,     ///< !shape.value_shape
  Other,          ///< anything else, kept as text
};

struct Type {
  TypeKind kind = TypeKind::Other;
  /// RankedTensor / Vector dims; kDynamic for `?`. Empty for rank 0.
  std::vector<int64_t> dims;
  /// Tensor/vector element type spelled as in the source ("f32", "index",
  /// "!shape.size", "complex<f32>").
  solver::Text element;
  /// Ranked tensor encoding attribute as source text, without the ", ".
  solver::Text encoding;
  /// Integer/Float kinds: the full spelling ("i32", "bf16"); Other: the
  /// complete source text of the type. Tensors: "!torch.vtensor" for
  /// torch-mlir's value tensors, printed in its form
  /// (`!torch.vtensor<[2,?],f32>`, element "" for its `unk` dtype).
  solver::Text spelling;

  bool isTensor() const {
    return kind == TypeKind::RankedTensor || kind == TypeKind::UnrankedTensor;
  }
  bool isShaped() const { return isTensor() || kind == TypeKind::Vector; }
  /// Ranked tensor or vector.
  bool hasRank() const {
    return kind == TypeKind::RankedTensor || kind == TypeKind::Vector;
  }
  bool isExtentTensor() const {
    return kind == TypeKind::RankedTensor && dims.size() == 1 &&
           element == "index";
  }
  bool isShapeLike() const {
    return kind == TypeKind::Shape || isExtentTensor();
  }
  bool isSizeLike() const {
    return kind == TypeKind::Size || kind == TypeKind::Index;
  }

  /// Canonical text as mlir-opt prints it: "tensor<2x?x4xf32>",
  /// "tensor<*xf32>", "!shape.shape", "index".
  std::string str() const;
  /// str(), appended to `out`.
  void appendTo(std::string &out) const;

  friend bool operator==(const Type &a, const Type &b) {
    return a.kind == b.kind && a.dims == b.dims && a.element == b.element &&
           a.encoding == b.encoding && a.spelling == b.spelling;
  }
  friend bool operator!=(const Type &a, const Type &b) { return !(a == b); }

  static Type rankedTensor(std::vector<int64_t> dims, std::string element);
  static Type index();
};

/// A hash of a Type, for maps keyed by types (operator== is equality).
struct TypeHash {
  size_t operator()(const Type &type) const {
    size_t h = size_t(type.kind) * 0x9E3779B97F4A7C15ull;
    for (int64_t d : type.dims)
      h = (h ^ size_t(d)) * 0x100000001B3ull;
    std::hash<std::string_view> hs;
    return h ^ hs(type.element) ^ (hs(type.encoding) << 1) ^
           (hs(type.spelling) << 2);
  }
};

/// A Type that copies share, in one pointer: what a parsed value holds
/// (most values of a function have one of a few types, and the parser
/// gives the values of its last few types the same one: sharedType). The
/// count is kept as solver::Text keeps its own, in one block. Read it as a
/// `const Type &`; assign a Type to change it. The count is atomic: values are
/// read on any thread.
class TypeRef {
public:
  TypeRef() = default;
  TypeRef(Type type) : rep(new Rep{std::move(type), {1}}) {} // NOLINT
  TypeRef(const TypeRef &other) : rep(other.rep) {
    if (rep)
      rep->refs.fetch_add(1, std::memory_order_relaxed);
  }
  TypeRef(TypeRef &&other) noexcept : rep(other.rep) { other.rep = nullptr; }
  TypeRef &operator=(TypeRef other) noexcept {
    std::swap(rep, other.rep);
    return *this;
  }
  ~TypeRef() {
    if (rep && rep->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete rep;
  }

  const Type &get() const { return rep ? rep->type : none(); }
  const Type &operator*() const { return get(); }
  const Type *operator->() const { return &get(); }
  operator const Type &() const { return get(); } // NOLINT
  std::string str() const { return get().str(); }

  friend bool operator==(const TypeRef &a, const TypeRef &b) {
    return a.rep == b.rep || a.get() == b.get();
  }
  friend bool operator==(const TypeRef &a, const Type &b) {
    return a.get() == b;
  }
  friend bool operator==(const Type &a, const TypeRef &b) {
    return a == b.get();
  }
  friend bool operator!=(const TypeRef &a, const TypeRef &b) {
    return !(a == b);
  }
  friend bool operator!=(const TypeRef &a, const Type &b) { return !(a == b); }
  friend bool operator!=(const Type &a, const TypeRef &b) { return !(a == b); }

private:
  /// The count on a cache line of its own: one thread copies a type the
  /// parser gives to new values while another reads it as it lowers the
  /// values before them (-j 2), and a count beside the type made every
  /// copy take the type's line away from the reader.
  struct Rep {
    Type type;
    alignas(64) std::atomic<uint32_t> refs;
  };
  static const Type &none() {
    static const Type empty;
    return empty;
  }
  Rep *rep = nullptr;
};

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_TYPE_H
