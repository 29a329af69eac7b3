//===- ExportGen.cpp - Family dispatch
//--------------------------------------===//

#include "ExportGen.h"

#include "gen/Generators.h"

namespace symshape::exporters {

const char *familyName(ExportFamily family) {
  switch (family) {
  case ExportFamily::Jax:
    return "jax";
  case ExportFamily::Torch:
    return "torch";
  case ExportFamily::Chlo:
    return "chlo";
  }
  return "?";
}

std::optional<ExportFamily> familyNamed(const std::string &name) {
  for (ExportFamily f :
       {ExportFamily::Jax, ExportFamily::Torch, ExportFamily::Chlo})
    if (name == familyName(f))
      return f;
  return std::nullopt;
}

const char *variantName(Variant variant) {
  switch (variant) {
  case Variant::Clean:
    return "clean";
  case Variant::Planted:
    return "planted";
  case Variant::Doomed:
    return "doomed";
  }
  return "?";
}

ExportProgram generateExport(ExportFamily family, uint64_t seed,
                             Variant variant) {
  switch (family) {
  case ExportFamily::Jax:
    return gen::generateJax(seed, variant);
  case ExportFamily::Torch:
    return gen::generateTorch(seed, variant);
  case ExportFamily::Chlo:
    return gen::generateChlo(seed, variant);
  }
  return {};
}

} // namespace symshape::exporters
