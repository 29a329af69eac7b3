//===- ReplayTest.cpp - Replays saved fuzzer inputs -----------------------===//
//
//   symshape_fuzz_replay --text FILE...       through fuzzText
//   symshape_fuzz_replay --programs FILE...   through fuzzPrograms
//   symshape_fuzz_replay --print FILE...      show the generated programs
//
// The fuzzers' own entry points, without libFuzzer: built in every
// configuration, so a crash once found stays fixed. A broken invariant
// aborts; otherwise prints "N passed, 0 failed".
//
//===----------------------------------------------------------------------===//

#include "Targets.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

namespace {

bool readFile(const char *path, std::string &bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  bytes.assign(std::istreambuf_iterator<char>(in),
               std::istreambuf_iterator<char>());
  return !in.bad();
}

} // namespace

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  if (argc < 3 ||
      (mode != "--text" && mode != "--programs" && mode != "--print")) {
    std::fprintf(stderr,
                 "usage: symshape_fuzz_replay --text|--programs|--print "
                 "FILE...\n");
    return 2;
  }
  size_t passed = 0;
  for (int i = 2; i < argc; ++i) {
    std::string bytes;
    if (!readFile(argv[i], bytes)) {
      std::fprintf(stderr, "%s: error: cannot read file\n", argv[i]);
      return 2;
    }
    const uint8_t *data = reinterpret_cast<const uint8_t *>(bytes.data());
    if (mode == "--print") {
      std::printf("// %s\n%s", argv[i],
                  symshape::fuzz::generatedProgram(data, bytes.size()).c_str());
      continue;
    }
    std::fprintf(stderr, "replaying %s\n", argv[i]);
    if (mode == "--text")
      symshape::fuzz::fuzzText(data, bytes.size());
    else
      symshape::fuzz::fuzzPrograms(data, bytes.size());
    ++passed;
  }
  if (mode != "--print")
    std::printf("%zu passed, 0 failed\n", passed);
  return 0;
}
