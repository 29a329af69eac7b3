//===- ParserErrorTest.cpp - Malformed inputs give one positioned error ---===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

struct ErrorCase {
  std::string input;
  const char *error; ///< "line:col: message"
};

void checkErrors(const std::vector<ErrorCase> &cases) {
  for (const ErrorCase &c : cases) {
    INFO(c.input);
    auto parsed = parse(c.input);
    CHECK_FALSE(parsed->ok());
    CHECK(parsed->diags.diagnostics().size() == 1);
    CHECK(parsed->error() == c.error);
  }
}

} // namespace

TEST_CASE("structural errors", "[parser][errors]") {
  checkErrors({
      {"func.func @f() {\n  return\n", "2:9: expected '}' to close region"},
      {"func.func @f() {\n  return\n}\n}\n", "4:1: unexpected '}'"},
      {"module {\n  func.func @f() { return }\n", "2:28: expected '}'"},
      {"func.func @f(%a: tensor<4x", "1:27: expected type"},
      {"func.func", "1:10: expected symbol name"},
      {"func.func @f(", "1:14: expected type"},
      {"func.func @f(%a: i32", "1:21: expected ')'"},
      {"func.func @f() {\n  %0 = \"test.op\"()\n  return\n}\n",
       "2:19: expected ':'"},
      {"func.func @f() {\n  %0 = \"test.op\"(\n", "2:18: expected ')'"},
      {"func.func @f() {\n  %0 =\n}\n", "2:7: expected operation name"},
      // Like mlir-opt, a missing token is reported after the previous one.
      {"func.func @f() {\n  42\n}\n", "1:17: expected operation name"},
      {"#undefined\n", "1:1: expected operation name"},
      // A type-only signature takes its names from the entry block.
      {"func.func @f(i32) {\n  return\n}\n",
       "1:1: 'func.func' op entry block must have 1 arguments to match "
       "function signature"},
      {"func.func @f(i32) {\n^bb0(%x: i64):\n  return\n}\n",
       "1:1: 'func.func' op type of entry block argument #0('i64') must match "
       "the type of the corresponding argument in function signature('i32')"},
      {"func.func @f(%a: i32) {\n^bb0:\n  return\n}\n",
       "2:1: invalid block name in region with named arguments"},
      {"func.func @f(%a: i32, i32)", "1:23: expected SSA identifier"},
      {"func.func @f() {\n  \"cf.br\"()[^bb9] : () -> ()\n}\n",
       "2:13: reference to an undefined block"},
      {"func.func @f() {\n  \"cf.br\"()[^bb1] : () -> ()\n^bb1:\n  return\n"
       "^bb1:\n  return\n}\n",
       "5:1: redefinition of block '^bb1'"},
      {"func.func @f() {\n^bb1(%x i32):\n  return\n}\n", "2:9: expected ':'"},
      {"#a = 1\n#a = 2\n", "2:1: redefinition of attribute alias id 'a'"},
      {"!a = i32\n!a = i64\n", "2:1: redefinition of type alias id 'a'"},
      {"{-# never closed\n", "1:1: expected '#-}' to end file metadata"},
  });
}

TEST_CASE("value errors", "[parser][errors]") {
  checkErrors({
      {"func.func @f() {\n  %0 = \"test.op\"(%b) : (i32) -> i32\n  return\n}\n",
       "2:18: use of undeclared SSA value name"},
      // Use before definition.
      {"func.func @f() {\n  %0 = \"test.op\"(%1) : (i32) -> i32\n"
       "  %1 = \"test.op\"() : () -> i32\n  return\n}\n",
       "2:18: use of undeclared SSA value name"},
      {"func.func @f() {\n  %0 = \"test.op\"() : () -> i32\n"
       "  %0 = \"test.op\"() : () -> i32\n  return\n}\n",
       "3:3: redefinition of SSA value '%0'"},
      {"func.func @f() {\n  %0:2 = \"test.op\"() : () -> (i32, i32)\n"
       "  %0 = \"test.op\"() : () -> i32\n  return\n}\n",
       "3:3: redefinition of SSA value '%0'"},
      {"func.func @f(%a: i32) {\n  \"test.op\"() ({\n"
       "    %a = \"test.op\"() : () -> i32\n  }) : () -> ()\n  return\n}\n",
       "3:5: redefinition of SSA value '%a'"},
      {"func.func @f(%a: i32, %a: i32) {\n  return\n}\n",
       "1:23: redefinition of SSA value '%a'"},
      {"func.func @f() {\n  \"test.op\"() ({\n"
       "    %x = \"test.op\"() : () -> i32\n  }) : () -> ()\n"
       "  \"test.op\"(%x) : (i32) -> ()\n  return\n}\n",
       "5:13: use of undeclared SSA value name"},
      {"func.func @f() {\n  %x = \"test.op\"() : () -> i32\n"
       "  %y = \"test.op\"(%x#1) : (i32) -> i32\n  return\n}\n",
       "3:18: use of undeclared SSA value name"},
      {"func.func @f() {\n  %x = \"test.op\"() ({\n"
       "    \"test.use\"(%x) : (i32) -> ()\n  }) : () -> i32\n  return\n}\n",
       "3:16: use of undeclared SSA value name"},
      {"func.func @f(%a: tensor<4xf32>) {\n"
       "  %0 = \"test.op\"(%a, %a) : (tensor<4xf32>) -> i32\n  return\n}\n",
       "2:28: expected 2 operand types but had 1"},
      {"func.func @f(%a: tensor<4xf32>) {\n"
       "  %0 = \"test.op\"(%a, %a) : (tensor<4xf32>, tensor<5xf32>) -> i32\n"
       "  return\n}\n",
       "2:22: use of value '%a' expects different type than prior uses: "
       "'tensor<5xf32>' vs 'tensor<4xf32>'"},
      {"func.func @f(%s: !shape.shape) {\n"
       "  %0 = shape.rank %s : !shape.size -> !shape.size\n  return\n}\n",
       "2:19: use of value '%s' expects different type than prior uses: "
       "'!shape.size' vs '!shape.shape'"},
      {"func.func @f(%a: i32) -> i32 {\n  return %a : i64\n}\n",
       "2:10: use of value '%a' expects different type than prior uses: "
       "'i64' vs 'i32'"},
      {"func.func @f(%a: tensor<4xf32>) {\n"
       "  %0, %1 = \"test.op\"(%a) : (tensor<4xf32>) -> i32\n  return\n}\n",
       "2:3: operation defines 1 results but was provided 2 to bind"},
      {"func.func @f(%w: !shape.witness) {\n"
       "  %0 = shape.assuming %w {\n  }\n  return\n}\n",
       "2:3: operation defines 0 results but was provided 1 to bind"},
      {"func.func @f() {\n  %r#1 = \"test.op\"() : () -> i32\n  return\n}\n",
       "2:3: result name cannot have a result number"},
      {"func.func @f(%r#1: i32) {\n  return\n}\n",
       "1:14: argument name cannot have a result number"},
      {"func.func @f() {\n  %r:0 = \"test.op\"() : () -> ()\n  return\n}\n",
       "2:6: expected named operation to have at least 1 result"},
      {"func.func @f() {\n  %r:x = \"test.op\"() : () -> ()\n  return\n}\n",
       "2:6: expected integer number of results"},
      {"%0 = \"test.op\"() : () -> i32\n%0 = \"test.op\"() : () -> i32\n",
       "2:1: redefinition of SSA value '%0'"},
  });
}

TEST_CASE("generic func.func signature errors", "[parser][errors]") {
  checkErrors({
      {"\"func.func\"() ({\n^bb0(%a: tensor<4xf32>):\n"
       "  \"func.return\"() : () -> ()\n}) {function_type = (tensor<5xf32>) "
       "-> (), sym_name = \"f\"} : () -> ()\n",
       "1:1: 'func.func' op type of entry block argument #0('tensor<4xf32>') "
       "must match the type of the corresponding argument in function "
       "signature('tensor<5xf32>')"},
      {"\"func.func\"() ({\n^bb0(%a: tensor<4xf32>):\n"
       "  \"func.return\"() : () -> ()\n}) {function_type = () -> (), "
       "sym_name = \"f\"} : () -> ()\n",
       "1:1: 'func.func' op entry block must have 0 arguments to match "
       "function signature"},
      {"\"func.func\"() ({\n}) {function_type = () -> ()} : () -> ()\n",
       "1:1: 'func.func' op requires attribute 'sym_name'"},
      {"\"func.func\"() ({\n}) {sym_name = \"f\"} : () -> ()\n",
       "1:1: 'func.func' op requires attribute 'function_type'"},
      {"\"func.func\"() ({\n}) {function_type = i32, sym_name = \"f\"} : () "
       "-> ()\n",
       "2:21: expected '('"},
  });
}

TEST_CASE("lexical, type and integer errors", "[parser][errors]") {
  checkErrors({
      {"func.func @f(%a: tensor<4xf32>) {\n  \x01\xff\n}\n",
       "2:3: unexpected character"},
      {"\xff\xfe\x00garbage", "1:1: unexpected character"},
      {std::string("func.func @f() {\n  \"test.op\"() : () -> ()\n  \0\n}\n",
                   46),
       "3:3: unexpected character"},
      {"func.func @f() {\n  \"test.op\"() {s = \"abc} : () -> ()\n}\n",
       "2:20: expected '\"' in string literal"},
      {"func.func @f(%a: tensor<?x-3xf32>) {\n  return\n}\n",
       "1:27: expected dimension"},
      {"func.func @f(%a: tensor<99999999999999999999xf32>)\n",
       "1:25: integer too large"},
      {"func.func @f() {\n  %0 = \"test.op\"() {v = 18446744073709551616} : "
       "() -> i32\n  return\n}\n",
       "2:25: integer too large"},
      {"func.func @f() {\n  %0 = arith.constant 9223372036854775808 : i64\n"
       "  return\n}\n",
       "2:23: integer too large"},
      {"func.func @f() {\n  %0 = shape.const_size 99999999999999999999\n"
       "  return\n}\n",
       "2:25: integer too large"},
      {"func.func @f() {\n  %0 = shape.const_size\n  return\n}\n",
       "2:24: expected integer"},
      {"func.func @f() {\n  %0 = shape.const_shape [1, x] : !shape.shape\n"
       "  return\n}\n",
       "2:30: expected attribute value"},
  });
}

TEST_CASE("unknown ops only fail on unbalanced brackets or unknown names",
          "[parser][errors]") {
  checkErrors({
      {"func.func @f() {\n  %0 = foo.bar (%a]\n  return\n}\n",
       "2:19: unexpected ']'"},
      {"func.func @f() {\n  %0 = foo.bar (\n  return\n}\n",
       "4:1: unexpected '}'"},
      {"func.func @f() {\n  %0 = foo.bar [\n", "2:16: unbalanced '['"},
      {"func.func @f() {\n  %0 = foo.bar %undefined : i32\n  return\n}\n",
       "2:16: use of undeclared SSA value name"},
  });
}

TEST_CASE("deep nesting is rejected without exhausting the stack",
          "[parser][errors]") {
  const int depth = 10000;
  std::string generic = "func.func @f() {\n";
  for (int i = 0; i < depth; ++i)
    generic += "\"test.op\"() ({\n";
  for (int i = 0; i < depth; ++i)
    generic += "}) : () -> ()\n";
  generic += "return\n}\n";
  auto parsed = parse(generic);
  CHECK_FALSE(parsed->ok());
  CHECK(parsed->diags.diagnostics().size() == 1);
  CHECK(parsed->error().find("nesting too deep") != std::string::npos);

  std::string opaque = "func.func @f() {\n";
  for (int i = 0; i < depth; ++i)
    opaque += "scf.execute_region {\n";
  for (int i = 0; i < depth; ++i)
    opaque += "}\n";
  opaque += "}\n";
  parsed = parse(opaque);
  CHECK(parsed->error().find("nesting too deep") != std::string::npos);

  std::string types = "func.func @f(%a: ";
  for (int i = 0; i < depth; ++i)
    types += "tensor<4x";
  types += "f32" + std::string(depth, '>') + ")\n";
  parsed = parse(types);
  CHECK(parsed->error().find("nesting too deep") != std::string::npos);

  std::string modules;
  for (int i = 0; i < depth; ++i)
    modules += "module {\n";
  modules += std::string(depth, '}');
  parsed = parse(modules);
  CHECK(parsed->error().find("nesting too deep") != std::string::npos);

  // Moderate nesting is fine.
  std::string fine = "func.func @f() {\n";
  for (int i = 0; i < 200; ++i)
    fine += "\"test.op\"() ({\n";
  for (int i = 0; i < 200; ++i)
    fine += "}) : () -> ()\n";
  fine += "return\n}\n";
  CHECK(parse(fine)->ok());
}

TEST_CASE("long lines and long files stay fast", "[parser][errors]") {
  std::string wide = "func.func @f(%a: tensor<4xf32>) {\n  %0 = \"test.op\"(%a";
  for (int i = 0; i < 100000; ++i)
    wide += ", %a";
  wide += ") : (tensor<4xf32>) -> i32\n  return\n}\n";
  auto parsed = parse(wide);
  CHECK(parsed->error().rfind("2:", 0) == 0);
  CHECK(parsed->error().find("expected 100001 operand types but had 1") !=
        std::string::npos);
  CHECK(parsed->diags.renderAll().size() < 1000);
}
