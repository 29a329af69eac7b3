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
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace symshape::exporters {

namespace {

struct Finding {
  std::string function, loc, op, kind, verdict, condition, message;
  bool hasCondition = false, hasWitness = false;
  Sizes witness;
  std::vector<std::string> callStack;
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
    if (const Json *cs = j.get("call_stack"); cs && cs->isArray())
      for (const Json &c : cs->items)
        f.callStack.push_back(str(&c));
    out.push_back(std::move(f));
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
        tag(std::string(familyName(p.family)) + " seed " +
            std::to_string(p.seed) + " (" + variantName(p.variant) + "): ") {}
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
        inBox = inBox && value >= bf.box.lo && value <= bf.box.hi;
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
  std::string error;
  std::optional<Expr> checked = Expr::parse(str(c->get("checked")), error);
  std::optional<Expr> requires_ =
      checked ? Expr::parse(str(c->get("requires")), error) : std::nullopt;
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
  bf = bruteForce(*twin, *entry, twinOps);
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
  std::string path = options.tempDir + "/symshape-exporters-" +
                     std::to_string(::getpid()) + "-" + familyName(p.family) +
                     "-" + std::to_string(p.seed) + "-" +
                     variantName(p.variant) + ".mlir";
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
  for (const auto &[key, findings] : byInstance) {
    if (!bf.instances.count(key)) {
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
  std::ostringstream os;
  os << familyName(family) << ": " << s.programs << " programs ("
     << s.assignments << " size assignments), " << s.findings
     << " findings; checks judged right " << s.checksRight << "/" << s.checks
     << "; planted found " << s.plantedFound << ", missed " << s.plantedMissed
     << "; exact conditions " << s.conditionsExact << "; witnesses replayed "
     << s.witnessesReplayed << ", failed " << s.witnessesFailed << "; opaque "
     << s.opaque << "; exit status right " << s.exitRight << "/" << s.programs
     << "; contracts checked " << s.contractsChecked << ", absent "
     << s.contractsAbsent;
  return os.str();
}

} // namespace symshape::exporters
