//===- CheckerRegistry.cpp - The model's op outcomes against the registry -===//
//
// One registry states the runtime rule of every op for every test
// technique: the oracle of tests/models (oracle/ and tests/ops/*/oracle/,
// issue 41). The model (Model.h) still states the rules of the ops it
// lowers symbolically, because the brute force needs what a concrete run
// cannot give: the exact domain (Model.h's Domain reasons about the
// model's terms, so the box decides every verdict over all integers),
// SPEC 4's per-obligation judgement (each broadcast column, rank and
// result dim apart, where the oracle's run stops at an op's first failing
// requirement), and the facts of unranked operands. So here the registry
// is the authority the model answers to: at each assignment compared, the
// first op where some obligation of the model is violated is the op where
// the registry's run stops -- its first UB, or, for a `cstr` obligation, a
// failed shape.cstr_* check (SPEC 2: a clean stop). Where the registry
// cannot run an op (an opaque op, an unranked argument, an op it has no
// entry for), the ops before it are still compared: the model must find
// nothing violated there.
//
// The assignments compared: for each obligation, the reaching assignment
// that violates it and the one that does not (Expected's examples, on
// which its expected verdict rests), and 256 spread evenly over the
// domain (all of a smaller one). The comparison ends at the horizon (see
// there): the first op with a static error, an unranked operand or a size
// the model makes up. Programs with facts (Model::facts) are not compared.
//
//===----------------------------------------------------------------------===//

#include "CheckerImpl.h"

#include "oracle/Oracle.h"

#include <algorithm>
#include <limits>

namespace symshape::property::checker_impl {

namespace {

constexpr size_t kNone = std::numeric_limits<size_t>::max();

/// The model's first op with a violated obligation at one assignment.
struct ModelFirst {
  size_t op = kNone;
  bool violated = false;  ///< some obligation there is violated (not `cstr`)
  bool cstr = false;      ///< some `cstr` obligation there is violated
  bool undefined = false; ///< some obligation there is undefined
  std::string obligations;
};

std::string where(size_t op) {
  return op == kNone ? "none" : "op #" + std::to_string(op);
}

} // namespace

/// Why the registry cannot be compared with the model on `program`, or
/// null.
static const char *skipReason(const Program &program, const Model &model,
                              const frontend::Function &function) {
  if (!model.facts.empty())
    return "fresh sizes (facts)";
  size_t ops = 0;
  for (const frontend::Block &block : function.body.blocks)
    ops += block.operations.size();
  if (ops != program.ops.size() + 1) // the ops, then func.return
    return "other op numbering";
  return nullptr;
}

/// The first op where the registry and the model stop being comparable:
/// one with a static error (an op the seeds reject is no program to run:
/// the model keeps its static verdict and drops its runtime casts), one
/// that reads a value of unranked type (SPEC 3 leaves its sizes open: the
/// model takes them as unknown, the registry knows them), or one whose
/// result has a size the model makes up (an opaque op's: no input of the
/// registry's).
static size_t horizon(const Program &program, const Model &model) {
  size_t end = program.ops.size();
  for (const Symbol &symbol : model.symbols)
    for (size_t i = 0; i < end; ++i) {
      int result = program.ops[i].result;
      if (result >= 0 &&
          symbol.name.rfind("%" + program.values[result].name + "[", 0) == 0)
        end = i;
    }
  for (const ModelObligation &ob : model.obligations)
    if (ob.kind != ModelKind::Assume && ob.staticError)
      end = std::min(end, static_cast<size_t>(ob.opIndex));
  for (size_t i = 0; i < end; ++i)
    for (int operand : program.ops[i].operands) {
      const Value &v = program.values[operand];
      if (v.kind == ValueKind::Tensor && !v.type.ranked)
        return i;
    }
  return end;
}

std::set<size_t> Checker::registryPoints() const {
  // Where the expected verdicts were decided: for each obligation, a
  // reaching assignment that violates it and one that does not.
  std::set<size_t> points;
  for (const Expected &e : oracle.expected()) {
    if (e.violatingExample)
      points.insert(*e.violatingExample);
    if (e.holdingExample)
      points.insert(*e.holdingExample);
  }
  // And the box evenly, all of it when it is small.
  size_t step = std::max<size_t>(1, oracle.size() / kRegistrySample);
  for (size_t index = 0; index < oracle.size(); index += step)
    points.insert(index);
  return points;
}

void Checker::checkRegistry(const frontend::Module &module) {
  if (!options.registry)
    return;
  const frontend::Function &function = *fn.function;
  if (const char *why = skipReason(program, model, function)) {
    ++tally.registrySkipped[why];
    return;
  }
  ++tally.registryPrograms;
  size_t end = horizon(program, model);
  std::vector<std::string> names = models::Oracle::symbols(function);
  models::Oracle registry(module);
  for (size_t index : registryPoints()) {
    std::vector<int64_t> values = oracle.assignment(index);
    // The registry's free symbols: the model's sizes of the arguments,
    // and 1 for what the model has no symbol of (the contents of a rank-0
    // integer tensor, which no op of these programs reads).
    models::Assignment sizes;
    for (const std::string &name : names)
      sizes[name] = 1;
    for (size_t i = 0; i < values.size(); ++i)
      if (sizes.count(model.symbols[i].name))
        sizes[model.symbols[i].name] = values[i];
    models::OracleResult r = registry.run(function, sizes);
    ++tally.registryRuns;

    ModelFirst first;
    for (size_t k = 0; k < model.obligations.size(); ++k) {
      const ModelObligation &ob = model.obligations[k];
      uint8_t v = oracle.violated(k, index);
      if (ob.kind == ModelKind::Assume || v == 0 ||
          static_cast<size_t>(ob.opIndex) > first.op)
        continue;
      first.op = static_cast<size_t>(ob.opIndex);
      first.undefined |= v == 2;
      (ob.kind == ModelKind::Cstr ? first.cstr : first.violated) |= v == 1;
      first.obligations +=
          " " + obligationName(k) + (v == 2 ? " (undefined)" : "");
    }
    if (first.op != kNone && !first.violated && !first.cstr)
      continue; // undefined only: the model cannot say
    size_t stop = r.ub                     ? r.ub->opIndex
                  : r.stopped              ? r.stopped->opIndex
                  : !r.unsupported.empty() ? r.unsupportedOp
                                           : kNone;
    if (std::min(stop, first.op) >= end) {
      ++tally.registryBeyond;
      continue; // both stop past what they share
    }

    std::string theirs;
    bool agree = false;
    if (!r.unsupported.empty()) {
      // The ops before the one it cannot run ran cleanly.
      theirs = "cannot run op #" + std::to_string(r.unsupportedOp) + " (" +
               r.unsupported + ")";
      agree = first.op == kNone || first.op >= r.unsupportedOp;
      ++tally.registryPartial;
    } else if (r.ub) {
      theirs = "UB at op #" + std::to_string(r.ub->opIndex) + " (" +
               r.ub->rule + ")";
      agree = first.op == r.ub->opIndex && first.violated;
      tally.registryUb += agree;
    } else if (r.stopped) {
      theirs = "a failed check at op #" + std::to_string(r.stopped->opIndex) +
               " (" + r.stopped->message + ")";
      agree = first.op == r.stopped->opIndex && first.cstr;
    } else {
      theirs = "no UB";
      agree = first.op == kNone;
    }
    if (agree)
      continue;
    fail("the model and the oracle registry disagree", std::nullopt,
         "at " + assignmentText(index) + " the registry finds " + theirs +
             "; the model's first violated op: " + where(first.op) +
             first.obligations);
    return;
  }
}

} // namespace symshape::property::checker_impl
