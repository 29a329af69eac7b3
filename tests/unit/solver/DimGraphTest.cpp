//===- DimGraphTest.cpp - Hash-consed terms of the dim graph --------------===//
//
// Products are canonical: however a program groups and orders the factors
// of an element count, equal products are one term, so the obligation
// comparing them folds without a solver.
//
//===----------------------------------------------------------------------===//

#include "symshape/solver/DimGraph.h"

#include "Evaluate.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

using namespace symshape::solver;

TEST_CASE("products are one term however they are grouped and ordered",
          "[dimgraph]") {
  DimGraph g;
  TermId b = g.symbol("%x[0]", SymbolOrigin::ArgumentDim);
  TermId s = g.symbol("%x[1]", SymbolOrigin::ArgumentDim);
  TermId h = g.symbol("%x[2]", SymbolOrigin::ArgumentDim);
  TermId left = g.mul(g.mul(b, s), h);     // (b * s) * h
  TermId right = g.mul(b, g.mul(s, h));    // b * (s * h)
  TermId reversed = g.mul(h, g.mul(s, b)); // h * (s * b)
  TermId squared = g.mul(g.mul(b, b), s);  // b * b * s: another product
  CHECK(left == right);
  CHECK(left == reversed);
  CHECK(squared != left);
  CHECK(g.mul(s, g.mul(b, b)) == squared);
  CHECK(g.term(left).degree == 3);

  // Constants fold into one coefficient, wherever they stand.
  TermId c768 = g.mul(g.mul(g.mul(b, g.constant(12)), s), g.constant(64));
  CHECK(c768 == g.mul(g.constant(768), g.mul(s, b)));
  CHECK(g.mul(g.mul(b, g.constant(2)), g.constant(0)) == g.constant(0));
  CHECK(g.mul(g.mul(b, g.constant(2)), g.constant(1)) ==
        g.mul(g.constant(2), b));
  // A reshape's -1 over the product folds back to the unknown size.
  CHECK(g.floorDiv(c768, g.constant(768)) == g.mul(b, s));
  CHECK(g.floorDiv(g.mul(g.constant(4), b), g.constant(4)) == b);
}

TEST_CASE("canonical products keep their value", "[dimgraph]") {
  // The value of each spelling at a few assignments, by the evaluator that
  // defines terms exactly as the SMT encoding does.
  DimGraph g;
  FormulaStore formulas(g);
  std::vector<TermId> x;
  for (int i = 0; i < 4; ++i)
    x.push_back(
        g.symbol("%a[" + std::to_string(i) + "]", SymbolOrigin::ArgumentDim));
  TermId p = g.mul(g.mul(x[2], g.constant(3)), g.mul(x[0], g.mul(x[3], x[1])));
  for (int64_t base : {0, 1, 2, 7}) {
    detail::Evaluator eval(g, formulas,
                           [&](TermId t) { return base + int64_t(t); });
    int64_t expected = 3;
    for (TermId t : x)
      expected *= base + int64_t(t);
    CHECK(eval.term(p) == std::optional<int64_t>(expected));
  }
}

TEST_CASE("long products and overflowing constants stay as written",
          "[dimgraph]") {
  DimGraph g;
  // Past kMaxFlatFactors factors a product is no longer flattened; it is
  // still a product (and building it stays cheap: x^(2^k) by squaring).
  TermId x = g.symbol("%n", SymbolOrigin::Scalar);
  TermId power = x;
  for (int i = 0; i < 40; ++i)
    power = g.mul(power, power);
  CHECK(g.term(power).kind == TermKind::Mul);
  // 2^62 * 4 overflows int64: the constants are not folded into a wrong
  // coefficient.
  TermId big = g.mul(g.mul(x, g.constant(int64_t(1) << 62)), g.constant(4));
  const TermNode &node = g.term(big);
  REQUIRE(node.kind == TermKind::Mul);
  for (TermId op : node.operands)
    if (std::optional<int64_t> c = g.constantValue(op))
      CHECK((*c == 4 || *c == (int64_t(1) << 62)));
}

TEST_CASE("a name taken again gets the next free suffix on its value name",
          "[dimgraph]") {
  DimGraph g;
  auto name = [&](TermId t) { return g.symbolOf(t).name; };
  TermId a = g.symbol("%v[3]", SymbolOrigin::ArgumentDim);
  TermId b = g.symbol("%v[3]", SymbolOrigin::ArgumentDim);
  TermId taken = g.symbol("%v_3[3]", SymbolOrigin::ArgumentDim);
  TermId c = g.symbol("%v[3]", SymbolOrigin::ArgumentDim);
  TermId d = g.symbol("%v[3]", SymbolOrigin::ArgumentDim);
  TermId again = g.symbol("%v_2[3]", SymbolOrigin::ArgumentDim);
  TermId n = g.symbol("%n", SymbolOrigin::Scalar);
  TermId m = g.symbol("%n", SymbolOrigin::Scalar);
  CHECK(name(a) == "%v[3]");
  CHECK(name(b) == "%v_2[3]");
  CHECK(name(taken) == "%v_3[3]");
  CHECK(name(c) == "%v_4[3]"); // %v_3[3] was taken by a name of its own
  CHECK(name(d) == "%v_5[3]");
  CHECK(name(again) == "%v_2_2[3]");
  CHECK(name(n) == "%n");
  CHECK(name(m) == "%n_2");
  // Symbols are never interned: each is a term of its own.
  CHECK(a != b);
  CHECK(n != m);
}

TEST_CASE("terms stay interned through the index's growth", "[dimgraph]") {
  DimGraph g;
  std::vector<TermId> constants, sums;
  TermId x = g.symbol("%x", SymbolOrigin::Scalar);
  for (int64_t i = 0; i < 3000; ++i) {
    constants.push_back(g.constant(i * 7 - 100));
    sums.push_back(g.add(x, constants.back()));
  }
  for (int64_t i = 0; i < 3000; ++i) {
    CHECK(g.constant(i * 7 - 100) == constants[size_t(i)]);
    CHECK(g.add(x, g.constant(i * 7 - 100)) == sums[size_t(i)]);
    CHECK(g.constantValue(constants[size_t(i)]) == i * 7 - 100);
  }
  CHECK(g.constant(-99) != g.constant(-100));
}

TEST_CASE("a formula store over another builds on it and leaves it as it was",
          "[dimgraph]") {
  DimGraph g;
  TermId a = g.symbol("%a[0]", SymbolOrigin::ArgumentDim);
  TermId b = g.symbol("%b[0]", SymbolOrigin::ArgumentDim);
  FormulaStore base(g);
  FormulaId eq = base.mkEq(a, b);
  FormulaId conflict = base.mkConflict({a, b});
  const size_t before = base.size();

  FormulaStore over = FormulaStore::over(base);
  // What the base holds keeps its id; true and false are the base's.
  CHECK(over.mkEq(b, a) == eq);
  CHECK(over.mkConflict({b, a}) == conflict);
  CHECK(over.mkAnd({eq, over.mkTrue()}) == eq);
  CHECK(over.size() == before);
  // A new formula gets the id the base would give it next, once.
  FormulaId both = over.mkAnd({eq, conflict});
  CHECK(both == before);
  CHECK(over.mkAnd({conflict, eq}) == both);
  CHECK(over.size() == before + 1);
  CHECK(over.node(both).kind == FormulaKind::And);
  CHECK(over.node(both).args == std::vector<uint32_t>{eq, conflict});
  CHECK(over.termsOf(both) == std::vector<TermId>{a, b});
  FormulaId notEq = over.mkNot(eq);
  CHECK(notEq == before + 1);
  CHECK(over.mkNot(notEq) == eq);
  CHECK(over.mkOr({eq, notEq}) == over.mkTrue());
  // The base is unchanged, and builds the same formula under the same id.
  CHECK(base.size() == before);
  CHECK(base.mkAnd({conflict, eq}) == both);
  CHECK(base.size() == before + 1);
}

TEST_CASE("components are boost::connected_components' over non-constant "
          "edges",
          "[dimgraph]") {
  // The reference: an adjacency list searched by connected_components,
  // which numbers components by their first term; edges to a constant
  // link nothing. Random graphs of symbols and constants, growing, with
  // components asked in between (the cache must follow the growth).
  uint64_t state = 12345;
  auto next = [&](uint32_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return uint32_t(state >> 33) % bound;
  };
  for (int round = 0; round < 20; ++round) {
    DimGraph g;
    std::vector<TermId> terms;
    for (int step = 0; step < 4; ++step) {
      for (int i = 0; i < 40; ++i)
        terms.push_back(next(4) == 0
                            ? g.constant(int64_t(next(6)))
                            : g.symbol("%s" + std::to_string(terms.size()),
                                       SymbolOrigin::ArgumentDim));
      for (int e = 0; e < 25 + round; ++e)
        g.relate(terms[next(uint32_t(terms.size()))],
                 terms[next(uint32_t(terms.size()))], Relation::Equal);
      using Graph =
          boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
      Graph reference(g.numTerms());
      for (const DimGraph::Edge &edge : g.edges())
        if (!g.constantValue(edge.a) && !g.constantValue(edge.b))
          boost::add_edge(edge.a, edge.b, reference);
      std::vector<uint32_t> expected(g.numTerms());
      uint32_t count =
          uint32_t(boost::connected_components(reference, expected.data()));
      Components found = g.components();
      CHECK(found.count == count);
      CHECK(found.of == expected);
    }
  }
}

TEST_CASE("a difference is never negative only when its form says so",
          "[dimgraph]") {
  DimGraph g;
  TermId x = g.symbol("%x", SymbolOrigin::Scalar);
  TermId y = g.symbol("%y", SymbolOrigin::Scalar);
  TermId d = g.symbol("%a[0]", SymbolOrigin::ArgumentDim);
  // max(x, y) - x and x - min(x, y), whatever the signs of x and y.
  CHECK(g.provablyNonNegative(g.sub(g.max(x, y), x)));
  CHECK(g.provablyNonNegative(g.sub(g.max(y, x), x)));
  CHECK(g.provablyNonNegative(g.sub(y, g.min(x, y))));
  // Not: max(x, y) - a third value, min(x, y) - x, plain differences.
  CHECK_FALSE(g.provablyNonNegative(g.sub(g.max(x, y), d)));
  CHECK_FALSE(g.provablyNonNegative(g.sub(g.min(x, y), x)));
  CHECK_FALSE(g.provablyNonNegative(g.sub(d, x)));
  CHECK(g.provablyNonNegative(d));
  CHECK_FALSE(g.provablyNonNegative(x));
}
