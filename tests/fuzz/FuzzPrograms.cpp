//===- FuzzPrograms.cpp - libFuzzer: bytes as generator decisions ---------===//
//
//   symshape_fuzz_programs CORPUS_DIR -max_total_time=60
//
// See Targets.h for what one input exercises and checks.
//
//===----------------------------------------------------------------------===//

#include "Targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  symshape::fuzz::fuzzPrograms(data, size);
  return 0;
}
