//===- ConditionBindings.cpp - Conditions as formulas in Python -----------===//
//
// symshape.Condition and symshape.Term: a finding's condition as the tree
// the C++ API gives (symshape/Condition.h), kinds and operators by name:
//
//   c = finding.condition          # %a[0] != 1 && %a[0] != %b[0]
//   c.kind                         # "and"
//   c.children[1].lhs.name         # "%a[0]"
//   c.evaluate(finding.witness, 1) # True: the witness violates it
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "symshape/symshape.h"

#include <pybind11/stl.h>

#include <string>

namespace py = pybind11;

namespace symshape::python {
namespace {

const char *kindName(Term::Kind kind) {
  switch (kind) {
  case Term::Kind::Const:
    return "const";
  case Term::Kind::Ref:
    return "ref";
  case Term::Kind::Neg:
    return "neg";
  case Term::Kind::Add:
    return "add";
  case Term::Kind::Sub:
    return "sub";
  case Term::Kind::Mul:
    return "mul";
  case Term::Kind::FloorDiv:
    return "floordiv";
  case Term::Kind::CeilDiv:
    return "ceildiv";
  case Term::Kind::Mod:
    return "mod";
  case Term::Kind::Max:
    return "max";
  case Term::Kind::Min:
    return "min";
  }
  return "?";
}

const char *kindName(Condition::Kind kind) {
  switch (kind) {
  case Condition::Kind::None:
    return "none";
  case Condition::Kind::True:
    return "true";
  case Condition::Kind::False:
    return "false";
  case Condition::Kind::Not:
    return "not";
  case Condition::Kind::And:
    return "and";
  case Condition::Kind::Or:
    return "or";
  case Condition::Kind::Compare:
    return "compare";
  case Condition::Kind::In:
    return "in";
  case Condition::Kind::NotIn:
    return "not-in";
  case Condition::Kind::InRange:
    return "in-range";
  case Condition::Kind::Broadcastable:
    return "broadcastable";
  }
  return "?";
}

/// A Python dict of sizes {name: value} as the C++ API reads it.
Sizes sizesOf(const py::dict &sizes) {
  Sizes out;
  for (const auto &[name, value] : sizes)
    out[py::cast<std::string>(name)] = py::cast<int64_t>(value);
  return out;
}

} // namespace

void bindConditions(py::module_ &m) {
  py::class_<Term>(m, "Term")
      .def_property_readonly("kind",
                             [](const Term &t) { return kindName(t.kind()); })
      .def_property_readonly("value", &Term::value)
      .def_property_readonly("name", &Term::name)
      .def_property_readonly("value_name", &Term::valueName)
      .def_property_readonly("dim", &Term::dim)
      .def_property_readonly("operands", &Term::operands)
      .def_property_readonly("parenthesized", &Term::parenthesized)
      .def(
          "evaluate",
          [](const Term &t, const py::dict &sizes,
             std::optional<int64_t> otherwise) {
            return t.evaluate(sizesOf(sizes), otherwise);
          },
          py::arg("sizes"), py::arg("otherwise") = py::none())
      .def("__str__", &Term::str)
      .def("__repr__",
           [](const Term &t) { return "<symshape.Term " + t.str() + ">"; })
      .def("__eq__", [](const Term &a, const Term &b) { return a == b; })
      .def("__hash__",
           [](const Term &t) { return py::hash(py::str(t.str())); });
  py::class_<Condition>(m, "Condition")
      .def_static(
          "parse",
          [](const std::string &text) { return Condition::parse(text); },
          py::arg("text"))
      .def_property_readonly(
          "kind", [](const Condition &c) { return kindName(c.kind()); })
      .def_property_readonly("children", &Condition::children)
      .def_property_readonly(
          "op",
          [](const Condition &c) -> std::optional<std::string> {
            if (c.kind() != Condition::Kind::Compare)
              return std::nullopt;
            return std::string(opName(c.op()));
          })
      .def_property_readonly("lhs",
                             [](const Condition &c) -> std::optional<Term> {
                               if (c.terms().empty())
                                 return std::nullopt;
                               return c.lhs();
                             })
      .def_property_readonly("rhs",
                             [](const Condition &c) -> std::optional<Term> {
                               if (c.kind() != Condition::Kind::Compare)
                                 return std::nullopt;
                               return c.rhs();
                             })
      .def_property_readonly("terms", &Condition::terms)
      .def_property_readonly("values", &Condition::values)
      .def_property_readonly("parenthesized", &Condition::parenthesized)
      .def_property_readonly("is_true", &Condition::isTrue)
      .def_property_readonly("is_false", &Condition::isFalse)
      .def("negated", &Condition::negated)
      .def(
          "evaluate",
          [](const Condition &c, const py::dict &sizes,
             std::optional<int64_t> otherwise) {
            return c.evaluate(sizesOf(sizes), otherwise);
          },
          py::arg("sizes"), py::arg("otherwise") = py::none())
      .def("__str__", &Condition::str)
      .def("__repr__",
           [](const Condition &c) {
             return "<symshape.Condition " + c.str() + ">";
           })
      .def("__bool__", [](const Condition &c) { return !c.empty(); })
      .def("__eq__",
           [](const Condition &a, const Condition &b) { return a == b; })
      .def("__hash__",
           [](const Condition &c) { return py::hash(py::str(c.str())); });
}

} // namespace symshape::python
