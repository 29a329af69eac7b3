//===- Instances.cpp - Ops, their instances and the brute force -----------===//

#include "Instances.h"

#include <algorithm>

namespace symshape::exporters {

static void walk(const frontend::Region &region, const std::string &fn,
                 long parent, OpTable &table) {
  for (const frontend::Block &block : region.blocks)
    for (size_t k = 0; k < block.operations.size(); ++k) {
      const frontend::Operation &op = block.operations[k];
      long self = long(table.ops.size());
      table.index[&op] = table.ops.size();
      table.ops.push_back(&op);
      table.function.push_back(fn);
      table.parent.push_back(parent);
      table.block.push_back(&block);
      table.position.push_back(k);
      for (const frontend::Region &r : op.regions)
        walk(r, fn, self, table);
    }
}

OpTable OpTable::of(const frontend::Module &module) {
  OpTable table;
  for (const frontend::Function &fn : module.functions)
    walk(fn.body, fn.name, -1, table);
  return table;
}

std::string OpTable::key(const models::OpInstance &instance) const {
  std::string out;
  for (const frontend::Operation *call : instance.callStack)
    out += std::to_string(index.at(call)) + ">";
  return out + std::to_string(index.at(instance.op));
}

bool isCheck(const frontend::Operation &op) {
  if (op.name == "cf.assert" || op.name.rfind("shape.cstr_", 0) == 0)
    return true;
  if (op.name == "stablehlo.custom_call" || op.name == "mhlo.custom_call") {
    const frontend::Attribute *t =
        frontend::findAttr(op.attributes, "call_target_name");
    return t && t->str == "shape_assertion";
  }
  return false;
}

int64_t Box::lowest(const std::string &symbol) const {
  return symbol.find('[') == std::string::npos ? integerLo : lo;
}

size_t Box::size() const {
  size_t n = 1;
  for (const std::string &s : symbols)
    n *= size_t(hi - lowest(s) + 1);
  return n;
}

models::Assignment Box::at(size_t k) const {
  models::Assignment a;
  for (const std::string &s : symbols) {
    size_t radix = size_t(hi - lowest(s) + 1);
    a[s] = lowest(s) + int64_t(k % radix);
    k /= radix;
  }
  return a;
}

BruteForce bruteForce(const frontend::Module &module,
                      const frontend::Function &fn, const OpTable &table,
                      int64_t integerLo) {
  BruteForce bf;
  bf.box.symbols = models::Oracle::symbols(fn);
  bf.box.hi = bf.box.symbols.size() > 4 ? 3 : 4;
  bf.box.integerLo = std::min(integerLo, bf.box.lo);
  size_t n = bf.box.size();
  bf.stopped.assign(n, 0);
  bf.ub.assign(n, 0);
  models::Oracle oracle(module);
  auto runs = [&](const std::string &key) -> InstanceRuns & {
    InstanceRuns &r = bf.instances[key];
    if (r.reached.empty()) {
      r.reached.assign(n, 0);
      r.bad.assign(n, 0);
    }
    return r;
  };
  for (size_t k = 0; k < n; ++k) {
    models::OracleResult r = oracle.run(fn, bf.box.at(k));
    if (!r.unsupported.empty()) {
      bf.unsupported = r.unsupported;
      bf.instances.clear();
      return bf;
    }
    for (const auto &[op, stack] : r.trace)
      runs(table.key({op, r.stacks[stack]})).reached[k] = 1;
    if (r.ub) {
      InstanceRuns &at = runs(table.key(r.ub->at));
      at.bad[k] = 1;
      if (at.example.empty())
        at.example = r.ub->rule;
      bf.ub[k] = 1;
    }
    if (r.stopped) {
      InstanceRuns &at = runs(table.key(r.stopped->at));
      at.bad[k] = 1;
      if (at.example.empty())
        at.example = r.stopped->message;
      bf.stopped[k] = 1;
    }
  }
  return bf;
}

} // namespace symshape::exporters
