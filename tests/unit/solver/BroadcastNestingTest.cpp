//===- BroadcastNestingTest.cpp - The heavy-chain index of broadcasts -----===//
//
// The index answers "does this term lie under that broadcast" without
// walking it. Its Yes and No must be what a walk says, on chains, on DAGs
// that reuse earlier values (the shape of a graph whose ops add earlier
// results), and on broadcasts that mix sizes with other terms.
//
//===----------------------------------------------------------------------===//

#include "BroadcastNesting.h"

#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace symshape::solver;
using symshape::solver::detail::BroadcastNesting;

namespace {

/// Every term under `root` through broadcast operands, by a plain walk.
std::set<TermId> reach(const DimGraph &g, TermId root) {
  std::set<TermId> seen;
  std::vector<TermId> stack{root};
  while (!stack.empty()) {
    TermId t = stack.back();
    stack.pop_back();
    if (!seen.insert(t).second)
      continue;
    if (g.term(t).kind == TermKind::Broadcast)
      for (TermId op : g.term(t).operands)
        stack.push_back(op);
  }
  return seen;
}

std::set<TermId> atomsOf(const DimGraph &g, TermId root) {
  std::set<TermId> atoms;
  for (TermId t : reach(g, root))
    if (g.term(t).kind != TermKind::Broadcast)
      atoms.insert(t);
  return atoms;
}

/// Checks every answer of the index against walks.
void checkAgainstWalks(const DimGraph &g) {
  BroadcastNesting nesting(g);
  size_t yes = 0, no = 0;
  for (TermId root = 0; root < g.numTerms(); ++root) {
    if (g.term(root).kind != TermKind::Broadcast)
      continue;
    std::set<TermId> under = reach(g, root);
    for (TermId t = 0; t < g.numTerms(); ++t) {
      BroadcastNesting::Answer a = nesting.under(t, root);
      INFO("target " << t << " root " << root);
      if (a == BroadcastNesting::Answer::Yes) {
        CHECK(under.count(t) == 1);
        ++yes;
      } else if (a == BroadcastNesting::Answer::No) {
        CHECK(under.count(t) == 0);
        ++no;
      } else {
        // Unknown only for a broadcast off the heavy chain, or an atom
        // under a root whose deltas were not recorded.
        CHECK((g.term(t).kind == TermKind::Broadcast || !nesting.delta(root)));
      }
    }
    // The delta is what the root holds that its heavy operand does not.
    if (const std::vector<TermId> *delta = nesting.delta(root)) {
      std::set<TermId> expected = atomsOf(g, root);
      if (TermId heavy = nesting.heavy(root); heavy != kNoTerm)
        for (TermId a : atomsOf(g, heavy))
          expected.erase(a);
      CHECK(std::set<TermId>(delta->begin(), delta->end()) == expected);
    }
  }
  CHECK(yes > 0);
  CHECK(no > 0);
}

} // namespace

TEST_CASE("a chain of fresh sizes nests and is indexed exactly", "[nesting]") {
  DimGraph g;
  TermId running = g.symbol("%a0[0]", SymbolOrigin::ArgumentDim);
  std::vector<TermId> sizes{running};
  for (int i = 1; i < 40; ++i) {
    TermId a =
        g.symbol("%a" + std::to_string(i) + "[0]", SymbolOrigin::ArgumentDim);
    sizes.push_back(a);
    running = g.broadcast({running, a});
  }
  BroadcastNesting nesting(g);
  // Past DimGraph::kMaxFlatLeaves the chain nests: every size is under
  // the last broadcast, found along its heavy chain.
  REQUIRE(g.term(running).kind == TermKind::Broadcast);
  CHECK(nesting.heavy(running) != kNoTerm);
  for (TermId a : sizes)
    CHECK(nesting.under(a, running) == BroadcastNesting::Answer::Yes);
  TermId later = g.symbol("%b[0]", SymbolOrigin::ArgumentDim);
  CHECK(nesting.under(later, running) == BroadcastNesting::Answer::No);
  checkAgainstWalks(g);
}

TEST_CASE("DAGs that reuse earlier values agree with walks", "[nesting]") {
  for (unsigned seed = 1; seed <= 12; ++seed) {
    std::mt19937 random(seed);
    DimGraph g;
    std::vector<TermId> values;
    for (int i = 0; i < 60; ++i) {
      std::uniform_int_distribution<int> pick(0, 9);
      int choice = pick(random);
      TermId next;
      if (values.empty() || choice < 4) {
        next = g.symbol("%a" + std::to_string(i) + "[0]",
                        SymbolOrigin::ArgumentDim);
      } else if (choice < 5) {
        // A term that is not a broadcast nor a symbol: an atom too.
        next = g.add(values[random() % values.size()], g.constant(1));
      } else {
        std::vector<TermId> operands;
        int count = 2 + int(random() % 3);
        for (int k = 0; k < count; ++k)
          operands.push_back(values[random() % values.size()]);
        if (choice < 8)
          operands.push_back(values.back()); // the running value
        next = g.broadcast(operands);
      }
      values.push_back(next);
    }
    INFO("seed " << seed);
    checkAgainstWalks(g);
  }
}
