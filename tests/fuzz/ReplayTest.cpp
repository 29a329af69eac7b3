//===- ReplayTest.cpp - Replays saved fuzzer inputs -----------------------===//
//
//   symshape_fuzz_replay --text FILE...       through fuzzText
//   symshape_fuzz_replay --programs FILE...   through fuzzPrograms
//   symshape_fuzz_replay --print FILE...      show the generated programs
//   symshape_fuzz_replay --truncations [--every K] FILE...
//                     each file cut at every token boundary (where a run of
//                     word characters, spaces or punctuation ends), each
//                     prefix through fuzzText; with --every K, at every K-th
//                     boundary only, starting at the file's index mod K (so
//                     that the files together still cut at each offset)
//
// The fuzzers' own entry points, without libFuzzer: built in every
// configuration, so a crash once found stays fixed. A broken invariant
// aborts; otherwise prints "N passed, 0 failed".
//
//===----------------------------------------------------------------------===//

#include "Targets.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
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

/// 0 word character, 1 white space, 2 punctuation (each its own token).
int charClass(char c) {
  if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '%' ||
      c == '@' || c == '#' || c == '$' || c == '.')
    return 0;
  if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
    return 1;
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  int first = 2;
  size_t every = 1;
  if (mode == "--truncations" && argc > 3 &&
      std::string(argv[2]) == "--every") {
    every = std::strtoul(argv[3], nullptr, 10);
    first = 4;
  }
  if (argc <= first || every == 0 ||
      (mode != "--text" && mode != "--programs" && mode != "--print" &&
       mode != "--truncations")) {
    std::fprintf(stderr, "usage: symshape_fuzz_replay "
                         "--text|--programs|--print|--truncations [--every K] "
                         "FILE...\n");
    return 2;
  }
  size_t passed = 0;
  for (int i = first; i < argc; ++i) {
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
    if (mode == "--truncations") {
      // Each prefix is analysed as a file of its own: rejected with one
      // positioned error, or analysed consistently when it happens to be
      // a complete module.
      size_t boundaries = 0, cuts = 0;
      for (size_t n = 0; n <= bytes.size(); ++n)
        if (n == 0 || n == bytes.size() ||
            charClass(bytes[n - 1]) != charClass(bytes[n]) ||
            charClass(bytes[n]) == 2) {
          if ((boundaries++ + i) % every != 0)
            continue;
          symshape::fuzz::fuzzText(data, n);
          ++cuts;
        }
      std::fprintf(stderr, "%s: %zu prefixes cut at token boundaries\n",
                   argv[i], cuts);
      passed += cuts;
      continue;
    }
    std::fprintf(stderr, "replaying %s\n", argv[i]);
    if (mode == "--text")
      symshape::fuzz::fuzzText(data, bytes.size());
    else
      symshape::fuzz::fuzzPrograms(data, bytes.size(),
                                   symshape::fuzz::Compare::Always);
    ++passed;
  }
  if (mode != "--print")
    std::printf("%zu passed, 0 failed\n", passed);
  return 0;
}
