//===- PolynomialTest.cpp - Renaming a polynomial's symbols ---------------===//
//
// Polynomial::renamed must give what building the renamed polynomial
// term by term with mul and add gives (the cached broadcast covers were
// renamed that way before): like terms merge, a merge that overflows is
// nullopt, and renaming to an order-preserving set is a relabelling.
//
//===----------------------------------------------------------------------===//

#include "symshape/solver/Polynomial.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>

using namespace symshape::solver;

namespace {

/// What renaming meant before: each monomial rebuilt with mul, summed
/// with add.
std::optional<Polynomial> byArithmetic(const Polynomial &p,
                                       const std::map<TermId, TermId> &to) {
  Polynomial sum = Polynomial::constant(0);
  for (const auto &[monomial, coefficient] : p.terms()) {
    std::optional<Polynomial> product = Polynomial::constant(coefficient);
    for (TermId t : monomial)
      product = Polynomial::mul(*product, Polynomial::symbol(to.at(t)));
    std::optional<Polynomial> next = Polynomial::add(sum, *product);
    if (!next)
      return std::nullopt;
    sum = *next;
  }
  return sum;
}

Polynomial affine(int64_t c,
                  std::initializer_list<std::pair<TermId, int64_t>> terms) {
  Polynomial p = Polynomial::constant(c);
  for (const auto &[t, k] : terms)
    p = *Polynomial::add(
        p, *Polynomial::mul(Polynomial::constant(k), Polynomial::symbol(t)));
  return p;
}

} // namespace

TEST_CASE("renamed polynomials are those built by mul and add",
          "[polynomial]") {
  // 3 + 2*x1 - x2 + x1*x2*x2
  Polynomial p = *Polynomial::add(
      affine(3, {{1, 2}, {2, -1}}),
      *Polynomial::mul(
          Polynomial::symbol(1),
          *Polynomial::mul(Polynomial::symbol(2), Polynomial::symbol(2))));
  for (const std::map<TermId, TermId> &to :
       {std::map<TermId, TermId>{{1, 7}, {2, 9}},    // order kept
        std::map<TermId, TermId>{{1, 9}, {2, 7}},    // order reversed
        std::map<TermId, TermId>{{1, 5}, {2, 5}}}) { // merged
    std::optional<Polynomial> got =
        p.renamed([&](TermId t) { return to.at(t); });
    std::optional<Polynomial> expected = byArithmetic(p, to);
    REQUIRE(got);
    REQUIRE(expected);
    CHECK(*got == *expected);
  }
  // x1 - x2 renamed to x - x: like terms cancel to 0.
  std::optional<Polynomial> zero =
      affine(0, {{1, 1}, {2, -1}}).renamed([](TermId) { return TermId(4); });
  REQUIRE(zero);
  CHECK(*zero == Polynomial::constant(0));
}

TEST_CASE("a rename whose merged coefficient overflows is nullopt",
          "[polynomial]") {
  Polynomial p = affine(0, {{1, INT64_MAX}, {2, 1}});
  CHECK(!p.renamed([](TermId) { return TermId(3); }));
  CHECK(p.renamed([](TermId t) { return TermId(t + 10); }));
}
