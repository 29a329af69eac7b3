# Generates one hostile input too big to keep in git, runs symshape on it
# and checks the exit status, the head of the output and the run time:
#
#   cmake -DSYMSHAPE=path/to/symshape -DCASE=deep-regions -DMAX_SECONDS=20
#         -DWORK=dir -P BigInputs.cmake
#
# Each case sets:
#   args          the command line (the input is ${CASE}.mlir in WORK)
#   expect_exit   the exit status
#   expect_head   a regex the first 4 KiB of stdout+stderr must match
#   max_bytes     a bound on stdout+stderr (diagnostics show a window of a
#                 long line, not all of it)
# and may set `stdin` (a file fed to standard input).
cmake_minimum_required(VERSION 3.20)

file(MAKE_DIRECTORY ${WORK})
set(input ${WORK}/${CASE}.mlir)
set(args check ${CASE}.mlir)
set(stdin /dev/null)
set(max_bytes 4096)
set(summary_zero "symshape: 0 obligations: 0 safe, 0 ub-possible, 0 ub-guaranteed, 0 error, 0 unreachable, 0 unknown")

# `count` copies of `text`, e.g. repeat(line "x" 3) -> "xxx".
function(repeat var text count)
  string(REPEAT "${text}" ${count} out)
  set(${var} "${out}" PARENT_SCOPE)
endfunction()

if(CASE STREQUAL "long-line")
  # A 10^6-character line in the middle of a valid op; the warning shows a
  # window of it.
  repeat(spaces " " 1000000)
  file(WRITE ${input}
       "func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) {\n"
       "  %0 = \"tosa.add\"(%a, %b)${spaces}: (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>\n"
       "  return\n}\n")
  set(expect_exit 1)
  set(expect_head "^long-line.mlir:2:8: warning: the broadcast of operand sizes %a\\[0\\] and 4 \\(result dim 0\\) can fail at runtime")
elseif(CASE STREQUAL "long-line-error")
  # The error is at column 1000001 of a 10^6-character line.
  repeat(spaces " " 1000000)
  file(WRITE ${input} "func.func @f() {\n${spaces}$\n  return\n}\n")
  set(expect_exit 2)
  set(expect_head "^long-line-error.mlir:2:1000001: error: unexpected character\n\\.\\.\\. +\\$\n +\\^\n$")
elseif(CASE STREQUAL "deep-regions")
  # 10,000 regions nested in each other: rejected at depth 256, no stack
  # overflow.
  repeat(open "\"test.region\"() ({\n" 10000)
  repeat(close "}) : () -> ()\n" 10000)
  file(WRITE ${input} "func.func @f() {\n${open}${close}  return\n}\n")
  set(expect_exit 2)
  set(expect_head "^deep-regions.mlir:257:18: error: nesting too deep\n")
elseif(CASE STREQUAL "deep-opaque-regions")
  # The same with unknown ops in custom form, whose parser frames are larger
  # (under ASan, 1000 of them overflowed an 8 MiB stack: the limit is 256).
  repeat(open "foo.region {\n" 10000)
  repeat(close "}\n" 10000)
  file(WRITE ${input} "func.func @f() {\n${open}${close}  return\n}\n")
  set(expect_exit 2)
  set(expect_head "^deep-opaque-regions.mlir:257:12: error: nesting too deep\n")
elseif(CASE STREQUAL "deep-regions-limit")
  # 254 nested regions, the most that still leave room for the types of a
  # broadcast in the innermost (the limit of 256 counts types too):
  # parsed, lowered and judged without a stack overflow.
  repeat(open "\"test.region\"() ({\n" 254)
  repeat(close "}) : () -> ()\n" 254)
  file(WRITE ${input}
       "func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) {\n${open}"
       "  %0 = \"tosa.add\"(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>\n"
       "${close}  return\n}\n")
  set(expect_exit 1)
  set(expect_head "^deep-regions-limit.mlir:256:8: warning: the broadcast of operand sizes %a\\[0\\] and 4")
elseif(CASE STREQUAL "deep-attribute")
  repeat(open "[" 10000)
  repeat(close "]" 10000)
  file(WRITE ${input} "func.func @f() {\n  \"foo.op\"() {a = ${open}1${close}} : () -> ()\n  return\n}\n")
  set(expect_exit 2)
  set(expect_head "^deep-attribute.mlir:2:274: error: nesting too deep\n")
elseif(CASE STREQUAL "deep-type")
  repeat(open "tensor<4x" 10000)
  repeat(close ">" 10000)
  file(WRITE ${input} "func.func @f(%a: ${open}f32${close}) {\n  return\n}\n")
  set(expect_exit 2)
  set(expect_head "^deep-type.mlir:1:2322: error: nesting too deep\n")
elseif(CASE STREQUAL "deep-dense")
  repeat(open "[" 10000)
  repeat(close "]" 10000)
  file(WRITE ${input} "func.func @f() {\n  %c = arith.constant dense<${open}1${close}> : tensor<1xi32>\n  return\n}\n")
  set(expect_exit 2)
  set(expect_head "^deep-dense.mlir:2:283: error: nesting too deep\n")
elseif(CASE STREQUAL "deep-assume")
  # 10,000 parentheses in an --assume expression.
  repeat(open "(" 10000)
  repeat(close ")" 10000)
  file(WRITE ${input} "func.func @f(%a: tensor<?xf32>) {\n  return\n}\n")
  set(args check ${CASE}.mlir --assume "${open}%a[0] == 1${close}")
  set(expect_exit 2)
  set(expect_head "^<command-line>:1:1001: error: nesting too deep\n")
elseif(CASE STREQUAL "long-sum-assume")
  # A sum of 10,000 terms in a function's symshape.assume attribute.
  repeat(terms "%a[0] + " 10000)
  file(WRITE ${input}
       "func.func @f(%a: tensor<?xf32>) attributes {symshape.assume = [\"${terms}1 >= 0\"]} {\n"
       "  return\n}\n")
  set(expect_exit 2)
  set(expect_head "^long-sum-assume.mlir:1:[0-9]+: error: ")
elseif(CASE STREQUAL "many-functions")
  # 10,000 functions of three safe obligations each.
  # 100 blocks of 100 functions, named @f<block>_<k> (CMake is slow to
  # append 10,000 times).
  set(block "")
  foreach(k RANGE 1 100)
    string(APPEND block
           "func.func @fBLOCK_${k}(%a: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {\n"
           "  %0 = \"tosa.add\"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>\n"
           "  return %0 : tensor<?x4xf32>\n}\n")
  endforeach()
  file(WRITE ${input} "")
  foreach(i RANGE 1 100)
    string(REPLACE "BLOCK" "${i}" text "${block}")
    file(APPEND ${input} "${text}")
  endforeach()
  set(expect_exit 0)
  set(expect_head "^symshape: 30000 obligations: 30000 safe, 0 ub-possible, 0 ub-guaranteed, 0 error, 0 unreachable, 0 unknown\n$")
elseif(CASE STREQUAL "rank-1000-one-column")
  # A rank-1000 tensor of `?` dims broadcast with a rank-1 one: one column
  # has two operands; its witness names all 1001 free symbols.
  repeat(dims "?x" 1000)
  set(t "tensor<${dims}f32>")
  file(WRITE ${input}
       "func.func @f(%a: ${t}, %b: tensor<?xf32>) {\n"
       "  %0 = \"tosa.add\"(%a, %b) : (${t}, tensor<?xf32>) -> ${t}\n"
       "  return\n}\n")
  set(expect_exit 1)
  set(expect_head "^rank-1000-one-column.mlir:2:8: warning: the broadcast of operand sizes %a\\[999\\] and %b\\[0\\] \\(result dim 999\\) can fail at runtime")
  set(max_bytes 100000)
elseif(CASE STREQUAL "rank-1000-all-columns")
  # Two rank-1000 tensors of `?` dims: 1000 independent columns, each
  # ub-possible, each witness naming the 2000 free symbols (about 30 MB of
  # output). Only the head is checked.
  repeat(dims "?x" 1000)
  set(t "tensor<${dims}f32>")
  file(WRITE ${input}
       "func.func @f(%a: ${t}, %b: ${t}) {\n"
       "  %0 = \"tosa.add\"(%a, %b) : (${t}, ${t}) -> ${t}\n"
       "  return\n}\n")
  set(expect_exit 1)
  set(expect_head "^rank-1000-all-columns.mlir:2:8: warning: the broadcast of operand sizes %a\\[0\\] and %b\\[0\\] \\(result dim 0\\) can fail at runtime")
  set(max_bytes 200000000)
elseif(CASE STREQUAL "wide-broadcast")
  # One broadcast of 1000 distinct operands.
  set(params "%a0: tensor<?xf32>")
  set(operands "%a0")
  set(types "tensor<?xf32>")
  foreach(i RANGE 1 999)
    string(APPEND params ", %a${i}: tensor<?xf32>")
    string(APPEND operands ", %a${i}")
    string(APPEND types ", tensor<?xf32>")
  endforeach()
  file(WRITE ${input}
       "func.func @f(${params}) {\n"
       "  %0 = \"test.broadcastable\"(${operands}) : (${types}) -> tensor<?xf32>\n"
       "  return\n}\n")
  set(expect_exit 1)
  set(expect_head "^wide-broadcast.mlir:2:8: warning: ")
  set(max_bytes 1000000)
elseif(CASE STREQUAL "long-index-chain")
  # %n + 1 + 1 + ... (10,001 additions) sizes a tensor broadcast with 5:
  # the first finding is the size itself (%n is any integer, so the sum
  # can be negative), at the tensor.empty on line 10004.
  # Written as 100 blocks of 100: %iB_K adds 1 to the value before it.
  set(block "  %iBLOCK_1 = arith.addi %iPREV_100, %c1 : index\n")
  foreach(k RANGE 2 100)
    math(EXPR prev "${k} - 1")
    string(APPEND block "  %iBLOCK_${k} = arith.addi %iBLOCK_${prev}, %c1 : index\n")
  endforeach()
  file(WRITE ${input}
       "func.func @f(%n: index, %five: tensor<5xf32>) {\n"
       "  %c1 = arith.constant 1 : index\n"
       "  %i0_100 = arith.addi %n, %c1 : index\n")
  foreach(i RANGE 1 100)
    math(EXPR prev "${i} - 1")
    string(REPLACE "BLOCK" "${i}" text "${block}")
    string(REPLACE "PREV" "${prev}" text "${text}")
    file(APPEND ${input} "${text}")
  endforeach()
  file(APPEND ${input}
       "  %t = tensor.empty(%i100_100) : tensor<?xf32>\n"
       "  %0 = \"tosa.add\"(%t, %five) : (tensor<?xf32>, tensor<5xf32>) -> tensor<?xf32>\n"
       "  return\n}\n")
  set(expect_exit 1)
  set(expect_head "^long-index-chain.mlir:10004:8: warning: the size %i100_100 of dim 0 \\(not negative\\) can fail at runtime")
elseif(CASE STREQUAL "long-broadcast-chain")
  # 100 broadcasts in a chain, each with a fresh `?` operand (a residual
  # stream through opaque layers looks like this).
  set(params "%x: tensor<?xf32>")
  set(body "")
  set(prev "%x")
  foreach(i RANGE 1 100)
    string(APPEND params ", %a${i}: tensor<?xf32>")
    string(APPEND body "  %v${i} = \"tosa.add\"(${prev}, %a${i}) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>\n")
    set(prev "%v${i}")
  endforeach()
  file(WRITE ${input} "func.func @f(${params}) {\n${body}  return\n}\n")
  set(expect_exit 1)
  set(expect_head "^long-broadcast-chain.mlir:2:9: warning: ")
  set(max_bytes 100000000)
elseif(CASE STREQUAL "long-region-chain")
  # 2000 broadcasts in the region of an unknown op: conditional code, each
  # obligation carrying the earlier ones of its block (they once nested,
  # each a copy of the last one and more: minutes and gigabytes).
  set(body "")
  set(prev "%x")
  foreach(i RANGE 1 2000)
    set(other "${prev}")
    math(EXPR third "${i} % 3")
    if(third EQUAL 1)
      set(other "%y")
    endif()
    string(APPEND body "    %v${i} = \"tosa.add\"(${prev}, ${other}) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>\n")
    set(prev "%v${i}")
  endforeach()
  file(WRITE ${input} "func.func @f(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) {\n  \"test.region_op\"() ({\n${body}    \"test.yield\"() : () -> ()\n  }) : () -> ()\n  return\n}\n")
  set(expect_exit 1)
  set(expect_head "^long-region-chain.mlir:3:11: warning: ")
  set(max_bytes 100000000)
elseif(CASE STREQUAL "long-block-chain")
  # 3000 blocks, each dominated by the one before: each broadcast assumes
  # the first one, so only that one can fail.
  set(body "  cf.br ^bb1(%x : tensor<?x?xf32>)\n")
  foreach(i RANGE 1 3000)
    math(EXPR next "${i} + 1")
    string(APPEND body "^bb${i}(%a${i}: tensor<?x?xf32>):\n  %w${i} = \"tosa.add\"(%a${i}, %y) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>\n")
    if(i LESS 3000)
      string(APPEND body "  cf.cond_br %c, ^bb${next}(%w${i} : tensor<?x?xf32>), ^bb3001\n")
    else()
      string(APPEND body "  cf.br ^bb3001\n")
    endif()
  endforeach()
  file(WRITE ${input} "func.func @g(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %c: i1) {\n${body}^bb3001:\n  return\n}\n")
  set(expect_exit 1)
  set(expect_head "^long-block-chain.mlir:4:9: warning: ")
  set(max_bytes 100000000)
elseif(CASE STREQUAL "many-results")
  # An unknown op binding 2^20 results (the most a result list may bind).
  file(WRITE ${input} "func.func @f(%a: tensor<?xf32>) {\n  %r:1048576 = foo.op %a\n  return\n}\n")
  set(expect_exit 0)
  # The op is opaque: the coverage line counts it once, and the function,
  # with no obligation, says that nothing was checked (SPEC section 7).
  set(expect_head "^many-results\\.mlir:1:1: warning: nothing checked in '@f': 1 op is opaque and no size is checked\n[^\n]*\n\\^\nsymshape: 1 op opaque: foo\\.op \\(1\\)\n${summary_zero}\n$")
elseif(CASE STREQUAL "empty-stdin")
  # `-` with nothing on standard input is an empty module.
  file(WRITE ${input} "")
  set(args check -)
  set(stdin ${input})
  set(expect_exit 0)
  set(expect_head "^${summary_zero}\n$")
else()
  message(FATAL_ERROR "unknown CASE '${CASE}'")
endif()

string(TIMESTAMP start "%s")
execute_process(COMMAND ${SYMSHAPE} ${args}
                WORKING_DIRECTORY ${WORK}
                INPUT_FILE ${stdin}
                OUTPUT_FILE ${WORK}/${CASE}.out
                ERROR_FILE ${WORK}/${CASE}.err
                RESULT_VARIABLE status
                TIMEOUT ${MAX_SECONDS})
string(TIMESTAMP end "%s")
math(EXPR elapsed "${end} - ${start}")

file(SIZE ${WORK}/${CASE}.out out_bytes)
file(SIZE ${WORK}/${CASE}.err err_bytes)
file(READ ${WORK}/${CASE}.out out LIMIT 2048)
file(READ ${WORK}/${CASE}.err err LIMIT 2048)
set(head "${out}${err}")
math(EXPR bytes "${out_bytes} + ${err_bytes}")
message(STATUS "${CASE}: exit ${status} in ${elapsed} s, ${bytes} bytes of output")

set(problems "")
if(NOT status STREQUAL expect_exit)
  list(APPEND problems "exit status '${status}', expected ${expect_exit}")
endif()
if(elapsed GREATER MAX_SECONDS)
  list(APPEND problems "took ${elapsed} s, more than ${MAX_SECONDS} s")
endif()
if(bytes GREATER max_bytes)
  list(APPEND problems "printed ${bytes} bytes, more than ${max_bytes}")
endif()
if(NOT head MATCHES "${expect_head}")
  list(APPEND problems "output does not match '${expect_head}'")
endif()
if(problems)
  string(REPLACE ";" "\n  " problems "${problems}")
  message(FATAL_ERROR "${CASE}:\n  ${problems}\n--- output head ---\n${head}")
endif()
