//===- CheckerShapes.cpp - Checking refined shapes ------------------------===//
//
// The property checker's shape checks: the claims symshape makes about
// every value the model knows (refined integers and class names, read
// through the public ValueInfo and ShapeRefinement), compared with the
// model's terms over the oracle's assignments.
//
//===----------------------------------------------------------------------===//

#include "CheckerImpl.h"

#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace symshape::property::checker_impl {

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

} // namespace symshape::property::checker_impl
