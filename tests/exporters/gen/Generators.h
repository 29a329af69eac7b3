//===- Generators.h - One generator per exporter style ----------*- C++ -*-===//
//
// Private to ExportGen.cpp: each family's generator fills an
// ExportProgram from a seed (see ExportGen.h for what the families are).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_EXPORTERS_GENERATORS_H
#define SYMSHAPE_EXPORTERS_GENERATORS_H

#include "ExportGen.h"

namespace symshape::exporters::gen {

ExportProgram generateJax(uint64_t seed, Variant variant);
ExportProgram generateTorch(uint64_t seed, Variant variant);
ExportProgram generateChlo(uint64_t seed, Variant variant);

} // namespace symshape::exporters::gen

#endif // SYMSHAPE_EXPORTERS_GENERATORS_H
