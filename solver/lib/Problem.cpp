//===- Problem.cpp - One lowered function ---------------------------------===//

#include "symshape/solver/Problem.h"

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
  }
  return "?";
}

/// Joins every term `f` mentions, so one component holds the whole formula.
static void joinTerms(DimGraph &graph, const FormulaStore &formulas,
                      FormulaId f, Relation relation) {
  std::vector<TermId> terms = formulas.termsOf(f);
  for (size_t i = 1; i < terms.size(); ++i)
    graph.relate(terms[0], terms[i], relation);
}

void Problem::addFact(FormulaId fact) {
  joinTerms(graph, formulas, fact, Relation::Fact);
  facts.push_back(fact);
}

void Problem::addObligation(Obligation obligation) {
  Relation relation = obligation.kind == ObligationKind::Broadcast
                          ? Relation::BroadcastCompatible
                      : obligation.kind == ObligationKind::Assume
                          ? Relation::Fact
                          : Relation::Equal;
  joinTerms(graph, formulas, obligation.violation, relation);
  obligations.push_back(std::move(obligation));
}

} // namespace symshape::solver
