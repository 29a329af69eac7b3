//===- Checker.cpp - Runs one Program through symshape and compares -------===//

#include "Checker.h"

#include "Generator.h"
#include "Model.h"
#include "Oracle.h"

#include "symshape/driver/Session.h"

#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace symshape::property {

using frontend::FunctionAnalysis;
using solver::Finding;
using solver::Verdict;

namespace {

std::string describeFinding(const Finding &finding) {
  std::string out = solver::verdictName(finding.verdict);
  if (!finding.condition.empty())
    out += ", condition \"" + finding.condition + "\"";
  if (!finding.witness.empty()) {
    out += ", witness {";
    for (size_t i = 0; i < finding.witness.size(); ++i)
      out += (i ? ", " : "") + finding.witness[i].first + " = " +
             std::to_string(finding.witness[i].second);
    out += "}";
  }
  if (!finding.reason.empty())
    out += ", reason \"" + finding.reason + "\"";
  return out;
}

/// Compares one program's analysis with the oracle.
class Checker {
public:
  Checker(const Program &program, const Model &model, const Oracle &oracle,
          const FunctionAnalysis &fn, const solver::FunctionVerdicts &verdicts,
          const CheckOptions &options, Tally &tally)
      : program(program), model(model), oracle(oracle), fn(fn),
        verdicts(verdicts), options(options), tally(tally) {}

  void run() {
    if (!checkStructure())
      return;
    for (size_t k = 0; k < model.obligations.size(); ++k) {
      const ModelObligation &ob = model.obligations[k];
      ++tally.obligations;
      ++tally.verdicts[verdicts.findings[k].verdict];
      ++tally.kinds[modelKindName(ob.kind)];
      ++tally.families[ob.kind == ModelKind::Assume
                           ? "assume"
                           : opFamily(program.ops[ob.opIndex].kind)]
                      [verdicts.findings[k].verdict];
      checkVerdict(k);
      checkWitness(k);
    }
    checkConditions();
    if (options.shapes && fn.shapes)
      checkShapes();
  }

private:
  const Program &program;
  const Model &model;
  const Oracle &oracle;
  const FunctionAnalysis &fn;
  const solver::FunctionVerdicts &verdicts; ///< fn's, or a mutated copy
  const CheckOptions &options;
  Tally &tally;
  static constexpr size_t kMaxPerProgram = 3;
  size_t failures = 0;

  std::string obligationName(size_t k) const {
    const ModelObligation &ob = model.obligations[k];
    std::string out = "obligation #" + std::to_string(k) + " " +
                      modelKindName(ob.kind) + " dim " + std::to_string(ob.dim);
    if (ob.kind == ModelKind::Assume)
      return out + " \"" + program.print(*ob.assume) + "\"";
    return out + " of op #" + std::to_string(ob.opIndex) + " (" + ob.op + ")";
  }

  /// Records a counterexample report; after kMaxPerProgram reports of one
  /// program, only counts (the first ones usually share a cause).
  void fail(const std::string &what, std::optional<size_t> k = std::nullopt,
            const std::string &detail = "") {
    if (tally.failingSeeds.empty() || tally.failingSeeds.back() != program.seed)
      tally.failingSeeds.push_back(program.seed);
    if (++failures > kMaxPerProgram) {
      ++tally.suppressed;
      return;
    }
    std::ostringstream os;
    os << "=== property failure (" << program.options() << "): " << what << "\n"
       << program.text();
    if (k) {
      const Expected &e = oracle.expected()[*k];
      os << obligationName(*k)
         << "\n  symshape: " << describeFinding(verdicts.findings[*k])
         << "\n  expected: " << solver::verdictName(e.verdict) << " ("
         << e.reaching << " reaching assignments, " << e.violating
         << " violating, domain " << oracle.domainText() << ")";
      if (!model.obligations[*k].why.empty())
        os << " static rule: " << model.obligations[*k].why;
      os << "\n";
    }
    if (!detail.empty())
      os << "  " << detail << "\n";
    tally.failures.push_back(os.str());
  }

  std::string assignmentText(size_t index) const {
    return oracle.describe(oracle.assignment(index));
  }

  bool checkStructure();
  void checkVerdict(size_t k);
  void checkWitness(size_t k);
  void checkConditions();
  std::vector<ShapeClaim> readClaims();
  int claimTerm(const ShapeClaim &claim) const;
  std::string claimName(const ShapeClaim &claim) const;
  void checkShapes();
  void checkShapeApi(const std::vector<ShapeClaim> &claims);
};

bool Checker::checkStructure() {
  const std::vector<solver::Obligation> &got = fn.problem->obligations;
  bool same = got.size() == model.obligations.size() &&
              verdicts.findings.size() == got.size();
  for (size_t k = 0; same && k < got.size(); ++k) {
    const ModelObligation &ob = model.obligations[k];
    bool assume = ob.kind == ModelKind::Assume;
    same = obligationKindName(got[k].kind) ==
               std::string(modelKindName(ob.kind)) &&
           got[k].dim == ob.dim && (assume || got[k].op == ob.op) &&
           (assume || got[k].staticError == ob.staticError);
  }
  if (same)
    return true;
  std::ostringstream os;
  os << "symshape's obligations:";
  for (const solver::Obligation &ob : got)
    os << "\n    " << obligationKindName(ob.kind) << " dim " << ob.dim << " ("
       << ob.op << ")" << (ob.staticError ? " static error" : "");
  os << "\n  expected obligations:";
  for (size_t k = 0; k < model.obligations.size(); ++k)
    os << "\n    " << obligationName(k)
       << (model.obligations[k].staticError ? " static error" : "");
  fail("obligation list differs", std::nullopt, os.str());
  return false;
}

void Checker::checkVerdict(size_t k) {
  const Finding &finding = verdicts.findings[k];
  const Expected &e = oracle.expected()[k];
  Verdict got = finding.verdict;
  if (e.ambiguous) {
    fail("model has an undefined violation (generator bug)", k);
    return;
  }
  if (got == Verdict::Unknown) {
    if (finding.reason.empty())
      fail("unknown verdict without a reason", k);
    return;
  }
  if (got == e.verdict)
    return;
  if (got == Verdict::Error || e.verdict == Verdict::Error) {
    fail(got == Verdict::Error ? "error where the static rules allow it"
                               : "no error where the static rules demand one",
         k);
    return;
  }
  switch (got) {
  case Verdict::Safe:
    if (e.violating)
      fail("unsound safe", k,
           "reaches and violates at " + assignmentText(*e.violatingExample));
    else
      fail("safe, but the obligation is unreachable", k);
    return;
  case Verdict::Unreachable: {
    std::optional<size_t> index =
        e.violatingExample ? e.violatingExample : e.holdingExample;
    fail(index ? "unsound unreachable" : "verdict differs", k,
         index ? "reaches at " + assignmentText(*index) : "");
    return;
  }
  case Verdict::UbGuaranteed:
    if (e.holdingExample)
      fail("ub-guaranteed, but some assignment reaches without violating", k,
           "reaches and holds at " + assignmentText(*e.holdingExample));
    else
      fail("ub-guaranteed, but nothing reaches the obligation", k);
    return;
  case Verdict::UbPossible:
    if (!e.violatingExample)
      fail("ub-possible, but no reaching assignment violates", k);
    else
      fail("ub-possible, but every reaching assignment violates", k,
           "e.g. " + assignmentText(*e.violatingExample));
    return;
  default:
    fail("verdict differs", k);
  }
}

void Checker::checkWitness(size_t k) {
  const Finding &finding = verdicts.findings[k];
  bool needed = finding.verdict == Verdict::UbPossible ||
                finding.verdict == Verdict::UbGuaranteed;
  if (needed && !finding.hasWitness)
    fail("non-safe finding without a witness", k);
  if (!needed && !finding.hasWitness)
    return;
  ++tally.witnesses;
  // SPEC 4: a witness names the free symbols whose value is not 1; every
  // symbol it does not name is 1. Under that one assignment the facts hold,
  // the op is reached (no earlier obligation violated) and it violates the
  // obligation.
  std::vector<int64_t> values(model.symbols.size(), 1);
  std::vector<bool> named(model.symbols.size(), false);
  std::string problem;
  for (const auto &[name, value] : finding.witness) {
    size_t i = 0;
    while (i < model.symbols.size() && model.symbols[i].name != name)
      ++i;
    if (i == model.symbols.size()) {
      problem += " names " + name + ", not a free symbol;";
      continue;
    }
    if (named[i])
      problem += " names " + name + " twice;";
    if (value == 1)
      problem += " names " + name + " = 1 (an unnamed size is 1);";
    named[i] = true;
    values[i] = value;
  }
  if (!problem.empty()) {
    std::string all;
    for (const Symbol &s : model.symbols)
      all += " " + s.name;
    fail("witness is not an assignment of the sizes other than 1", k,
         "witness" + problem + " free symbols:" + all);
    return;
  }
  Evaluation eval;
  evaluate(program, model, values, eval);
  if (!eval.factsHold)
    fail("witness does not reach the obligation", k,
         "a fact (type, min-dim, assumption) fails at " +
             oracle.describe(values));
  else if (!oracle.reachesAt(k, eval))
    fail("witness does not reach the obligation", k,
         "an earlier obligation is violated at " + oracle.describe(values));
  else if (eval.violated[k] != 1)
    fail("witness does not violate the obligation", k,
         "at " + oracle.describe(values));
}

void Checker::checkConditions() {
  frontend::SourceManager sources;
  frontend::DiagnosticEngine diags(sources);
  std::vector<std::pair<size_t, frontend::Expr>> conditions;
  for (size_t k = 0; k < model.obligations.size(); ++k) {
    const Finding &finding = verdicts.findings[k];
    if (finding.verdict != Verdict::UbPossible &&
        finding.verdict != Verdict::UbGuaranteed)
      continue;
    if (finding.condition.empty()) {
      if (finding.verdict == Verdict::UbPossible)
        fail("ub-possible without a condition", k);
      continue;
    }
    uint32_t id = sources.addBuffer("<condition>", finding.condition);
    std::optional<frontend::Expr> expr =
        frontend::parseExpr(sources.buffer(id), {id, 0}, diags);
    if (!expr) {
      fail("condition does not parse", k, diags.renderAll());
      diags.clear();
      continue;
    }
    conditions.emplace_back(k, std::move(*expr));
  }
  if (conditions.empty())
    return;
  tally.conditions += conditions.size();
  std::vector<bool> reported(model.obligations.size(), false);
  Evaluation eval;
  for (size_t index = 0; index < oracle.size(); ++index) {
    bool evaluated = false;
    for (const auto &[k, expr] : conditions) {
      if (reported[k] || !oracle.reaches(k, index))
        continue;
      if (!evaluated) {
        evaluate(program, model, oracle.assignment(index), eval);
        evaluated = true;
      }
      std::optional<bool> value = evalCondition(expr, program, model, eval);
      bool violated = oracle.violated(k, index) == 1;
      bool guaranteed = verdicts.findings[k].verdict == Verdict::UbGuaranteed;
      if (!value) {
        fail("condition names a value or dim the model cannot evaluate", k,
             "at " + assignmentText(index));
      } else if (*value != violated && !(guaranteed && *value)) {
        fail("condition is not exact", k,
             "at " + assignmentText(index) + " (reaching) the condition is " +
                 (*value ? "true" : "false") + " but the obligation " +
                 (violated ? "is violated" : "holds"));
      } else {
        continue;
      }
      reported[k] = true;
    }
  }
}

/// The claims symshape makes about every value the model knows: per dim the
/// refined integer and class name, read through the public ValueInfo and
/// ShapeRefinement. A tensor's dims (an extent tensor's length), a
/// !shape.shape's extents, an index or size value's scalar.
std::vector<ShapeClaim> Checker::readClaims() {
  std::vector<ShapeClaim> claims;
  const solver::Problem &problem = *fn.problem;
  const solver::ShapeRefinement &shapes = *fn.shapes;
  std::map<std::string, size_t> byName;
  for (size_t i = 0; i < problem.values.size(); ++i)
    byName.emplace(problem.values[i].name, i);
  for (size_t v = 0; v < program.values.size(); ++v) {
    const Value &pv = program.values[v];
    const RuntimeValue &rv = model.values[v];
    auto it = byName.find("%" + pv.name);
    if (it == byName.end()) {
      if (pv.kind != ValueKind::Witness)
        fail("refinement: symshape reports no value %" + pv.name);
      continue;
    }
    const solver::ValueInfo &info = problem.values[it->second];
    auto claim = [&](int dim, solver::TermId term, bool candidate) {
      ShapeClaim c;
      c.value = static_cast<int>(v);
      c.dim = dim;
      c.constant = shapes.constant(term);
      c.name = shapes.name(term);
      c.candidate = candidate;
      claims.push_back(c);
    };
    switch (pv.kind) {
    case ValueKind::Index:
    case ValueKind::Size:
      if (info.scalar != solver::kNoTerm && rv.scalar >= 0)
        claim(-1, info.scalar, false);
      break;
    case ValueKind::Witness:
      break;
    case ValueKind::Tensor:
    case ValueKind::Shape: {
      bool extentTensor = pv.kind == ValueKind::Shape && !pv.shapeType;
      const std::vector<int> &mine = extentTensor ? rv.length : rv.dims;
      bool ranked = extentTensor ? !rv.length.empty() : rv.ranked;
      if (!info.ranked)
        break; // nothing claimed
      if (!ranked) {
        fail("refinement: symshape fixes the rank of %" + pv.name +
             ", which the model leaves free");
        break;
      }
      if (info.dims.size() != mine.size()) {
        fail("refinement: %" + pv.name + " has " +
             std::to_string(info.dims.size()) + " dims in symshape, " +
             std::to_string(mine.size()) + " in the model");
        break;
      }
      for (size_t d = 0; d < mine.size(); ++d) {
        bool candidate = pv.kind == ValueKind::Tensor
                             ? !pv.type.ranked || pv.type.dims[d] == kDynamic
                             : pv.shapeType || pv.type.dims[0] == kDynamic;
        claim(static_cast<int>(d), info.dims[d], candidate);
      }
      break;
    }
    }
  }
  return claims;
}

int Checker::claimTerm(const ShapeClaim &claim) const {
  const Value &pv = program.values[claim.value];
  const RuntimeValue &rv = model.values[claim.value];
  if (claim.dim < 0)
    return rv.scalar;
  if (pv.kind == ValueKind::Shape && !pv.shapeType)
    return rv.length[claim.dim];
  return rv.dims[claim.dim];
}

std::string Checker::claimName(const ShapeClaim &claim) const {
  const Value &pv = program.values[claim.value];
  std::string out = "%" + pv.name;
  if (claim.dim >= 0)
    out += "[" + std::to_string(claim.dim) + "]";
  if (pv.kind == ValueKind::Shape && !pv.shapeType)
    out += " (extent tensor length)";
  return out;
}

/// FunctionAnalysis's conveniences say what ShapeRefinement says:
/// shapeOf lists each dim as its integer, class name or "?"; sameSize holds
/// for two dims with one integer or one name; refinedTypeOf writes the
/// integers (>= 0) into a ranked tensor result's declared type.
void Checker::checkShapeApi(const std::vector<ShapeClaim> &claims) {
  auto text = [](const ShapeClaim &c) {
    return c.constant       ? std::to_string(*c.constant)
           : c.name.empty() ? std::string("?")
                            : c.name;
  };
  std::map<int, std::vector<size_t>> byValue;
  for (size_t i = 0; i < claims.size(); ++i)
    if (claims[i].dim >= 0)
      byValue[claims[i].value].push_back(i);
  for (const auto &[value, members] : byValue) {
    const Value &pv = program.values[value];
    std::string name = "%" + pv.name;
    std::optional<std::vector<std::string>> shape = fn.shapeOf(name);
    std::string want, got;
    for (size_t i : members)
      want += " " + text(claims[i]);
    if (shape)
      for (const std::string &dim : *shape)
        got += " " + dim;
    ++tally.apiChecks;
    if (!shape || got != want)
      fail("refinement: shapeOf(" + name + ") differs from ShapeRefinement",
           std::nullopt,
           "shapeOf:" + (shape ? got : " none") + "; dimText:" + want);
    if (pv.kind != ValueKind::Tensor || !pv.type.ranked ||
        value < program.numArgs)
      continue;
    std::optional<std::string> refined = fn.refinedTypeOf(name);
    std::string expected = "tensor<";
    for (size_t i : members) {
      int64_t declared = pv.type.dims[claims[i].dim];
      // A negative size (index arithmetic can make one; SPEC 2 has sizes
      // >= 0 but no obligation for it) cannot be written into a type.
      bool writable = claims[i].constant && *claims[i].constant >= 0;
      expected += (writable               ? std::to_string(*claims[i].constant)
                   : declared == kDynamic ? std::string("?")
                                          : std::to_string(declared)) +
                  "x";
    }
    expected += pv.type.element + ">";
    ++tally.apiChecks;
    if (!refined || *refined != expected)
      fail("refinement: refinedTypeOf(" + name + ") is " +
           (refined ? *refined : "none") + ", expected " + expected);
  }
  for (size_t i = 0; i < claims.size(); ++i)
    for (size_t j = i + 1; j < claims.size(); ++j) {
      const ShapeClaim &a = claims[i], &b = claims[j];
      if (a.dim < 0 || b.dim < 0)
        continue;
      bool want = (a.constant && a.constant == b.constant) ||
                  (!a.name.empty() && a.name == b.name);
      bool got = fn.sameSize(
          "%" + program.values[a.value].name, static_cast<size_t>(a.dim),
          "%" + program.values[b.value].name, static_cast<size_t>(b.dim));
      ++tally.apiChecks;
      if (got != want)
        fail("refinement: sameSize(" + claimName(a) + ", " + claimName(b) +
             ") is " + (got ? "true" : "false") + " but the refined dims are " +
             text(a) + " and " + text(b));
    }
}

void Checker::checkShapes() {
  if (options.skipKnown)
    for (size_t k = 0; k < model.obligations.size(); ++k)
      if (model.obligations[k].kind == ModelKind::Assume && oracle.isError(k))
        return; // K3 (Generator.cpp)
  ++tally.refinedPrograms;
  const solver::ShapeRefinement &shapes = *fn.shapes;
  std::vector<ShapeClaim> claims = readClaims();
  if (options.mutateShapes)
    options.mutateShapes(claims);
  // In a function with no well-defined execution nothing is refined, and
  // the conveniences must still agree (and keep declared sizes).
  if (shapes.wellDefined() || !options.skipKnown) // K7
    checkShapeApi(claims);
  auto firstWellDefined = [&]() -> std::optional<size_t> {
    for (size_t index = 0; index < oracle.size(); ++index)
      if (oracle.wellDefined(index))
        return index;
    return std::nullopt;
  };
  if (!shapes.wellDefined()) {
    std::optional<size_t> index = firstWellDefined();
    if (!index) {
      ++tally.notWellDefined;
      return;
    }
    // Nothing is refined; the dims constant over W still count (as missed)
    // for completeness.
    fail("refinement: wellDefined() is false, but some execution is well "
         "defined",
         std::nullopt, "e.g. " + assignmentText(*index));
  }
  if (!oracle.anyWellDefined()) {
    bool unknown = false;
    for (const Finding &finding : verdicts.findings)
      unknown |= finding.verdict == Verdict::Unknown;
    if (unknown)
      ++tally.wellDefinedButEmpty;
    else
      fail("refinement: wellDefined() is true, but no execution is well "
           "defined");
    return;
  }
  if (oracle.undefinedInW())
    fail("refinement: an obligation is undefined where all others hold "
         "(generator bug)");
  std::vector<int> terms;
  for (const ShapeClaim &claim : claims)
    terms.push_back(claimTerm(claim));
  // Classes of two or more dims (or one dim named after another value).
  std::map<std::string, std::vector<size_t>> classes;
  for (size_t i = 0; i < claims.size(); ++i)
    if (!claims[i].name.empty())
      classes[claims[i].name].push_back(i);
  std::map<std::string, int> classTerm; ///< the term the name denotes
  for (const auto &[name, members] : classes) {
    std::string value = name.substr(1);
    int64_t dim = -1;
    size_t bracket = value.find('[');
    if (bracket != std::string::npos) {
      dim = std::strtoll(value.c_str() + bracket + 1, nullptr, 10);
      value = value.substr(0, bracket);
    }
    classTerm[name] = lookupTerm(program, model, value, dim);
    if (members.size() >= 2 || classTerm[name] >= 0)
      tally.nameClaims += members.size();
  }
  for (const ShapeClaim &claim : claims)
    tally.constantClaims += claim.constant.has_value();

  std::vector<std::optional<int64_t>> first(claims.size());
  std::vector<bool> varies(claims.size(), false);
  std::vector<bool> reported(claims.size(), false);
  std::set<std::string> reportedClass;
  Evaluation eval;
  for (size_t index = 0; index < oracle.size(); ++index) {
    if (!oracle.wellDefined(index))
      continue;
    evaluate(program, model, oracle.assignment(index), eval);
    for (size_t i = 0; i < claims.size(); ++i) {
      int t = terms[i];
      if (t < 0)
        continue;
      if (!eval.defined[t]) {
        if (!reported[i])
          fail("refinement: " + claimName(claims[i]) +
                   " is undefined in a well-defined execution (model bug)",
               std::nullopt, "at " + assignmentText(index));
        reported[i] = true;
        continue;
      }
      int64_t v = eval.terms[t];
      if (!first[i])
        first[i] = v;
      else if (*first[i] != v)
        varies[i] = true;
      if (claims[i].constant && *claims[i].constant != v && !reported[i]) {
        reported[i] = true;
        fail("refinement: unsound refined integer", std::nullopt,
             claimName(claims[i]) + " is refined to " +
                 std::to_string(*claims[i].constant) + ", but is " +
                 std::to_string(v) + " in the well-defined execution " +
                 assignmentText(index));
      }
    }
    for (const auto &[name, members] : classes) {
      if (reportedClass.count(name))
        continue;
      int named = classTerm[name];
      std::optional<int64_t> want;
      if (named >= 0 && eval.defined[named])
        want = eval.terms[named];
      for (size_t i : members) {
        int t = terms[i];
        if (t < 0 || !eval.defined[t])
          continue;
        if (!want) {
          want = eval.terms[t];
          continue;
        }
        if (eval.terms[t] == *want)
          continue;
        reportedClass.insert(name);
        std::string list;
        for (size_t j : members)
          list += " " + claimName(claims[j]) + " = " +
                  std::to_string(eval.terms[terms[j]]);
        fail("refinement: unsound equality", std::nullopt,
             "class " + name + " (" + name + " = " +
                 (named >= 0 ? std::to_string(eval.terms[named]) : "?") +
                 "):" + list + " in the well-defined execution " +
                 assignmentText(index));
        break;
      }
    }
  }
  // Completeness: dims constant over W that symshape refines.
  for (size_t i = 0; i < claims.size(); ++i) {
    if (!claims[i].candidate || terms[i] < 0)
      continue;
    ++tally.candidateDims;
    if (varies[i] || !first[i])
      continue;
    ++tally.bruteConstant;
    tally.missedIllDefined += !shapes.wellDefined();
    bool derived = model.terms[terms[i]].kind != Term::Kind::Const;
    tally.bruteDerived += derived;
    if (claims[i].constant == first[i]) {
      ++tally.refinedConstant;
      tally.refinedDerived += derived;
    } else if (tally.missedConstants.size() < 12 && shapes.wellDefined()) {
      std::ostringstream os;
      os << program.options() << ": " << claimName(claims[i]) << " is always "
         << *first[i] << " in W; symshape: "
         << (claims[i].name.empty() ? "?" : claims[i].name) << "\n"
         << program.text();
      tally.missedConstants.push_back(os.str());
    }
  }
}

} // namespace

/// Which features `program` exercises, for the run's summary.
void countFeatures(const Program &program, const Model &model, Tally &tally) {
  std::set<std::string> seen;
  if (program.minDim)
    seen.insert("min-dim");
  if (program.strict)
    seen.insert("strict");
  if (!program.attrAssumes.empty())
    seen.insert("attribute-assume");
  if (!program.sessionAssumes.empty())
    seen.insert("session-assume");
  for (const Op &op : program.ops) {
    seen.insert(op.kind == OpKind::Opaque ? "opaque" : op.name);
    seen.insert(std::string("family:") + opFamily(op.kind));
    if (op.kind == OpKind::Linalg && op.rfc)
      seen.insert("linalg-rfc-form");
    for (int operand : op.operands) {
      const TensorType &type = program.values[operand].type;
      if (op.kind == OpKind::Broadcast)
        seen.insert(type.scalar         ? "non-tensor-operand"
                    : !type.ranked      ? "unranked-operand"
                    : type.dims.empty() ? "rank-0-operand"
                                        : "ranked-operand");
    }
    if (op.operands.empty() && op.kind == OpKind::Broadcast)
      seen.insert("no-operand");
  }
  if (!model.facts.empty())
    seen.insert("fact");
  for (const Symbol &symbol : model.symbols)
    if (symbol.unbounded)
      seen.insert("index-argument");
  for (const Term &term : model.terms)
    if (term.kind == Term::Kind::Mul)
      seen.insert("nonlinear-size");
    else if (term.kind == Term::Kind::Add || term.kind == Term::Kind::Sub)
      seen.insert("size-arithmetic");
  for (const std::string &feature : seen)
    ++tally.features[feature];
}

void checkProgram(const Program &program, const CheckOptions &options,
                  Tally &tally) {
  ++tally.programs;
  Model model = buildModel(program);
  Oracle oracle(program, model);
  tally.assignments += oracle.size();
  countFeatures(program, model, tally);

  frontend::SessionOptions sessionOptions;
  sessionOptions.lowering.minDim = program.minDim;
  sessionOptions.lowering.strict = program.strict;
  sessionOptions.judge.fastPaths = options.fastPaths;
  sessionOptions.computeShapes = options.shapes;
  frontend::Session session(sessionOptions);
  std::string name = "property_" + std::to_string(program.seed) + ".mlir";
  bool ok = session.addFile(name, program.text());
  for (const Assume &assume : program.sessionAssumes)
    ok = ok && session.addAssumption(program.print(assume));
  ok = ok && session.analyze();
  if (!ok || session.files().size() != 1 ||
      session.files()[0]->functions.size() != 1 ||
      !session.files()[0]->functions[0].problem) {
    std::ostringstream os;
    os << "=== property failure (" << program.options()
       << "): symshape rejected the program\n"
       << program.text() << session.diagnostics().renderAll();
    tally.failures.push_back(os.str());
    tally.failingSeeds.push_back(program.seed);
    return;
  }
  const FunctionAnalysis &fn = session.files()[0]->functions[0];
  solver::FunctionVerdicts verdicts = fn.verdicts;
  if (options.mutate)
    options.mutate(*fn.problem, verdicts);
  if (options.verbose) {
    std::cout << "--- " << program.options() << "\n" << program.text();
    for (size_t k = 0; k < verdicts.findings.size(); ++k) {
      const solver::Obligation &ob = fn.problem->obligations[k];
      std::cout << "  #" << k << " " << obligationKindName(ob.kind) << " dim "
                << ob.dim << ": " << describeFinding(verdicts.findings[k])
                << "\n";
    }
  }
  Checker(program, model, oracle, fn, verdicts, options, tally).run();
}

} // namespace symshape::property
