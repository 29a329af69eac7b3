//===- Generator.cpp - Random test.broadcastable programs -----------------===//
//
// Draws come straight from std::mt19937's output (whose sequence the
// standard fixes) rather than from std::uniform_int_distribution (whose
// mapping each standard library chooses), so a seed gives the same programs
// with every toolchain.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include <algorithm>
#include <random>

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
  return "func.func @" + program.name + "(" + arguments + ") -> " + result +
         " {\n  %0 = \"test.broadcastable\"(" + operands + ") : (" +
         operandTypes + ") -> " + result + "\n  return %0 : " + result +
         "\n}\n";
}

namespace {

/// Random choices over one std::mt19937.
class Dice {
public:
  explicit Dice(uint32_t seed) : engine(seed) {}

  /// Uniform in [0, n).
  unsigned below(unsigned n) { return static_cast<unsigned>(engine() % n); }
  /// True with probability percent / 100.
  bool chance(unsigned percent) { return below(100) < percent; }
  /// A static size: 0 (10%), 1 (20%) or 2-4 (70%).
  int64_t size() {
    unsigned roll = below(10);
    if (roll == 0)
      return 0;
    if (roll <= 2)
      return 1;
    return 2 + below(3);
  }

private:
  std::mt19937 engine;
};

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

} // namespace

std::vector<Program> generatePrograms(uint32_t seed, unsigned count,
                                      const std::string &prefix) {
  Dice dice(seed);
  std::vector<Program> programs;
  for (unsigned i = 0; i < count; ++i)
    programs.push_back(drawProgram(dice, prefix + "_" + std::to_string(i)));
  return programs;
}

} // namespace symshape::differential
