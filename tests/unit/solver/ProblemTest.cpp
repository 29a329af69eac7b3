// solver/Problem.h: what an Obligation leaves out to stay 36 bytes is
// recomputed or kept aside exactly. anchorOf gives a term of the violation
// in the component addObligation joined (none for a constant formula); a
// Rank obligation keeps its inferred rank, and a declared size of over 32
// bits goes to the obligation's notes, both printed in its subject; a
// dim ref's static size of over 31 bits is kept aside.

#include "symshape/solver/Problem.h"

#include <catch2/catch.hpp>

#include <climits>
#include <cstdint>
#include <vector>

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
  ob.setInferredRank(100000);
  p.setDeclared(ob, 3);
  ob.site = p.addSite(Location{0, 7}, "tosa.add");
  p.addObligation(ob);
  const Obligation &kept = p.obligations[0];
  CHECK(kept.inferredRank() == 100000);
  Obligation broadcast =
      obligation(ObligationKind::Broadcast, p.formulas.mkBool(false));
  broadcast.form = SubjectForm::Broadcast;
  broadcast.refBegin = 17; // its dim refs, not a rank
  CHECK(broadcast.inferredRank() == 0);
  CHECK(kept.refCount == 0); // it names no dims
  CHECK(describeSubject(p, kept) == "the result rank 3 (inferred rank 100000)");
  CHECK(p.opOf(kept).view() == "tosa.add");
  CHECK(p.locOf(kept).offset == 7);
}

TEST_CASE("a declared size of over 32 bits is kept whole", "[problem]") {
  Problem p;
  TermId a = p.graph.symbol("%a[0]", SymbolOrigin::ArgumentDim);
  auto cast = [&](int64_t declared, Text staticNote) {
    Obligation ob = obligation(ObligationKind::ResultCast,
                               p.formulas.mkNe(a, p.graph.constant(declared)));
    ob.form = SubjectForm::ResultCast;
    ob.dim = 0;
    ob.notes = p.addNotes(Text(), std::move(staticNote));
    p.setDeclared(ob, declared);
    ob.refBegin = uint32_t(p.dimRefs.size());
    ob.refCount = 1;
    p.dimRefs.push_back(DimRef{0, 0, -1});
    p.addObligation(ob);
  };
  ValueInfo value;
  value.name = "%a";
  p.values.push_back(value);
  const int64_t wide = int64_t(1) << 40, low = INT64_MIN + 1;
  cast(wide, Text());
  cast(low, "a note");
  cast(INT32_MAX, Text());
  cast(int64_t(INT32_MIN), Text()); // the marker's value, kept aside
  CHECK(p.declaredOf(p.obligations[0]) == wide);
  CHECK(p.declaredOf(p.obligations[1]) == low);
  CHECK(p.staticNoteOf(p.obligations[1]).view() == "a note");
  CHECK(p.declaredOf(p.obligations[2]) == INT32_MAX);
  CHECK(p.obligations[2].notes == 0); // fits: nothing aside
  CHECK(p.declaredOf(p.obligations[3]) == int64_t(INT32_MIN));
  CHECK(describeSubject(p, p.obligations[0]) ==
        "the size inferred from %a[0], cast to the declared 1099511627776 "
        "(result dim 0)");
}

TEST_CASE("dim refs keep every static size", "[problem]") {
  DimRefTable refs;
  const std::vector<int64_t> sizes = {-1,
                                      0,
                                      1,
                                      128,
                                      INT32_MAX,
                                      int64_t(INT32_MAX) + 1,
                                      int64_t(1) << 40,
                                      INT64_MAX,
                                      -2,
                                      int64_t(INT32_MIN),
                                      INT64_MIN};
  for (size_t i = 0; i < sizes.size(); ++i)
    refs.push_back(DimRef{uint32_t(i), uint32_t(i % 3), sizes[i]});
  refs.shrink_to_fit();
  REQUIRE(refs.size() == sizes.size());
  for (size_t i = 0; i < sizes.size(); ++i) {
    DimRef ref = refs[i];
    CHECK(ref.value == i);
    CHECK(ref.dim == i % 3);
    CHECK(ref.staticSize == sizes[i]);
  }
}
