# cmake -DCXX=... -DINCLUDE=<dirs holding the public headers> -DWORK=...
#       -P HeaderSelfContained.cmake
#
# The public header stands alone: symshape/symshape.h compiles with only
# the include directories of the public headers on the path (the driver's,
# and the solver's for symshape/Condition.h; installed, they are one), and of symshape it pulls in only
# the public headers (symshape/*.h), nothing under symshape/solver,
# symshape/frontend, symshape/reports or symshape/driver. The compiler's
# -H lists every header it opens.
cmake_minimum_required(VERSION 3.20)

file(MAKE_DIRECTORY ${WORK})
file(WRITE ${WORK}/alone.cpp "#include \"symshape/symshape.h\"\n"
                             "int main() { symshape::Session session; }\n")
set(flags "")
foreach(dir ${INCLUDE})
  list(APPEND flags -I${dir})
endforeach()
execute_process(COMMAND ${CXX} -std=c++17 -fsyntax-only -H ${flags}
                        ${WORK}/alone.cpp
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "symshape/symshape.h does not compile alone:\n${err}")
endif()
string(REPLACE "\n" ";" lines "${err}")
set(public "")
foreach(line ${lines})
  if(NOT line MATCHES "^\\.+ (.*)$")
    continue()
  endif()
  set(header "${CMAKE_MATCH_1}")
  if(header MATCHES "symshape/(solver|frontend|reports|driver)/")
    message(FATAL_ERROR "symshape/symshape.h includes ${header}")
  endif()
  if(header MATCHES "symshape/([^/]+\\.h)$")
    list(APPEND public ${CMAKE_MATCH_1})
  endif()
endforeach()
list(REMOVE_DUPLICATES public)
list(SORT public)
if(NOT public STREQUAL "Condition.h;Finding.h;Result.h;symshape.h")
  message(FATAL_ERROR "unexpected public headers included: ${public}")
endif()
message(STATUS "symshape/symshape.h includes symshape/{${public}} and the "
               "standard library only")
