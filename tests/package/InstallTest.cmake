# cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK=... -DGENERATOR=... -DCXX=...
#       [-DCXX_FLAGS=...] [-DLINK_FLAGS=...] [-DPYTHON=... -DPYTHON_DIR=...]
#       -P InstallTest.cmake
#
# What a compiler project does with symshape: install it into a prefix
# (WORK/prefix), then configure examples/api on its own against that prefix
# only -- find_package(symshape CONFIG REQUIRED) and symshape::symshape --
# build it and run both programs. Also runs the installed CLI and, when the
# Python module is built, imports it from the prefix.
cmake_minimum_required(VERSION 3.20)

# Runs a command (no ';' in its arguments: ARGN would split them); fails
# with its output unless it exits 0. Its stdout is left in step_output.
function(step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  message(STATUS "${what}: ok")
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

set(prefix ${WORK}/prefix)
set(build ${WORK}/build)
file(REMOVE_RECURSE ${WORK})

step("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(file bin/symshape include/symshape/driver/Session.h
             include/symshape/driver/Rewrite.h
             include/symshape/reports/Report.h
             include/symshape/frontend/OpRefine.h)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "not installed: ${file}")
  endif()
endforeach()

# Only the prefix: no package registry, no path into the source or build
# tree, so a missing install rule cannot be papered over.
step("configure examples/api against the prefix"
     ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/api -B ${build}
     -G ${GENERATOR} -DCMAKE_PREFIX_PATH=${prefix}
     -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
     -DCMAKE_CXX_COMPILER=${CXX} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
     "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}")
file(READ ${build}/CMakeCache.txt cache)
string(FIND "${cache}" "symshape_DIR:PATH=${prefix}/" at)
if(at EQUAL -1)
  message(FATAL_ERROR "symshape was not found in the prefix")
endif()
step("build examples/api" ${CMAKE_COMMAND} --build ${build})
step("run refine_pass" ${build}/refine_pass)
if(NOT step_output MATCHES "tensor<8x768xf32>")
  message(FATAL_ERROR "refine_pass printed no refined type:\n${step_output}")
endif()
step("run shape_query" ${build}/shape_query)

step("run the installed CLI" ${prefix}/bin/symshape --help)

if(PYTHON_DIR)
  step("import the installed Python module"
       ${CMAKE_COMMAND} -E env PYTHONPATH=${prefix}/${PYTHON_DIR}
       ${PYTHON} -c "import symshape\nprint(symshape.__file__)\n\
print(symshape.refine('func.func @f() {\\n  return\\n}\\n'))")
  string(FIND "${step_output}" "${prefix}/" at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "imported from elsewhere: ${step_output}")
  endif()
endif()
