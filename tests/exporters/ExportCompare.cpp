//===- ExportCompare.cpp - symshape on exporters' programs vs the oracle
//----===//

#include "ExportCompare.h"

#include "Expr.h"
#include "Instances.h"
#include "Json.h"

#include "symshape/driver/Session.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace symshape::exporters {

namespace {

struct Finding {
  std::string function, loc, op, kind, verdict, condition, message;
  bool hasCondition = false, hasWitness = false, hasImpliedBy = false;
  Sizes witness;
  std::vector<std::string> callStack;
  std::vector<std::string> impliedBy; ///< "file:line:col" each
};

bool nonSafe(const std::string &verdict) {
  return verdict == "ub-possible" || verdict == "ub-guaranteed" ||
         verdict == "error" || verdict == "unknown";
}

/// "file:12:5" -> "12:5"
std::string lineCol(const std::string &loc) {
  size_t b = loc.rfind(':');
  if (b == std::string::npos || b == 0)
    return loc;
  size_t a = loc.rfind(':', b - 1);
  return a == std::string::npos ? loc : loc.substr(a + 1);
}

struct ToolRun {
  int exit = -1;
  std::string out, err;
};

ToolRun runTool(const std::string &cli, const std::string &path) {
  ToolRun run;
  std::string cmd =
      "'" + cli + "' check --json -j 1 '" + path + "' 2>'" + path + ".err'";
  FILE *pipe = popen(cmd.c_str(), "r");
  if (!pipe)
    return run;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0)
    run.out.append(buf, n);
  int status = pclose(pipe);
  run.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream err(path + ".err");
  std::stringstream ss;
  ss << err.rdbuf();
  run.err = ss.str();
  std::remove((path + ".err").c_str());
  return run;
}

std::string str(const Json *j) { return j && j->isString() ? j->string : ""; }

std::vector<Finding> readFindings(const Json &fn, const std::string &name) {
  std::vector<Finding> out;
  const Json *list = fn.get("findings");
  if (!list || !list->isArray())
    return out;
  for (const Json &j : list->items) {
    Finding f;
    f.function = name;
    f.loc = str(j.get("loc"));
    f.op = str(j.get("op"));
    f.kind = str(j.get("kind"));
    f.verdict = str(j.get("verdict"));
    f.message = str(j.get("message"));
    if (const Json *c = j.get("condition"); c && c->isString()) {
      f.hasCondition = true;
      f.condition = c->string;
    }
    if (const Json *w = j.get("witness"); w && w->isObject()) {
      f.hasWitness = true;
      for (const auto &[k, v] : w->members)
        f.witness[k] = v.integral ? v.integer : int64_t(v.number);
    }
    if (const Json *why = j.get("implied_by"); why && why->isArray()) {
      f.hasImpliedBy = true;
      for (const Json &w : why->items)
        f.impliedBy.push_back(str(&w));
    }
    if (const Json *cs = j.get("call_stack"); cs && cs->isArray())
      for (const Json &c : cs->items)
        f.callStack.push_back(str(&c));
    // One finding for several calls (`call_sites`) claims its verdict,
    // condition and witness for each: it is judged at every call.
    const Json *sites = j.get("call_sites");
    if (!sites || !sites->isArray() || sites->items.empty()) {
      out.push_back(std::move(f));
      continue;
    }
    for (const Json &site : sites->items) {
      Finding at = f;
      at.callStack.clear();
      if (site.isArray())
        for (const Json &c : site.items)
          at.callStack.push_back(str(&c));
      out.push_back(std::move(at));
    }
  }
  return out;
}

const frontend::Function *findFunction(const frontend::Module &m,
                                       const std::string &name) {
  for (const frontend::Function &fn : m.functions)
    if (fn.name == name && !fn.isDeclaration)
      return &fn;
  return nullptr;
}

std::string sizesText(const models::Assignment &a) {
  std::string out = "{";
  for (const auto &[k, v] : a)
    out += (out.size() > 1 ? ", " : "") + k + "=" + std::to_string(v);
  return out + "}";
}

/// One comparison: the program, the oracle's side and the tool's side.
class Comparison {
public:
  Comparison(const ExportProgram &p, const CompareOptions &o, ExportStats &s)
      : p(p), options(o), stats(s),
        tag(!p.origin.empty() ? p.origin + ": "
                              : std::string(familyName(p.family)) + " seed " +
                                    std::to_string(p.seed) + " (" +
                                    variantName(p.variant) + "): ") {}
  void run();

private:
  const ExportProgram &p;
  const CompareOptions &options;
  ExportStats &stats;
  std::string tag;
  OpTable twinOps, textOps;
  std::map<std::string, size_t> opAtLine; ///< "line:col" -> op index
  const frontend::Module *twin = nullptr;
  const frontend::Function *entry = nullptr;
  BruteForce bf;
  std::map<std::string, std::vector<Finding>> byInstance;

  void fail(const std::string &msg) { stats.failures.push_back(tag + msg); }
  std::string describe(const std::string &key) const;
  bool instanceOf(const Finding &f, std::string &key);
  void judgeInstance(const std::string &key,
                     const std::vector<Finding> &findings);
  void replay(const std::string &key, const Finding &f, bool check);
  /// Whether the oracle, run on `f`'s witness (unnamed sizes 1), stops at
  /// (or has UB at) the op instance `key`.
  bool witnessFails(const std::string &key, const Finding &f, bool check);
  void checkContract(const Json &fn);
  /// SPEC 4 "implied_by" of every safe runtime check (issue 22).
  void checkImplied();
  /// Whether every finding of the check op `op`, in every instance, is
  /// safe: `refine --drop-redundant-checks` deletes it.
  bool redundantCheck(size_t op) const;
  /// The op indices (of the entry function and the functions it calls)
  /// run before the op instance `key` on every path that reaches it.
  std::set<size_t> runBefore(const std::string &key) const;
  void addAlwaysRun(size_t op, std::set<size_t> &out,
                    std::set<std::string> &entered) const;
  /// Per assignment of the box, how a run of a variant ended.
  enum Outcome : char { Passed, FailedC, UbBefore, StoppedElsewhere };
  struct VariantRuns {
    std::vector<char> outcome;
    std::vector<size_t> stoppedAt; ///< the check op, for StoppedElsewhere
  };
  /// Runs the twin with every runtime check outside `keep` made a
  /// passing no-op; `key` is the judged check's instance (empty when the
  /// oracle could not run the variant).
  std::optional<VariantRuns> runWithOnly(const std::set<size_t> &keep,
                                         const std::string &key);
};

std::string Comparison::describe(const std::string &key) const {
  size_t op = std::stoul(key.substr(key.rfind('>') + 1));
  const frontend::Operation &o = *textOps.ops[op];
  std::string where = o.name + " in @" + textOps.function[op];
  for (const auto &[lc, k] : opAtLine)
    if (k == op)
      where += " at line " + lc;
  if (key.find('>') != std::string::npos)
    where += " (through calls " + key.substr(0, key.rfind('>')) + ")";
  return where;
}

bool Comparison::instanceOf(const Finding &f, std::string &key) {
  auto at = opAtLine.find(lineCol(f.loc));
  if (at == opAtLine.end()) {
    fail("finding at " + f.loc + " (" + f.op + ") is at no op of the program");
    return false;
  }
  key.clear();
  for (const std::string &c : f.callStack) {
    auto call = opAtLine.find(lineCol(c));
    if (call == opAtLine.end()) {
      fail("call_stack entry " + c + " of the finding at " + f.loc +
           " is at no op");
      return false;
    }
    key += std::to_string(call->second) + ">";
  }
  key += std::to_string(at->second);
  return true;
}

bool Comparison::witnessFails(const std::string &key, const Finding &f,
                              bool check) {
  models::Assignment a;
  for (const std::string &s : bf.box.symbols)
    a[s] = 1; // SPEC: every size the witness does not name is 1
  for (const auto &[name, value] : f.witness) {
    if (!a.count(name))
      return false;
    a[name] = value;
  }
  models::Oracle oracle(*twin);
  models::OracleResult r = oracle.run(*entry, a);
  if (check)
    return r.stopped && twinOps.key(r.stopped->at) == key;
  return r.ub && twinOps.key(r.ub->at) == key;
}

void Comparison::replay(const std::string &key, const Finding &f, bool check) {
  models::Assignment a;
  for (const std::string &s : bf.box.symbols)
    a[s] = 1; // SPEC: every size the witness does not name is 1
  for (const auto &[name, value] : f.witness) {
    if (!a.count(name)) {
      ++stats.witnessesFailed;
      fail("witness of " + f.kind + " at " + f.loc + " names " + name +
           ", not a free symbol of @" + p.entry);
      return;
    }
    a[name] = value;
  }
  models::Oracle oracle(*twin);
  models::OracleResult r = oracle.run(*entry, a);
  std::string got;
  if (r.ub && !check)
    got = twinOps.key(r.ub->at);
  if (r.stopped && check)
    got = twinOps.key(r.stopped->at);
  if (got == key) {
    ++stats.witnessesReplayed;
    return;
  }
  ++stats.witnessesFailed;
  std::string what =
      r.ub        ? "UB at " + describe(twinOps.key(r.ub->at))
      : r.stopped ? "a failed check at " + describe(twinOps.key(r.stopped->at))
      : !r.unsupported.empty() ? "unsupported: " + r.unsupported
                               : "no UB and no failed check";
  fail("witness " + sizesText(a) + " of the " + f.verdict + " " + f.kind +
       " finding at " + f.loc + " does not replay: the oracle finds " + what);
}

void Comparison::judgeInstance(const std::string &key,
                               const std::vector<Finding> &findings) {
  size_t opIndex = std::stoul(key.substr(key.rfind('>') + 1));
  const frontend::Operation &op = *twinOps.ops[opIndex];
  bool check = isCheck(op);
  std::string where = describe(key);
  auto it = bf.instances.find(key);
  size_t reached = 0, bad = 0;
  const InstanceRuns *runs = it == bf.instances.end() ? nullptr : &it->second;
  if (runs)
    for (size_t k = 0; k < runs->reached.size(); ++k) {
      reached += runs->reached[k];
      bad += runs->bad[k];
    }
  std::vector<const Finding *> ub;
  for (const Finding &f : findings) {
    ++stats.findings;
    if (f.verdict == "unknown")
      fail("unknown verdict at " + where + ": " + f.message);
    if (check &&
        f.kind != (op.name.rfind("shape.cstr_", 0) == 0 ? "cstr" : "assert"))
      fail("the check " + where + " has a finding of kind '" + f.kind + "'");
    if (f.verdict == "unreachable" && reached > 0)
      fail("unreachable finding at " + where + " that " +
           std::to_string(reached) + " assignments reach");
    if (nonSafe(f.verdict))
      ub.push_back(&f);
  }
  if (check && reached > 0) {
    ++stats.checks;
    if (findings.empty()) {
      fail("no finding for the check " + where);
      return;
    }
  }
  if (!check && bad > 0 && findings.empty()) {
    fail("the oracle finds UB at " + where + " for " + std::to_string(bad) +
         "/" + std::to_string(reached) + " assignments (" + runs->example +
         "); symshape reports nothing there");
    return;
  }
  if (bad == 0) {
    // The box may be too small to fail it (a check of b >= 6): then the
    // witness, outside the box, must reach it and fail it in the oracle.
    bool outside = !ub.empty();
    for (const Finding *f : ub) {
      bool inBox = true;
      for (const auto &[name, value] : f->witness)
        inBox = inBox && value >= bf.box.lowest(name) && value <= bf.box.hi;
      outside = outside && !inBox && f->verdict == "ub-possible" &&
                witnessFails(key, *f, check);
    }
    if (outside) {
      if (check)
        ++stats.checksRight;
      return;
    }
    for (const Finding *f : ub)
      fail(std::string(check ? "check " : "") + f->verdict + " " + f->kind +
           " finding at " + where + (reached ? "" : " (never reached)") +
           " but no size in the box " + (check ? "fails it" : "has UB there") +
           ": " + f->message);
    if (ub.empty() && check)
      ++stats.checksRight;
    return;
  }
  if (ub.empty()) {
    fail((check ? "the check " : "") + where + " is called safe but " +
         std::to_string(bad) + "/" + std::to_string(reached) +
         " reaching assignments " + (check ? "fail it" : "have UB there") +
         " (" + runs->example + ")");
    return;
  }
  bool right = true;
  bool guaranteed = bad == reached;
  if (ub.size() == 1 && guaranteed != (ub[0]->verdict == "ub-guaranteed" ||
                                       ub[0]->verdict == "error")) {
    right = false;
    fail(std::string(check ? "the check " : "") + where + ": symshape says " +
         ub[0]->verdict + ", the oracle " + std::to_string(bad) + "/" +
         std::to_string(reached) + " reaching assignments " +
         (check ? "failing" : "with UB"));
  }
  // The conditions, together, are exactly the failing sizes (under P:
  // on the assignments that reach the op).
  std::vector<std::optional<Expr>> conds;
  for (const Finding *f : ub) {
    if (!f->hasCondition) {
      if (f->verdict == "ub-possible") {
        right = false;
        fail("ub-possible finding at " + where + " has no condition");
      }
      conds.emplace_back(); // guaranteed: every reaching size
      continue;
    }
    std::string error;
    std::optional<Expr> e = Expr::parse(f->condition, error);
    if (!e) {
      right = false;
      fail("condition \"" + f->condition + "\" at " + where +
           " is not a SPEC section 6 expression: " + error);
      return;
    }
    for (const std::string &s : e->symbols())
      if (std::find(bf.box.symbols.begin(), bf.box.symbols.end(), s) ==
          bf.box.symbols.end()) {
        right = false;
        fail("condition \"" + f->condition + "\" at " + where + " names " + s +
             ", not a free symbol of @" + p.entry);
        return;
      }
    conds.push_back(std::move(e));
  }
  for (size_t k = 0; k < runs->reached.size(); ++k) {
    if (!runs->reached[k])
      continue;
    models::Assignment a = bf.box.at(k);
    bool said = false;
    for (const auto &c : conds) {
      std::optional<bool> v = c ? c->holds(a) : std::optional<bool>(true);
      said = said || (v && *v);
    }
    if (said != bool(runs->bad[k])) {
      right = false;
      std::string all;
      for (const Finding *f : ub)
        all += (all.empty() ? "" : " || ") +
               (f->hasCondition ? "(" + f->condition + ")" : "true");
      fail("condition " + all + " at " + where + " is " +
           (said ? "true" : "false") + " for " + sizesText(a) +
           " but the oracle " + (runs->bad[k] ? "finds" : "finds no") +
           (check ? " failed check" : " UB") + " there");
      break;
    }
  }
  if (right) {
    ++stats.conditionsExact;
    if (check)
      ++stats.checksRight;
  }
  for (const Finding *f : ub) {
    if (f->verdict == "unknown")
      continue;
    if (!f->hasWitness) {
      fail(f->verdict + " finding at " + where + " has no witness");
      continue;
    }
    replay(key, *f, check);
  }
}

void Comparison::checkContract(const Json &fn) {
  const Json *c = fn.get("contract");
  if (!c || !c->isObject()) {
    ++stats.contractsAbsent;
    if (options.requireContract)
      fail("@" + p.entry + " has no \"contract\"");
    return;
  }
  ++stats.contractsChecked;
  // A formula too long to read as one is null, its conjuncts listed by
  // finding in "<name>_parts": the contract is their conjunction.
  auto formula = [&](const std::string &name) {
    if (const Json *text = c->get(name); text && text->isString())
      return text->string;
    const Json *parts = c->get(name + "_parts");
    if (!parts || !parts->isArray() || parts->items.empty())
      return std::string();
    std::string out;
    for (const Json &part : parts->items)
      out += (out.empty() ? "(" : " && (") + str(part.get("holds")) + ")";
    return out;
  };
  std::string error;
  std::optional<Expr> checked = Expr::parse(formula("checked"), error);
  std::optional<Expr> requires_ =
      checked ? Expr::parse(formula("requires"), error) : std::nullopt;
  if (!requires_) {
    fail("contract of @" + p.entry + " is not readable: " + error);
    return;
  }
  for (size_t k = 0; k < bf.stopped.size(); ++k) {
    models::Assignment a = bf.box.at(k);
    std::optional<bool> ch = checked->holds(a), rq = requires_->holds(a);
    if (!ch || !rq) {
      fail("contract of @" + p.entry + " names a symbol it has no value for");
      return;
    }
    if (!bf.ub[k] && *ch != !bf.stopped[k]) {
      fail("contract \"checked\" of @" + p.entry + " is " +
           (*ch ? "true" : "false") + " for " + sizesText(a) + " but the run " +
           (bf.stopped[k] ? "fails" : "passes") + " its checks");
      return;
    }
    if (*ch && *rq != !bf.ub[k]) {
      fail("contract \"requires\" of @" + p.entry + " is " +
           (*rq ? "true" : "false") + " for " + sizesText(a) + " but the run " +
           (bf.ub[k] ? "has" : "has no") + " UB");
      return;
    }
  }
}

/// "12>40" -> {12, 40}
static std::vector<size_t> keyPath(const std::string &key) {
  std::vector<size_t> out;
  std::stringstream ss(key);
  std::string part;
  while (std::getline(ss, part, '>'))
    out.push_back(std::stoul(part));
  return out;
}

void Comparison::addAlwaysRun(size_t op, std::set<size_t> &out,
                              std::set<std::string> &entered) const {
  out.insert(op);
  const frontend::Operation &o = *twinOps.ops[op];
  // Nested ops that run whenever `op` has run: a shape.assuming's region
  // (its witness passed), a called function's body. Other regions
  // (linalg, reduce bodies, scf.if) may run zero times.
  std::vector<const frontend::Region *> regions;
  if (o.name == "shape.assuming")
    for (const frontend::Region &r : o.regions)
      regions.push_back(&r);
  if (o.name == "func.call" || o.name == "call") {
    const frontend::Attribute *callee =
        frontend::findAttr(o.attributes, "callee");
    const frontend::Function *fn =
        callee ? findFunction(*twin, callee->str) : nullptr;
    if (fn && entered.insert(fn->name).second)
      regions.push_back(&fn->body);
  }
  for (const frontend::Region *r : regions) {
    if (r->blocks.size() != 1) // which blocks run: not judged here
      continue;
    for (const frontend::Operation &inner : r->blocks.front().operations)
      addAlwaysRun(twinOps.index.at(&inner), out, entered);
  }
}

std::set<size_t> Comparison::runBefore(const std::string &key) const {
  // On every level of the instance (the entry function's call op, ..., the
  // op itself): the ops before it in its block and in the blocks of the
  // ops enclosing it, with what they always run. A region of several
  // blocks is not followed across branches: only the same block counts.
  std::set<size_t> out;
  for (size_t at : keyPath(key)) {
    std::set<std::string> entered;
    for (long cur = long(at); cur >= 0; cur = twinOps.parent[size_t(cur)]) {
      const frontend::Block &block = *twinOps.block[size_t(cur)];
      for (size_t k = 0; k < twinOps.position[size_t(cur)]; ++k)
        addAlwaysRun(twinOps.index.at(&block.operations[k]), out, entered);
    }
  }
  return out;
}

std::optional<Comparison::VariantRuns>
Comparison::runWithOnly(const std::set<size_t> &keep, const std::string &key) {
  frontend::Module variant = *twin; // the ops copied, in the same order
  size_t next = 0;
  std::function<void(frontend::Region &)> strip = [&](frontend::Region &r) {
    for (frontend::Block &block : r.blocks)
      for (frontend::Operation &op : block.operations) {
        size_t index = next++;
        if (isCheck(op) && !keep.count(index)) {
          // Removed: a shape.const_witness, which the oracle runs as a
          // no-op (what canonicalization leaves for a cstr known to hold;
          // for an assert without results, the same as deleting it). The
          // op keeps its place, so op indices and instance keys stay.
          op.name = "shape.const_witness";
          op.operands.clear();
          op.operandTypes.clear();
          op.operandRanges.clear();
          op.operandTypeRanges.clear();
          op.attributes.clear();
        }
        for (frontend::Region &inner : op.regions)
          strip(inner);
      }
  };
  for (frontend::Function &fn : variant.functions)
    strip(fn.body);
  OpTable table = OpTable::of(variant);
  const frontend::Function *fn = findFunction(variant, p.entry);
  models::Oracle oracle(variant);
  VariantRuns out;
  out.outcome.assign(bf.box.size(), Passed);
  out.stoppedAt.assign(bf.box.size(), 0);
  for (size_t k = 0; k < out.outcome.size(); ++k) {
    models::OracleResult r = oracle.run(*fn, bf.box.at(k));
    if (!r.unsupported.empty()) {
      fail("the oracle cannot run a variant without some checks: " +
           r.unsupported);
      return std::nullopt;
    }
    bool reached = false;
    for (const auto &[op, stack] : r.trace)
      reached = reached || table.key({op, r.stacks[stack]}) == key;
    if (r.stopped && table.key(r.stopped->at) == key)
      out.outcome[k] = FailedC;
    else if (r.ub && !reached)
      out.outcome[k] = UbBefore;
    else if (r.stopped && !reached) {
      out.outcome[k] = StoppedElsewhere;
      out.stoppedAt[k] = table.index.at(r.stopped->at.op);
    }
  }
  return out;
}

bool Comparison::redundantCheck(size_t op) const {
  bool any = false;
  for (const auto &[key, findings] : byInstance) {
    if (keyPath(key).back() != op)
      continue;
    for (const Finding &f : findings) {
      any = true;
      if (f.verdict != "safe")
        return false;
    }
  }
  return any;
}

void Comparison::checkImplied() {
  for (const auto &[key, findings] : byInstance) {
    size_t c = keyPath(key).back();
    auto runs = bf.instances.find(key);
    if (!isCheck(*twinOps.ops[c]) || findings.empty() ||
        runs == bf.instances.end())
      continue;
    bool allSafe = true, anySafe = false;
    for (const Finding &f : findings) {
      allSafe = allSafe && f.verdict == "safe";
      anySafe = anySafe || f.verdict == "safe";
    }
    if (!anySafe)
      continue;
    std::string where = describe(key);
    // 1. Each entry is an op run before the check on every path.
    std::set<size_t> before = runBefore(key), named;
    bool placed = true;
    for (const Finding &f : findings) {
      if (f.verdict != "safe")
        continue;
      if (!f.hasImpliedBy) {
        placed = false;
        fail("the safe check " + where + " has no \"implied_by\"");
        continue;
      }
      for (const std::string &e : f.impliedBy) {
        auto at = opAtLine.find(lineCol(e));
        if (at == opAtLine.end()) {
          placed = false;
          fail("implied_by entry " + e + " of the check " + where +
               " is at no op");
        } else if (!before.count(at->second)) {
          placed = false;
          fail("implied_by entry " + e + " (" + twinOps.ops[at->second]->name +
               ") of the check " + where +
               " is not run before it on every path");
        } else if (isCheck(*twinOps.ops[at->second])) {
          named.insert(at->second);
          if (redundantCheck(at->second))
            fail("implied_by entry " + e + " of the check " + where +
                 " is itself a redundant check (refine "
                 "--drop-redundant-checks deletes it): a check that stays "
                 "or an op's requirement must be named");
        }
      }
    }
    ++stats.impliedChecked;
    if (!placed)
      continue;
    if (!allSafe) { // the oracle sees the op's checks only together
      ++stats.impliedPartial;
      continue;
    }
    // 2. Sufficiency: with only C and the checks named kept (every op's
    // own requirement stays implicit), no size that reaches C fails it.
    std::set<size_t> keep = named;
    keep.insert(c);
    std::optional<VariantRuns> with = runWithOnly(keep, key);
    if (!with)
      continue;
    auto failing =
        std::find(with->outcome.begin(), with->outcome.end(), char(FailedC));
    if (failing != with->outcome.end()) {
      fail("the safe check " + where + " fails for " +
           sizesText(bf.box.at(size_t(failing - with->outcome.begin()))) +
           " once every check but it and its implied_by is removed");
      continue;
    }
    ++stats.impliedSufficient;
    // 3. Minimality among the checks: without any one named check A, some
    // size of the box fails C. Two other outcomes are not failures: the
    // sizes A stopped now meet UB at an op before C (an op's implicit
    // requirement implies C too; Explain keeps the check then, by design),
    // or A stops no size of the box (too small to tell). A named check
    // whose stopped sizes now run through C, passing it with no UB, was
    // not needed: a failure.
    bool minimal = true;
    for (size_t a : named) {
      std::set<size_t> without = keep;
      without.erase(a);
      std::optional<VariantRuns> w = runWithOnly(without, key);
      if (!w)
        return;
      bool failsC = false, ub = false, stoppedByA = false, passed = false;
      for (size_t k = 0; k < w->outcome.size(); ++k) {
        failsC = failsC || w->outcome[k] == FailedC;
        bool byA =
            with->outcome[k] == StoppedElsewhere && with->stoppedAt[k] == a;
        stoppedByA = stoppedByA || byA;
        ub = ub || (byA && w->outcome[k] == UbBefore);
        passed = passed || (byA && w->outcome[k] == Passed);
      }
      if (failsC)
        continue;
      minimal = false;
      std::string without_ = "without " + describe(std::to_string(a)) + ", ";
      if (ub) {
        ++stats.impliedOpCovered;
        stats.notes.push_back(tag + "implied_by of the check " + where + ": " +
                              without_ +
                              "an op's requirement before it stops "
                              "the sizes that check stopped");
      } else if (!stoppedByA) {
        ++stats.impliedNotShownNeeded;
        stats.notes.push_back(tag + "implied_by of the check " + where + ": " +
                              without_ + "(it stops no size of the box)");
      } else {
        fail("implied_by of the check " + where + " is not minimal: " +
             without_ + "the sizes it stopped pass the check with no UB");
      }
    }
    if (minimal)
      ++stats.impliedMinimal;
  }
}

void Comparison::run() {
  ++stats.programs;
  // The oracle's side, on the twin.
  frontend::Session twinSession{frontend::SessionOptions{}};
  if (!twinSession.addFile("twin.mlir", p.twin))
    return fail("the frontend rejects the twin:\n" +
                twinSession.diagnostics().renderAll());
  twin = &twinSession.files().front()->module;
  entry = findFunction(*twin, p.entry);
  if (!entry)
    return fail("no @" + p.entry + " in the twin");
  twinOps = OpTable::of(*twin);
  bf = bruteForce(*twin, *entry, twinOps, options.integerLo);
  if (!bf.unsupported.empty())
    return fail("oracle unsupported: " + bf.unsupported);
  stats.assignments += bf.stopped.size();
  // The program as printed: its ops must be the twin's.
  frontend::Session textSession{frontend::SessionOptions{}};
  if (!textSession.addFile("text.mlir", p.text))
    return fail("symshape's frontend rejects the program:\n" +
                textSession.diagnostics().renderAll());
  textOps = OpTable::of(textSession.files().front()->module);
  if (textOps.ops.size() != twinOps.ops.size())
    return fail("the program has " + std::to_string(textOps.ops.size()) +
                " ops, its twin " + std::to_string(twinOps.ops.size()));
  for (size_t k = 0; k < textOps.ops.size(); ++k) {
    if (textOps.ops[k]->name != twinOps.ops[k]->name ||
        textOps.function[k] != twinOps.function[k])
      return fail("op #" + std::to_string(k) + " is " + textOps.ops[k]->name +
                  " in the program, " + twinOps.ops[k]->name + " in the twin");
    opAtLine[lineCol(textSession.format(solver::Location{
        textOps.ops[k]->loc.buffer, textOps.ops[k]->loc.offset}))] = k;
  }
  // The tool's side.
  std::string path =
      options.tempDir + "/symshape-exporters-" + std::to_string(::getpid()) +
      "-" +
      (p.origin.empty()
           ? std::string(familyName(p.family)) + "-" + std::to_string(p.seed) +
                 "-" + variantName(p.variant)
           : p.origin.substr(p.origin.rfind('/') + 1)) +
      (p.origin.empty() ? ".mlir" : "");
  std::ofstream(path) << p.text;
  ToolRun tool = runTool(options.symshape, path);
  std::remove(path.c_str());
  std::string error;
  std::optional<Json> doc = Json::parse(tool.out, error);
  if (tool.exit != 0 && tool.exit != 1)
    return fail("symshape exits " + std::to_string(tool.exit) + ":\n" +
                tool.err + tool.out.substr(0, 2000));
  if (!doc)
    return fail("symshape's JSON does not parse (" + error + ")");
  const Json *files = doc->get("files");
  if (!files || !files->isArray() || files->items.size() != 1)
    return fail("the JSON has no single entry in \"files\"");
  const Json *functions = files->items[0].get("functions");
  if (!functions || !functions->isArray())
    return fail("the JSON has no \"functions\"");
  std::set<std::string> called; // private functions some call reaches
  for (const Json &fnJson : functions->items) {
    std::string name = str(fnJson.get("name"));
    if (const Json *opaque = fnJson.get("opaque"); opaque && opaque->isArray())
      for (const Json &o : opaque->items) {
        ++stats.opaque;
        fail("opaque op " + str(o.get("op")) + " at " + str(o.get("loc")) +
             " in @" + name + ": " + str(o.get("reason")));
      }
    bool judgedAlone = name == p.entry;
    for (Finding &f : readFindings(fnJson, name)) {
      if (!judgedAlone && f.callStack.empty()) {
        fail("finding at " + f.loc + " in @" + name +
             " has no call_stack: a private function judged on its own");
        continue;
      }
      std::string key;
      if (instanceOf(f, key))
        byInstance[key].push_back(std::move(f));
    }
    if (name == p.entry)
      checkContract(fnJson);
  }
  for (const auto &[key, runs] : bf.instances)
    byInstance[key]; // every instance the oracle ran
  bool anyUb = false, anyDoomedCheck = false;
  for (const auto &[key, runs] : bf.instances) {
    size_t op = std::stoul(key.substr(key.rfind('>') + 1));
    size_t reached = 0, bad = 0;
    for (size_t k = 0; k < runs.reached.size(); ++k) {
      reached += runs.reached[k];
      bad += runs.bad[k];
    }
    if (isCheck(*twinOps.ops[op]))
      anyDoomedCheck = anyDoomedCheck || (reached > 0 && bad == reached);
    else
      anyUb = anyUb || bad > 0;
  }
  // Ops with a static error: SPEC 4 judges the ops after one anyway
  // ("After a static error, later ops are still judged"), though no run
  // gets past it.
  std::set<size_t> staticErrors;
  for (const auto &[key, findings] : byInstance)
    for (const Finding &f : findings)
      if (f.verdict == "error")
        staticErrors.insert(keyPath(key).back());
  for (const auto &[key, findings] : byInstance) {
    if (!bf.instances.count(key)) {
      std::set<size_t> before = runBefore(key);
      bool afterError =
          std::any_of(staticErrors.begin(), staticErrors.end(),
                      [&](size_t op) { return before.count(op) != 0; });
      if (afterError) {
        stats.notes.push_back(tag + "findings at " + describe(key) +
                              ", which no run reaches: judged after a static "
                              "error, as SPEC 4 says");
        continue;
      }
      // The oracle never ran this instance: no finding may claim UB.
      for (const Finding &f : findings) {
        ++stats.findings;
        if (nonSafe(f.verdict))
          fail(f.verdict + " " + f.kind + " finding at " + f.loc +
               (f.callStack.empty() ? ""
                                    : " (call_stack " + f.callStack[0] + ")") +
               ": no run reaches this op" +
               (f.callStack.empty() ? "" : " through these calls"));
      }
      continue;
    }
    judgeInstance(key, findings);
  }
  checkImplied();
  if (p.planted) {
    bool found = false;
    for (size_t k = 0; k < twinOps.ops.size(); ++k) {
      const frontend::Operation &op = *twinOps.ops[k];
      const frontend::Function *fn = findFunction(*twin, twinOps.function[k]);
      if (twinOps.function[k] != p.planted->function || op.results.empty() ||
          "%" + fn->value(op.results[0]).name != p.planted->result)
        continue;
      for (const auto &[key, findings] : byInstance) {
        if (key.substr(key.rfind('>') + 1) != std::to_string(k))
          continue;
        for (const Finding &f : findings)
          found = found || nonSafe(f.verdict);
      }
    }
    if (found) {
      ++stats.plantedFound;
    } else {
      ++stats.plantedMissed;
      fail("planted " + p.plantedWhat + " (" + p.planted->result + " in @" +
           p.planted->function + ") not found");
    }
  }
  int want = anyUb || anyDoomedCheck ? 1 : 0;
  if (tool.exit == want)
    ++stats.exitRight;
  else
    fail("symshape exits " + std::to_string(tool.exit) + ", expected " +
         std::to_string(want) +
         (anyUb            ? " (UB is possible)"
          : anyDoomedCheck ? " (a check always fails)"
                           : " (no UB; checks that can fail are notes)"));
}

} // namespace

void compareExport(const ExportProgram &program, const CompareOptions &options,
                   ExportStats &stats) {
  Comparison(program, options, stats).run();
}

std::string checkIntent(const ExportProgram &p) {
  frontend::Session session{frontend::SessionOptions{}};
  if (!session.addFile("twin.mlir", p.twin))
    return "the frontend rejects the twin:\n" +
           session.diagnostics().renderAll();
  const frontend::Module &m = session.files().front()->module;
  const frontend::Function *fn = findFunction(m, p.entry);
  if (!fn)
    return "no @" + p.entry;
  OpTable table = OpTable::of(m);
  BruteForce bf = bruteForce(m, *fn, table);
  if (!bf.unsupported.empty())
    return "oracle: " + bf.unsupported;
  std::ostringstream os;
  bool plantedSeen = false, doomedSeen = false;
  for (const auto &[key, runs] : bf.instances) {
    size_t op = std::stoul(key.substr(key.rfind('>') + 1));
    const frontend::Operation &o = *table.ops[op];
    const frontend::Function *of = findFunction(m, table.function[op]);
    size_t reached = 0, bad = 0;
    for (size_t k = 0; k < runs.reached.size(); ++k) {
      reached += runs.reached[k];
      bad += runs.bad[k];
    }
    std::string name =
        o.results.empty() ? o.name : "%" + of->value(o.results[0]).name;
    bool isPlanted = p.planted && table.function[op] == p.planted->function &&
                     name == p.planted->result;
    if (isCheck(o)) {
      if (bad == reached && reached > 0) {
        if (p.doomed && table.function[op] == p.doomed->function &&
            o.name == p.doomed->name)
          doomedSeen = true;
        else
          os << "check " << o.name << " #" << op << " fails for all " << reached
             << " reaching assignments. ";
      }
      continue;
    }
    if (bad == 0)
      continue;
    if (isPlanted) {
      plantedSeen = plantedSeen || bad < reached;
      if (bad == reached)
        os << "the planted op fails for every reaching assignment. ";
      continue;
    }
    os << "UB at " << name << " (" << o.name << " #" << op << ", "
       << runs.example << "). ";
  }
  if (p.planted && !plantedSeen)
    os << "no UB at the planted op " << p.planted->result << " ("
       << p.plantedWhat << ") in the box. ";
  if (p.doomed && !doomedSeen)
    os << "no check fails always. ";
  return os.str();
}

std::string summarize(ExportFamily family, const ExportStats &s) {
  return summarize(std::string(familyName(family)), s);
}

std::string summarize(const std::string &label, const ExportStats &s) {
  std::ostringstream os;
  os << label << ": " << s.programs << " programs (" << s.assignments
     << " size assignments), " << s.findings
     << " findings; checks judged right " << s.checksRight << "/" << s.checks
     << "; planted found " << s.plantedFound << ", missed " << s.plantedMissed
     << "; exact conditions " << s.conditionsExact << "; witnesses replayed "
     << s.witnessesReplayed << ", failed " << s.witnessesFailed << "; opaque "
     << s.opaque << "; exit status right " << s.exitRight << "/" << s.programs
     << "; contracts checked " << s.contractsChecked << ", absent "
     << s.contractsAbsent << "; implied_by checked " << s.impliedChecked
     << ", sufficient " << s.impliedSufficient << ", minimal "
     << s.impliedMinimal
     << " (a named check covered by an op's requirement: " << s.impliedOpCovered
     << ", stopping no size of the box: " << s.impliedNotShownNeeded
     << "; partly safe, not run: " << s.impliedPartial << ")";
  return os.str();
}

} // namespace symshape::exporters
