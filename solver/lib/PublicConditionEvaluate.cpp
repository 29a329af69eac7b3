//===- PublicConditionEvaluate.cpp - Conditions at given sizes ------------===//
//
// Term::evaluate and Condition::evaluate: a formula's value at given
// sizes, with the solver's arithmetic (floor division, 0 for a 0 divisor;
// SPEC 6's `mod` from floor division); nullopt on int64 overflow.
//
//===----------------------------------------------------------------------===//

#include "symshape/Condition.h"

#include <algorithm>
#include <limits>

namespace symshape {

namespace {

using Wide = __int128;

std::optional<int64_t> narrow(Wide v) {
  if (v < std::numeric_limits<int64_t>::min() ||
      v > std::numeric_limits<int64_t>::max())
    return std::nullopt;
  return int64_t(v);
}

Wide floorDiv(Wide a, Wide b) {
  Wide q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

} // namespace

std::optional<int64_t> Term::evaluate(const Sizes &sizes,
                                      std::optional<int64_t> otherwise) const {
  if (k == Kind::Const)
    return v;
  if (k == Kind::Ref) {
    auto it = sizes.find(n);
    return it != sizes.end() ? std::optional<int64_t>(it->second) : otherwise;
  }
  std::optional<int64_t> a = ops[0].evaluate(sizes, otherwise);
  if (!a)
    return std::nullopt;
  if (k == Kind::Neg)
    return narrow(-Wide(*a));
  std::optional<int64_t> b = ops[1].evaluate(sizes, otherwise);
  if (!b)
    return std::nullopt;
  Wide x = *a, y = *b;
  switch (k) {
  case Kind::Add:
    return narrow(x + y);
  case Kind::Sub:
    return narrow(x - y);
  case Kind::Mul:
    return narrow(x * y);
  case Kind::FloorDiv:
    return y == 0 ? 0 : narrow(floorDiv(x, y));
  case Kind::CeilDiv:
    return y == 0 ? 0 : narrow(-floorDiv(-x, y));
  case Kind::Mod:
    return y == 0 ? *a : narrow(x - y * floorDiv(x, y));
  case Kind::Max:
    return std::max(*a, *b);
  case Kind::Min:
    return std::min(*a, *b);
  default:
    return std::nullopt;
  }
}

std::optional<bool>
Condition::evaluate(const Sizes &sizes,
                    std::optional<int64_t> otherwise) const {
  switch (k) {
  case Kind::None:
    return std::nullopt;
  case Kind::True:
  case Kind::False:
    return k == Kind::True;
  case Kind::Not: {
    std::optional<bool> inner = kids[0].evaluate(sizes, otherwise);
    return inner ? std::optional<bool>(!*inner) : std::nullopt;
  }
  case Kind::And:
  case Kind::Or: {
    bool isAnd = k == Kind::And;
    for (const Condition &c : kids) {
      std::optional<bool> value = c.evaluate(sizes, otherwise);
      if (!value)
        return std::nullopt;
      if (*value != isAnd)
        return !isAnd;
    }
    return isAnd;
  }
  default:
    break;
  }
  std::vector<int64_t> values;
  for (const Term &t : ts) {
    std::optional<int64_t> value = t.evaluate(sizes, otherwise);
    if (!value)
      return std::nullopt;
    values.push_back(*value);
  }
  int64_t x = values[0];
  switch (k) {
  case Kind::Compare:
    switch (o) {
    case Op::Eq:
      return x == values[1];
    case Op::Ne:
      return x != values[1];
    case Op::Lt:
      return x < values[1];
    case Op::Le:
      return x <= values[1];
    case Op::Gt:
      return x > values[1];
    case Op::Ge:
      return x >= values[1];
    }
    return std::nullopt;
  case Kind::In:
  case Kind::NotIn: {
    bool member = std::find(vals.begin(), vals.end(), x) != vals.end();
    return member == (k == Kind::In);
  }
  case Kind::InRange:
    return vals[0] <= x && x <= vals[1];
  case Kind::Broadcastable: {
    std::optional<int64_t> column;
    for (int64_t value : values)
      if (value != 1) {
        if (column && *column != value)
          return false;
        column = value;
      }
    return true;
  }
  default:
    return std::nullopt;
  }
}

} // namespace symshape
