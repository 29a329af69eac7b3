//===- IreeAttrs.cpp - IREE's integer assumptions read once ---------------===//
//
// IREE's util dialect (compiler/src/iree/compiler/Dialect/Util/IR/
// UtilAttrs.td, IntAssumptionAttr) prints an assumption on an integer as
// its optional fields:
//
//   #util.int.assumption<umin = 1, umax = 1024, udiv = 16>   generic form
//   util.assume.int %m<umin = 1, umax = 1024>: index         custom form
//   #util.int.assumption<>                                   nothing assumed
//
// A field other than umin / umax / udiv, one written twice or a value that
// is not an unsigned 64-bit integer leaves the attribute without its
// value: util.assume.int is then opaque.
//
//===----------------------------------------------------------------------===//

#include "AttrReaders.h"
#include "ir/TextReader.h"

#include <cctype>
#include <memory>

namespace symshape::frontend {

namespace {

/// Decimal digits (1 to 20) that fit uint64.
std::optional<uint64_t> unsignedValue(TextReader &r) {
  r.skipSpaces();
  std::string_view digits = r.takeWhile(
      [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
  if (digits.empty() || digits.size() > 20)
    return std::nullopt;
  uint64_t value = 0;
  for (char ch : digits) {
    uint64_t digit = uint64_t(ch - '0');
    if (value > (UINT64_MAX - digit) / 10)
      return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

} // namespace

void readIntAssumptionBody(Attribute &attr, std::string_view body) {
  TextReader r(body);
  if (!r.eat("<"))
    return;
  IntAssumption out;
  // `key = value` items separated by commas (a trailing one allowed).
  while (!r.eat(">")) {
    std::optional<std::string> key = r.word();
    if (!key || !r.eat("="))
      return;
    std::optional<uint64_t> value = unsignedValue(r);
    std::optional<uint64_t> *slot = *key == "umin"   ? &out.umin
                                    : *key == "umax" ? &out.umax
                                    : *key == "udiv" ? &out.udiv
                                                     : nullptr;
    if (!value || !slot || *slot)
      return;
    *slot = *value;
    if (!r.eat(",") && !r.peek('>'))
      return;
  }
  if (r.atEnd())
    attr.intAssumption = std::make_shared<IntAssumption>(out);
}

} // namespace symshape::frontend
