//===- Generator.h - Deterministic random programs --------------*- C++ -*-===//
//
// Generates one Program per seed (std::mt19937_64, seeded explicitly; the
// same seed gives the same program on every platform since only raw engine
// output is used). Programs chain implicit-broadcast ops (test.broadcastable,
// tosa.add) and opaque ops, reuse earlier results, and mix static, `?`,
// `0`, `1`, rank-0 and unranked types, declared-static and rank-changed
// results, `--min-dim 1`, `--strict` and assumptions (some contradictory).
// Each program has at most kMaxSymbols free symbols.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_PROPERTY_GENERATOR_H
#define SYMSHAPE_TESTS_PROPERTY_GENERATOR_H

#include "Program.h"

#include <cstdint>

namespace symshape::property {

/// Keeps the enumeration small: at most 10^4 assignments per program.
constexpr size_t kMaxSymbols = 4;

/// The program for `seed`.
Program generateProgram(uint64_t seed);

} // namespace symshape::property

#endif // SYMSHAPE_TESTS_PROPERTY_GENERATOR_H
