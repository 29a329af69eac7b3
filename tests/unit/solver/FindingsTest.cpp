// solver/Verdicts.h's Findings: checked against a std::vector<Finding>
// kept beside it, through appends, sets anywhere and resizes across its
// words of 64 bits. Plain safe findings (no witness, text or solver
// query) are one shared entry, any other is kept as it was set, and
// setting a kept one plain again forgets it.

#include "symshape/solver/Verdicts.h"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace symshape::solver;

namespace {

using WitnessList = std::vector<std::pair<std::string, int64_t>>;

bool same(const Finding &a, const Finding &b) {
  return a.verdict == b.verdict && a.hasWitness == b.hasWitness &&
         a.bySolver == b.bySolver &&
         static_cast<const WitnessList &>(a.witness) ==
             static_cast<const WitnessList &>(b.witness) &&
         a.condition.view() == b.condition.view() &&
         a.reason.view() == b.reason.view();
}

/// One of the shapes a judge leaves: mostly plain safe ones.
Finding sample(std::mt19937 &random, int k) {
  Finding f;
  switch (random() % 8) {
  case 0:
    f.verdict = Verdict::UbPossible;
    f.hasWitness = true;
    f.witness.push_back({"%a[0]", k});
    f.condition = ConditionText(symshape::Condition::compare(
        symshape::Term::ref("%a[0]"), symshape::Condition::Op::Ne,
        symshape::Term::constant(1)));
    break;
  case 1:
    f.verdict = Verdict::Safe;
    f.bySolver = true; // safe, but asked of Z3: kept
    break;
  case 2:
    f.verdict = Verdict::Unknown;
    f.reason = "time-out " + std::to_string(k);
    break;
  case 3:
    f.verdict = Verdict::Error;
    break;
  default:
    break; // plain safe
  }
  return f;
}

} // namespace

TEST_CASE("Findings read like the vector of what was set", "[findings]") {
  std::mt19937 random(7);
  Findings findings;
  std::vector<Finding> plain;
  for (int k = 0; k < 3000; ++k) {
    Finding f = sample(random, k);
    plain.push_back(f);
    findings.push_back(std::move(f));
  }
  findings.resize(3500); // as the judge sizes them: plain until set
  plain.resize(3500);
  for (int round = 0; round < 5000; ++round) {
    size_t k = random() % plain.size();
    plain[k] = sample(random, round);
    findings.set(k, plain[k]);
  }
  REQUIRE(findings.size() == plain.size());
  size_t wrong = 0, notPlain = 0;
  for (size_t k = 0; k < plain.size(); ++k) {
    wrong += !same(findings[k], plain[k]);
    notPlain += !Findings::isPlain(plain[k]);
  }
  CHECK(wrong == 0);
  // Only the findings that say something are kept.
  CHECK(findings.keptCount() == notPlain);
  CHECK(notPlain < plain.size() / 2);
  size_t k = 0;
  for (const Finding &f : findings)
    wrong += !same(f, plain[k++]);
  CHECK(k == plain.size());
  CHECK(wrong == 0);
  // Shrunk inside a word of bits, then grown plain again.
  findings.resize(1000);
  plain.resize(1000);
  findings.resize(1200);
  plain.resize(1200);
  notPlain = 0;
  for (size_t j = 0; j < plain.size(); ++j) {
    wrong += !same(findings[j], plain[j]);
    notPlain += !Findings::isPlain(plain[j]);
  }
  CHECK(wrong == 0);
  CHECK(findings.keptCount() == notPlain);
}

TEST_CASE("forEachKept visits the findings that are not plain, in order",
          "[findings]") {
  std::mt19937 random(11);
  Findings findings;
  std::vector<Finding> plain;
  // Across several words of bits, with whole words plain and words full.
  for (int k = 0; k < 1000; ++k) {
    Finding f = k >= 128 && k < 320 ? Finding() : sample(random, k);
    if (k >= 448 && k < 512 && Findings::isPlain(f))
      f.reason = "kept " + std::to_string(k); // a word with every bit set
    plain.push_back(f);
    findings.push_back(std::move(f));
  }
  std::vector<size_t> expected, visited;
  for (size_t k = 0; k < plain.size(); ++k)
    if (!Findings::isPlain(plain[k]))
      expected.push_back(k);
  size_t wrong = 0;
  findings.forEachKept([&](size_t k, const Finding &f) {
    visited.push_back(k);
    wrong += !same(f, plain[k]) || &f != &findings[k];
  });
  CHECK(visited == expected);
  CHECK(wrong == 0);
  CHECK(visited.size() == findings.keptCount());
  Findings none;
  none.resize(130);
  none.forEachKept([&](size_t, const Finding &) { ++wrong; });
  CHECK(wrong == 0);
}

TEST_CASE("a plain safe finding is not kept; any other word is", "[findings]") {
  Findings findings;
  findings.resize(4);
  CHECK(findings.keptCount() == 0);
  CHECK(findings[3].verdict == Verdict::Safe);
  Finding why;
  why.reason = "implied by an earlier check";
  findings.set(1, why); // safe, with a reason
  Finding witnessOnly;
  witnessOnly.hasWitness = true;
  findings.set(2, witnessOnly);
  CHECK(findings.keptCount() == 2);
  CHECK(findings[1].reason.view() == "implied by an earlier check");
  CHECK(findings[2].hasWitness);
  findings.set(1, Finding()); // plain again: forgotten
  CHECK(findings.keptCount() == 1);
  CHECK(findings[1].reason.empty());
  CHECK(&findings[1] == &Findings::plain());
  findings.set(1, why); // and kept again
  CHECK(findings.keptCount() == 2);
  CHECK(findings[1].reason.view() == "implied by an earlier check");
  findings.resize(2); // drops the kept finding 2
  CHECK(findings.size() == 2);
  CHECK(findings.keptCount() == 1);
  findings.resize(4);
  CHECK(!findings[2].hasWitness);
}

TEST_CASE("the judge keeps only the findings that say something",
          "[findings]") {
  Problem p;
  TermId a = p.graph.symbol("%a[0]", SymbolOrigin::ArgumentDim);
  p.addFact(p.formulas.mkLe(p.graph.constant(0), a));
  TermId four = p.graph.constant(4), one = p.graph.constant(1);
  auto broadcast = [&](std::vector<TermId> sizes) {
    Obligation ob;
    ob.kind = ObligationKind::Broadcast;
    ob.violation = p.formulas.mkConflict(sizes);
    p.addObligation(ob);
  };
  for (int k = 0; k < 1000; ++k) // static and safe: (4, 1), (4, 4)
    broadcast({four, k % 2 ? one : four});
  broadcast({a, four}); // ub-possible: a witness and a condition
  FunctionVerdicts verdicts = judgeFunction(p, JudgeOptions());
  REQUIRE(verdicts.findings.size() == 1001);
  CHECK(verdicts.verdict == Verdict::UbPossible);
  CHECK(verdicts.findings.keptCount() == 1);
  CHECK(verdicts.findings[1000].verdict == Verdict::UbPossible);
  CHECK(verdicts.findings[1000].hasWitness);
  CHECK(!verdicts.findings[1000].condition.empty());
  CHECK(verdicts.findings[0].verdict == Verdict::Safe);
}

TEST_CASE("a condition is printed when first read, once for every copy",
          "[findings]") {
  using symshape::Term;
  std::vector<Term> sizes;
  for (int k = 0; k < 50; ++k)
    sizes.push_back(Term::ref("%a" + std::to_string(k) + "[0]"));
  symshape::Condition formula = symshape::Condition::negation(
      symshape::Condition::broadcastable(std::move(sizes)));
  std::string expected = formula.str();
  ConditionText text(formula);
  ConditionText copy = text;
  // Read from several threads at once: one text, the printer's.
  std::vector<std::string_view> seen(4);
  std::vector<std::thread> readers;
  for (size_t i = 0; i < seen.size(); ++i)
    readers.emplace_back([&, i] { seen[i] = (i % 2 ? copy : text).view(); });
  for (std::thread &reader : readers)
    reader.join();
  for (std::string_view view : seen) {
    CHECK(view == expected);
    CHECK(view.data() == seen[0].data()); // the shared block's text
  }
  CHECK(text.formula().kind() == symshape::Condition::Kind::Not);
  CHECK("when " + copy == "when " + expected);
  CHECK(ConditionText().view().empty());
}
