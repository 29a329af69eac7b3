//===- ByteStream.h - Decisions drawn from fuzzer bytes ---------*- C++ -*-===//
//
// The program generator asks questions ("which op next? which operand?");
// each answer consumes bytes of the fuzzer's input. When the bytes run out
// every answer is the smallest one, so any input, even an empty one, gives
// a finite, valid program, and a mutation of one byte changes one decision.
//
//   ByteStream in(data, size);
//   size_t k = in.below(4);      // 0..3
//   bool twice = in.chance(1, 8); // true with probability about 1/8
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_FUZZ_BYTESTREAM_H
#define SYMSHAPE_TESTS_FUZZ_BYTESTREAM_H

#include <cstddef>
#include <cstdint>

namespace symshape::fuzz {

class ByteStream {
public:
  ByteStream(const uint8_t *data, size_t size) : data(data), size(size) {}

  bool empty() const { return pos >= size; }

  /// A number in [0, n); 0 when n is 0 or the bytes are exhausted. Reads
  /// one byte, or two when n > 256.
  size_t below(size_t n) {
    if (n <= 1)
      return 0;
    size_t raw = byte();
    if (n > 256)
      raw = raw << 8 | byte();
    return raw % n;
  }

  /// A number in [lo, hi].
  int64_t range(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(below(static_cast<size_t>(hi - lo + 1)));
  }

  /// True for about `num` of every `den` byte values; false once exhausted.
  bool chance(unsigned num, unsigned den) {
    if (empty())
      return false;
    return byte() % den < num;
  }

  /// One of the `n` entries of `items`.
  template <typename T, size_t n> const T &pick(const T (&items)[n]) {
    return items[below(n)];
  }

private:
  size_t byte() { return pos < size ? data[pos++] : 0; }

  const uint8_t *data;
  size_t size;
  size_t pos = 0;
};

} // namespace symshape::fuzz

#endif // SYMSHAPE_TESTS_FUZZ_BYTESTREAM_H
