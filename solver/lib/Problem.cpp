//===- Problem.cpp - One lowered function ---------------------------------===//

#include "symshape/solver/Problem.h"

#include <charconv>

#include <algorithm>

namespace symshape::solver {

const char *obligationKindName(ObligationKind kind) {
  switch (kind) {
  case ObligationKind::Broadcast:
    return "broadcast";
  case ObligationKind::ResultCast:
    return "result-cast";
  case ObligationKind::Rank:
    return "rank";
  case ObligationKind::MappedDim:
    return "mapped-dim";
  case ObligationKind::Cast:
    return "cast";
  case ObligationKind::Join:
    return "join";
  case ObligationKind::Cstr:
    return "cstr";
  case ObligationKind::Assume:
    return "assume";
  case ObligationKind::Equal:
    return "equal";
  case ObligationKind::ElementCount:
    return "element-count";
  case ObligationKind::InBounds:
    return "in-bounds";
  case ObligationKind::Assert:
    return "assert";
  case ObligationKind::Overflow:
    return "overflow";
  case ObligationKind::Bind:
    return "bind";
  }
  return "?";
}

/// `value` in decimal, appended without a temporary string.
static void appendNumber(std::string &out, int64_t value) {
  char buffer[24];
  // A length, not an end pointer: append(first, last) is the iterator
  // overload, a replace().
  char *end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out.append(buffer, size_t(end - buffer));
}

std::string describeSubject(const Problem &problem, const Obligation &ob) {
  std::string out;
  appendSubject(out, problem, ob);
  return out;
}

void appendSubject(std::string &out, const Problem &problem,
                   const Obligation &ob) {
  if (ob.form == SubjectForm::Text) {
    const Text &subject = problem.subjectOf(ob);
    out += subject.empty() ? std::string_view(obligationKindName(ob.kind))
                           : std::string_view(subject);
    return;
  }
  if (ob.form == SubjectForm::Rank) {
    out += "the result rank ";
    appendNumber(out, problem.declaredOf(ob));
    out += " (inferred rank ";
    appendNumber(out, ob.inferredRank());
    out += ')';
    return;
  }
  out += ob.form == SubjectForm::Broadcast ? "the broadcast of operand sizes "
                                           : "the size inferred from ";
  for (uint32_t i = 0; i < ob.refCount; ++i) {
    const DimRef &ref = problem.dimRefs[ob.refBegin + i];
    if (i)
      out +=
          i + 1 == ob.refCount ? (ob.refCount > 2 ? ", and " : " and ") : ", ";
    if (ref.staticSize >= 0) {
      appendNumber(out, ref.staticSize);
    } else {
      out += problem.values[ref.value].name;
      out += '[';
      appendNumber(out, ref.dim);
      out += ']';
    }
  }
  if (ob.form != SubjectForm::Broadcast) {
    out += ", cast to the declared ";
    appendNumber(out, problem.declaredOf(ob));
  }
  out += " (result dim ";
  appendNumber(out, ob.dim);
  out += ')';
}

/// Joins every term `f` mentions, so one component holds the whole formula;
/// returns one of them (kNoTerm when there is none).
static TermId joinTerms(DimGraph &graph, const FormulaStore &formulas,
                        FormulaId f, Relation relation) {
  std::vector<TermId> terms = formulas.termsOf(f);
  // Constants link nothing (see DimGraph::components): anchor on an unknown.
  terms.erase(std::remove_if(
                  terms.begin(), terms.end(),
                  [&](TermId t) { return graph.constantValue(t).has_value(); }),
              terms.end());
  for (size_t i = 1; i < terms.size(); ++i)
    graph.relate(terms[0], terms[i], relation);
  return terms.empty() ? kNoTerm : terms.front();
}

void Problem::addFact(FormulaId fact) {
  joinTerms(graph, formulas, fact, Relation::Fact);
  facts.push_back(fact);
}

/// Joins the terms of `ob`'s violation (anchorOf finds their component).
static void anchor(DimGraph &graph, const FormulaStore &formulas,
                   const Obligation &ob) {
  if (formulas.isTrue(ob.violation) || formulas.isFalse(ob.violation))
    return; // mentions no term
  Relation relation = ob.kind == ObligationKind::Broadcast
                          ? Relation::BroadcastCompatible
                      : ob.kind == ObligationKind::Assume ? Relation::Fact
                                                          : Relation::Equal;
  joinTerms(graph, formulas, ob.violation, relation);
}

TermId Problem::anchorOf(const Obligation &ob) const {
  const FormulaNode &node = formulas.node(ob.violation);
  auto unknown = [&](TermId t) { return !graph.constantValue(t); };
  switch (node.kind) {
  case FormulaKind::True:
  case FormulaKind::False:
    return kNoTerm;
  case FormulaKind::Eq:
  case FormulaKind::Le:
  case FormulaKind::Lt:
  case FormulaKind::Conflict: { // the common case: no walk
    auto it = std::find_if(node.args.begin(), node.args.end(), unknown);
    return it == node.args.end() ? kNoTerm : *it;
  }
  default:
    break;
  }
  std::vector<TermId> terms = formulas.termsOf(ob.violation);
  auto it = std::find_if(terms.begin(), terms.end(), unknown);
  return it == terms.end() ? kNoTerm : *it;
}

// The layout notes of Obligation (no padding) and ValueInfo hold.
static_assert(sizeof(Obligation) == 36, "Obligation has padding again");
static_assert(sizeof(void *) != 8 || sizeof(ValueInfo) == 56, "ValueInfo grew");

uint32_t Problem::addSite(Location loc, Text op, uint32_t callStack,
                          Text rule) {
  const ObligationSite &last = sites[sites.size() - 1];
  if (sites.size() > 1 && last.loc.buffer == loc.buffer &&
      last.loc.offset == loc.offset && last.loc.source == loc.source &&
      last.callStack == callStack && last.op.view() == op.view() &&
      last.rule.view() == rule.view())
    return uint32_t(sites.size() - 1);
  sites.push_back(
      ObligationSite{loc, callStack, std::move(op), std::move(rule)});
  return uint32_t(sites.size() - 1);
}

std::string_view ruleOf(const Problem &problem, const Obligation &ob) {
  const ObligationSite &site = problem.sites[ob.site];
  if (!site.rule.empty())
    return site.rule.view();
  if (ob.kind == ObligationKind::Broadcast)
    return "broadcastable";
  if (!site.op.empty())
    return site.op.view();
  return obligationKindName(ob.kind);
}

uint32_t Problem::addNotes(Text subject, Text staticNote) {
  if (subject.empty() && staticNote.empty())
    return 0;
  notes.push_back(ObligationNotes{std::move(subject), std::move(staticNote)});
  return uint32_t(notes.size() - 1);
}

void DimRefTable::push_back(const DimRef &ref) {
  int32_t size = int32_t(ref.staticSize);
  if (ref.staticSize < -1 || ref.staticSize > INT32_MAX) {
    size = int32_t(-2 - int64_t(wide.size()));
    wide.push_back(ref.staticSize);
  }
  refs.push_back(Packed{ref.value, ref.dim, size});
}

void Problem::setDeclared(Obligation &ob, int64_t declared) {
  if (declared > INT32_MIN && declared <= INT32_MAX) {
    ob.declared32 = int32_t(declared);
    return;
  }
  ob.declared32 = Obligation::kWideDeclared;
  if (ob.notes == 0) {
    notes.push_back(ObligationNotes());
    ob.notes = uint32_t(notes.size() - 1);
  }
  notes[ob.notes].wideDeclared = declared;
}

void Problem::addObligation(Obligation obligation) {
  anchor(graph, formulas, obligation);
  obligations.push_back(std::move(obligation));
}

void Problem::addObligations(ChunkedVector<Obligation> &&more) {
  for (Obligation &ob : more)
    anchor(graph, formulas, ob);
  if (obligations.empty()) {
    obligations = std::move(more);
    return;
  }
  for (Obligation &ob : more)
    obligations.push_back(std::move(ob));
  more.clear();
}

bool Problem::isLinear() const {
  // Cheap first: no term of the graph multiplies or divides sizes.
  if (graph.maxDegree() < 2)
    return true;
  int8_t known = linearAnswer.load(std::memory_order_relaxed);
  if (known >= 0)
    return known == 1;
  bool linear = true;
  for (FormulaId fact : facts)
    linear = linear && formulas.degreeOf(fact) < 2;
  for (size_t k = 0; linear && k < obligations.size(); ++k)
    linear = formulas.degreeOf(obligations[k].violation) < 2;
  linearAnswer.store(linear ? 1 : 0, std::memory_order_relaxed);
  return linear;
}

} // namespace symshape::solver
