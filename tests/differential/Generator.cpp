//===- Generator.cpp - Random implicit-broadcast programs -----------------===//

#include "Generator.h"

#include "Classifier.h"
#include "Dice.h"

#include <algorithm>
#include <iterator>

namespace symshape::differential {

std::string printShape(const Shape &shape) {
  if (!shape.ranked)
    return "*";
  if (shape.dims.empty())
    return "scalar";
  std::string text;
  for (size_t i = 0; i < shape.dims.size(); ++i) {
    if (i)
      text += 'x';
    text += shape.dims[i] == kDynamic ? "?" : std::to_string(shape.dims[i]);
  }
  return text;
}

std::string printType(const Shape &shape, const std::string &element) {
  if (!shape.ranked)
    return "tensor<*x" + element + ">";
  std::string text = "tensor<";
  for (int64_t dim : shape.dims)
    text += (dim == kDynamic ? "?" : std::to_string(dim)) + "x";
  return text + element + ">";
}

std::string printProgram(const Program &program) {
  std::string arguments, operands, operandTypes;
  for (size_t i = 0; i < program.arguments.size(); ++i) {
    if (i)
      arguments += ", ";
    arguments += "%a" + std::to_string(i) + ": " +
                 printType(program.arguments[i], program.argumentElements[i]);
  }
  for (size_t i = 0; i < program.operands.size(); ++i) {
    if (i) {
      operands += ", ";
      operandTypes += ", ";
    }
    unsigned argument = program.operands[i];
    operands += "%a" + std::to_string(argument);
    operandTypes += printType(program.arguments[argument],
                              program.argumentElements[argument]);
  }
  std::string result = printType(program.result, program.resultElement);
  std::string attributes =
      program.attributes.empty() ? "" : " " + program.attributes;
  return "func.func @" + program.name + "(" + arguments + ") -> " + result +
         " {\n  %0 = \"" + program.op + "\"(" + operands + ")" + attributes +
         " : (" + operandTypes + ") -> " + result +
         "\n  return %0 : " + result + "\n}\n";
}

namespace {

/// How a program draws its dims.
enum class Flavor { StaticOnly, Mixed, UnrankedHeavy };

/// The percentage of `?` dims and of unranked operands of a flavour.
unsigned dynamicPercent(Flavor flavor) {
  return flavor == Flavor::StaticOnly ? 0 : 30;
}
unsigned unrankedPercent(Flavor flavor) {
  switch (flavor) {
  case Flavor::StaticOnly:
    return 0;
  case Flavor::Mixed:
    return 8;
  case Flavor::UnrankedHeavy:
    return 50;
  }
  return 0;
}

std::string element(Dice &dice) {
  static const char *const kElements[] = {"i32", "i32", "i32", "f32", "i1"};
  return kElements[dice.below(5)];
}

/// An operand around `target` (the shape most operands broadcast to): a
/// suffix of it whose dims are the target's, 1, or anything.
Shape drawOperand(Dice &dice, const std::vector<int64_t> &target,
                  Flavor flavor) {
  Shape shape;
  if (dice.chance(unrankedPercent(flavor))) {
    shape.ranked = false;
    return shape;
  }
  size_t rank = dice.chance(60) ? target.size() : dice.below(target.size() + 1);
  for (size_t i = target.size() - rank; i < target.size(); ++i) {
    unsigned roll = dice.below(100);
    int64_t dim = roll < 55 ? target[i] : roll < 75 ? 1 : dice.size();
    if (dice.chance(dynamicPercent(flavor)))
      dim = kDynamic;
    shape.dims.push_back(dim);
  }
  return shape;
}

/// A guess of the inferred shape: per column the largest static size, `?`
/// when a `?` meets only sizes <= 1. The generator only needs it to declare
/// matching result dims often; the classifier does the exact inference.
std::vector<int64_t> guessInferred(const Program &program) {
  size_t rank = 0;
  for (size_t i = 0; i < program.operands.size(); ++i)
    if (program.operand(i).ranked)
      rank = std::max(rank, program.operand(i).rank());
  std::vector<int64_t> guess(rank, 1);
  std::vector<bool> dynamic(rank, false);
  for (size_t i = 0; i < program.operands.size(); ++i) {
    const Shape &shape = program.operand(i);
    if (!shape.ranked)
      continue;
    size_t offset = rank - shape.rank();
    for (size_t j = 0; j < shape.rank(); ++j) {
      if (shape.dims[j] == kDynamic)
        dynamic[offset + j] = true;
      else
        guess[offset + j] = std::max(guess[offset + j], shape.dims[j]);
    }
  }
  for (size_t j = 0; j < rank; ++j)
    if (dynamic[j] && guess[j] <= 1)
      guess[j] = kDynamic;
  return guess;
}

/// A declared result dim over the guessed inferred `dim`.
int64_t drawResultDim(Dice &dice, int64_t guess, Flavor flavor) {
  unsigned roll = dice.below(100);
  if (roll < 55) {
    if (guess != kDynamic)
      return guess;
    return dice.chance(50) ? kDynamic : dice.size();
  }
  if (roll < 55 + (flavor == Flavor::StaticOnly ? 10 : 25))
    return kDynamic;
  return dice.size();
}

Shape drawResult(Dice &dice, const Program &program, Flavor flavor) {
  Shape result;
  if (dice.chance(10)) {
    result.ranked = false;
    return result;
  }
  std::vector<int64_t> guess = guessInferred(program);
  bool anyRanked = false;
  for (size_t i = 0; i < program.operands.size(); ++i)
    anyRanked |= program.operand(i).ranked;
  if (!anyRanked)
    guess.assign(dice.below(4), kDynamic);
  // Equal rank (60%), one more (20%), one less (20%).
  unsigned roll = dice.below(10);
  size_t rank = guess.size();
  if (roll >= 8 && rank > 0)
    --rank;
  else if (roll >= 6)
    ++rank;
  // Align the declared dims with the guess at the back.
  for (size_t j = 0; j < rank; ++j) {
    bool aligned = j + guess.size() >= rank;
    int64_t dim = aligned ? guess[j + guess.size() - rank] : dice.size();
    result.dims.push_back(drawResultDim(dice, dim, flavor));
  }
  return result;
}

Program drawProgram(Dice &dice, std::string name) {
  Program program;
  program.name = std::move(name);
  unsigned roll = dice.below(10);
  Flavor flavor = roll < 5   ? Flavor::StaticOnly
                  : roll < 9 ? Flavor::Mixed
                             : Flavor::UnrankedHeavy;
  std::vector<int64_t> target(dice.below(4));
  for (int64_t &dim : target)
    dim = dice.size();
  // 1 operand (20%), 2 (50%), 3 (30%).
  unsigned count = 1 + (dice.below(10) >= 2) + (dice.below(10) >= 7);
  for (unsigned i = 0; i < count; ++i) {
    if (i > 0 && dice.chance(10)) {
      program.operands.push_back(dice.below(program.arguments.size()));
      continue;
    }
    program.operands.push_back(program.arguments.size());
    program.arguments.push_back(drawOperand(dice, target, flavor));
    program.argumentElements.push_back(element(dice));
  }
  program.result = drawResult(dice, program, flavor);
  program.resultElement = element(dice);
  return program;
}

/// What an elementwise tosa op's ODS constraints demand of its element
/// types (MLIR 16's TosaOps.td).
enum class TosaElements {
  Number,  ///< any number, the result's the operands'
  Integer, ///< integers (bitwise and shift ops)
  Float,   ///< floats (tosa.pow)
  Bool,    ///< i1 throughout (the logical ops)
  Compare, ///< numbers in, i1 out
  Select,  ///< an i1 predicate, then two numbers of the result's type
};

struct TosaOp {
  const char *name;
  TosaElements elements;
};

const TosaOp kTosaOps[] = {
    {"tosa.add", TosaElements::Number},
    {"tosa.sub", TosaElements::Number},
    {"tosa.mul", TosaElements::Number},
    {"tosa.maximum", TosaElements::Number},
    {"tosa.minimum", TosaElements::Number},
    {"tosa.pow", TosaElements::Float},
    {"tosa.equal", TosaElements::Compare},
    {"tosa.greater", TosaElements::Compare},
    {"tosa.greater_equal", TosaElements::Compare},
    {"tosa.logical_and", TosaElements::Bool},
    {"tosa.logical_or", TosaElements::Bool},
    {"tosa.bitwise_and", TosaElements::Integer},
    {"tosa.logical_left_shift", TosaElements::Integer},
    {"tosa.arithmetic_right_shift", TosaElements::Integer},
    {"tosa.select", TosaElements::Select},
};

/// The element type of the values of one tosa program.
std::string tosaElement(Dice &dice, TosaElements elements) {
  switch (elements) {
  case TosaElements::Number:
  case TosaElements::Compare:
  case TosaElements::Select:
    return dice.pick(std::vector<std::string>{"i32", "i32", "f32", "i8"});
  case TosaElements::Integer:
    return dice.pick(std::vector<std::string>{"i32", "i8", "i16"});
  case TosaElements::Float:
    return dice.pick(std::vector<std::string>{"f32", "f16"});
  case TosaElements::Bool:
    return "i1";
  }
  return "i32";
}

/// A tosa program: the op (drawn, or the one after `index` in kTosaOps so
/// every op appears), two operands (three for select) around one target
/// shape, and a result as for test.broadcastable.
Program drawTosaProgram(Dice &dice, std::string name, size_t index) {
  const TosaOp &op = index < std::size(kTosaOps)
                         ? kTosaOps[index]
                         : kTosaOps[dice.below(std::size(kTosaOps))];
  Program program;
  program.name = std::move(name);
  program.op = op.name;
  unsigned roll = dice.below(10);
  Flavor flavor = roll < 5   ? Flavor::StaticOnly
                  : roll < 9 ? Flavor::Mixed
                             : Flavor::UnrankedHeavy;
  std::vector<int64_t> target(dice.below(4));
  for (int64_t &dim : target)
    dim = dice.size();
  std::string element = tosaElement(dice, op.elements);
  bool select = op.elements == TosaElements::Select;
  unsigned count = select ? 3 : 2;
  for (unsigned i = 0; i < count; ++i) {
    std::string operandElement = select && i == 0 ? "i1" : element;
    // Reuse an argument of the same element type now and then.
    if (i > 0 && dice.chance(10) &&
        program.argumentElements.back() == operandElement) {
      program.operands.push_back(program.arguments.size() - 1);
      continue;
    }
    program.operands.push_back(program.arguments.size());
    program.arguments.push_back(drawOperand(dice, target, flavor));
    program.argumentElements.push_back(operandElement);
  }
  program.result = drawResult(dice, program, flavor);
  program.resultElement = op.elements == TosaElements::Compare ? "i1" : element;
  if (program.op == "tosa.mul")
    program.attributes =
        "{shift = " + std::to_string(element[0] == 'f' ? 0 : dice.below(3)) +
        " : i32}";
  if (program.op == "tosa.arithmetic_right_shift")
    program.attributes =
        std::string("{round = ") + (dice.chance(50) ? "true" : "false") + "}";
  if (mlirOptCrashes(program))
    program.op = "tosa.greater"; // same types, the trait's verifier only
  return program;
}

} // namespace

const std::vector<std::string> &tosaOps() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> result;
    for (const TosaOp &op : kTosaOps)
      result.push_back(op.name);
    return result;
  }();
  return names;
}

std::vector<Program> generateTosaPrograms(uint32_t seed, unsigned count,
                                          const std::string &prefix) {
  Dice dice(seed);
  std::vector<Program> programs;
  for (unsigned i = 0; i < count; ++i)
    programs.push_back(
        drawTosaProgram(dice, prefix + "_" + std::to_string(i), i));
  return programs;
}

std::vector<Program> generatePrograms(uint32_t seed, unsigned count,
                                      const std::string &prefix) {
  Dice dice(seed);
  std::vector<Program> programs;
  for (unsigned i = 0; i < count; ++i)
    programs.push_back(drawProgram(dice, prefix + "_" + std::to_string(i)));
  return programs;
}

} // namespace symshape::differential
