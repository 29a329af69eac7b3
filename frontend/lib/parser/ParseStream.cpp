//===- ParseStream.cpp - A function's entry block handed on as it is read -===//
//
// With a FunctionStream, the parser publishes each op of a streamed
// function's entry block once it is final, with every value defined so
// far. Nothing published changes afterwards, except through a vector that
// grows, which the parser grows while it holds the consumer out, or a
// change that abandons the stream first.
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

namespace symshape::frontend {

void Parser::pushValue(Value value) {
  std::vector<Value> &values = fn->values;
  if (streamed && fn == streamed && values.size() == values.capacity()) {
    std::unique_lock<std::mutex> held = stream->hold();
    values.push_back(std::move(value));
    return;
  }
  values.push_back(std::move(value));
}

void Parser::pushOp(Block &block, Operation &&op) {
  if (!streamed || streamed->body.blocks.empty() ||
      &block != &streamed->body.blocks.front()) {
    block.operations.push_back(std::move(op));
    return;
  }
  if (block.operations.empty()) { // room for as many ops as could follow
    std::unique_lock<std::mutex> held = stream->hold();
    block.operations.reserve(streamBytes / 32);
  }
  // pushAllocates reads the last block's size only when it has room: a
  // block the consumer frees is full.
  if (block.operations.pushAllocates()) {
    std::unique_lock<std::mutex> held = stream->hold();
    block.operations.push_back(std::move(op));
  } else {
    block.operations.push_back(std::move(op));
  }
  publishedValues = fn->values.size();
  stream->publish(block.operations.size(), publishedValues);
}

void Parser::abandonStream() {
  if (!streamed)
    return;
  stream->abandon();
  streamed = nullptr;
}

void Parser::functionParsed(Module &module) {
  if (stream && &module == topModule)
    stream->parsed(module);
}

void StreamScope::begin(Function &func, const Module &module) {
  // One function at a time (a function nested in another's ops is not).
  if (!parser.stream || parser.streamed || began)
    return;
  size_t remaining = parser.buf.size() - parser.tok.offset;
  if (!parser.stream->begin(func, module, remaining))
    return;
  began = true;
  parser.streamed = &func;
  parser.publishedValues = func.values.size();
  parser.streamBytes = remaining;
  // Room for as many values as the rest of the file could define (memory
  // not written is not taken): the vector seldom grows under hold().
  func.values.reserve(func.values.size() + remaining / 64);
}

void StreamScope::end(bool ok) {
  if (!began)
    return;
  began = false;
  parser.streamed = nullptr;
  parser.stream->end(ok);
}

} // namespace symshape::frontend
