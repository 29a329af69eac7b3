// solver/Problem.h: what an Obligation leaves out to stay 40 bytes is
// recomputed exactly. anchorOf gives a term of the violation in the
// component addObligation joined (none for a constant formula), and a
// Rank obligation keeps its inferred rank, printed in its subject.

#include "symshape/solver/Problem.h"

#include <catch2/catch.hpp>

using namespace symshape::solver;

namespace {

Obligation obligation(ObligationKind kind, FormulaId violation) {
  Obligation ob;
  ob.kind = kind;
  ob.violation = violation;
  return ob;
}

} // namespace

TEST_CASE("anchorOf finds the component of an obligation's violation",
          "[problem]") {
  Problem p;
  DimGraph &g = p.graph;
  TermId a = g.symbol("%a[0]", SymbolOrigin::ArgumentDim);
  TermId b = g.symbol("%b[0]", SymbolOrigin::ArgumentDim);
  TermId c = g.symbol("%c[0]", SymbolOrigin::ArgumentDim);
  TermId d = g.symbol("%d[0]", SymbolOrigin::ArgumentDim);
  TermId four = g.constant(4);
  // A constant first: the anchor is the unknown after it.
  p.addObligation(
      obligation(ObligationKind::Broadcast, p.formulas.mkConflict({four, b})));
  // A compound violation (an op inside a region: `withEarlier`).
  p.addObligation(obligation(
      ObligationKind::ResultCast,
      p.formulas.mkAnd({p.formulas.mkNe(c, four), p.formulas.mkEq(c, d)})));
  p.addObligation(obligation(ObligationKind::Rank, p.formulas.mkBool(false)));
  p.addObligation(obligation(ObligationKind::Broadcast,
                             p.formulas.mkConflict({four, g.constant(2)})));
  (void)a;
  Components parts = g.components();
  CHECK(p.anchorOf(p.obligations[0]) == b);
  TermId compound = p.anchorOf(p.obligations[1]);
  REQUIRE(compound != kNoTerm);
  CHECK((compound == c || compound == d));
  CHECK(parts.of[compound] == parts.of[c]);
  CHECK(parts.of[c] == parts.of[d]); // joined by addObligation
  CHECK(parts.of[a] != parts.of[c]);
  CHECK(p.anchorOf(p.obligations[2]) == kNoTerm);
  CHECK(p.anchorOf(p.obligations[3]) == kNoTerm); // constants only
}

TEST_CASE("a Rank obligation keeps its inferred rank", "[problem]") {
  Problem p;
  Obligation ob = obligation(ObligationKind::Rank, p.formulas.mkBool(true));
  ob.form = SubjectForm::Rank;
  ob.declared = 3;
  ob.setInferredRank(100000);
  ob.site = p.addSite(Location{0, 7}, "tosa.add");
  p.addObligation(ob);
  const Obligation &kept = p.obligations[0];
  CHECK(kept.inferredRank() == 100000);
  CHECK(kept.refCount == 0); // it names no dims
  CHECK(describeSubject(p, kept) == "the result rank 3 (inferred rank 100000)");
  CHECK(p.opOf(kept).view() == "tosa.add");
  CHECK(p.locOf(kept).offset == 7);
}
