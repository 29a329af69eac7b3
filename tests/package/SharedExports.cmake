# cmake -DLIBRARY=libsymshape.so -P SharedExports.cmake
#
# libsymshape.so exports symshape's public API and nothing else: every
# defined dynamic symbol demangles into namespace symshape (or is the
# API's typeinfo and vtables), and none is of the parser's, the
# lowering's or the solver's internals.
cmake_minimum_required(VERSION 3.20)
execute_process(COMMAND nm -D --defined-only -C ${LIBRARY}
                OUTPUT_VARIABLE symbols RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "nm -D ${LIBRARY} failed")
endif()
string(REPLACE "\n" ";" lines "${symbols}")
set(count 0)
set(foreign "")
foreach(line ${lines})
  # "0000000000123456 T symshape::frontend::Session::analyze()"
  string(REGEX REPLACE "^[0-9a-f]+ [A-Za-z] " "" name "${line}")
  if(name STREQUAL "" OR name MATCHES "^(_init|_fini)$")
    continue()
  endif()
  math(EXPR count "${count} + 1")
  if(NOT name MATCHES "^((typeinfo|typeinfo name|vtable) for )?symshape::")
    list(APPEND foreign "${name}")
  elseif(name MATCHES "symshape::(frontend::(Parser|Lexer|Lowering)|solver::(detail|Smt))")
    list(APPEND foreign "${name}")
  endif()
endforeach()
list(LENGTH foreign bad)
if(bad GREATER 0)
  list(SUBLIST foreign 0 20 shown)
  string(REPLACE ";" "\n  " shown "${shown}")
  message(FATAL_ERROR "${bad} of ${count} exported symbols are not the "
                      "public API, e.g.:\n  ${shown}")
endif()
if(count LESS 20)
  message(FATAL_ERROR "only ${count} symbols exported")
endif()
message(STATUS "${count} exported symbols, all symshape's API")
