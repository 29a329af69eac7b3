//===- Generator.cpp - Family dispatch
//-------------------------------------===//

#include "gen/Builder.h"

namespace symshape::models {

const char *familyName(Family family) {
  switch (family) {
  case Family::Tosa:
    return "tosa";
  case Family::Linalg:
    return "linalg";
  case Family::Stablehlo:
    return "stablehlo";
  }
  return "?";
}

std::optional<Family> familyNamed(const std::string &name) {
  for (Family f : {Family::Tosa, Family::Linalg, Family::Stablehlo})
    if (name == familyName(f))
      return f;
  return std::nullopt;
}

Program generate(Family family, uint64_t seed, bool planted) {
  gen::Rng rng(seed * 3 + uint64_t(family));
  gen::Builder b(rng);
  Program p;
  p.family = family;
  p.seed = seed;
  switch (family) {
  case Family::Tosa:
    gen::generateTosa(b, planted, p.blocks);
    p.mlirOpt16 = p.blocks.front() == "generic";
    break;
  case Family::Linalg:
    gen::generateLinalg(b, planted, p.blocks);
    p.mlirOpt22 = true;
    break;
  case Family::Stablehlo:
    gen::generateStablehlo(b, planted, p.blocks);
    break;
  }
  p.text = b.text(p.function);
  p.twin = b.twin(p.function);
  p.plantedOp = b.plantedOp;
  p.plantedWhat = b.plantedWhat;
  p.verifies = !b.staticallyInvalid;
  return p;
}

} // namespace symshape::models
