# cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK=... -DGENERATOR=... -DCXX=...
#       [-DCXX_FLAGS=...] [-DLINK_FLAGS=...] [-DPYTHON=... -DPYTHON_DIR=...]
#       -DVERSION=... [-DBUILD_TYPE=...] [-DCOMPILER_ID=...]
#       -P InstallTest.cmake
#
# What a compiler project does with symshape: install it into a prefix
# (WORK/prefix), then configure examples/api on its own against that prefix
# only -- find_package(symshape CONFIG REQUIRED) and symshape::symshape --
# build it and run both programs. Also checks that the package states its
# version (find_package(symshape VERSION) accepts this one and refuses a
# newer one), runs the installed CLI and, when the Python module is built,
# imports it from the prefix. Prints the size of the install; a Release
# install must stay under 40 MB, and within 25% of what docs/LIBRARY.md says
# (Release, GCC, with the Python module).
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
foreach(file bin/symshape include/symshape/symshape.h
             include/symshape/Result.h include/symshape/Finding.h
             include/symshape/driver/Session.h
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

# The version file: the same version is found, a newer one is not.
foreach(wanted ${VERSION} 99.0)
  set(project ${WORK}/version-${wanted})
  file(WRITE ${project}/CMakeLists.txt
       "cmake_minimum_required(VERSION 3.20)\n"
       "project(wants_symshape CXX)\n"
       "find_package(symshape ${wanted} CONFIG QUIET)\n"
       "message(STATUS \"found=\${symshape_FOUND} version=\${symshape_VERSION}\")\n")
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${project} -B ${project}/build
                          -DCMAKE_PREFIX_PATH=${prefix}
                          -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
                          -DCMAKE_CXX_COMPILER=${CXX}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(wanted STREQUAL VERSION)
    set(expected "found=1 version=${VERSION}")
  else()
    set(expected "found=0")
  endif()
  string(FIND "${out}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "find_package(symshape ${wanted}): expected "
                        "'${expected}':\n${out}\n${err}")
  endif()
endforeach()
message(STATUS "find_package(symshape ${VERSION}) found, 99.0 refused: ok")

# The size of what was installed.
file(GLOB_RECURSE installed LIST_DIRECTORIES false ${prefix}/*)
set(bytes 0)
foreach(file ${installed})
  if(NOT IS_SYMLINK ${file})
    file(SIZE ${file} size)
    math(EXPR bytes "${bytes} + ${size}")
  endif()
endforeach()
math(EXPR tenths "(${bytes} + 50000) / 100000")
math(EXPR whole "${tenths} / 10")
math(EXPR tenth "${tenths} % 10")
set(megabytes "${whole}.${tenth}")
set(kind static)
if(EXISTS ${prefix}/lib/libsymshape.so)
  set(kind shared)
endif()
message(STATUS "installed: ${megabytes} MB (${bytes} bytes, ${BUILD_TYPE}, "
               "${kind} library)")
if(BUILD_TYPE STREQUAL "Release" AND bytes GREATER 40000000)
  message(FATAL_ERROR "a Release install takes ${megabytes} MB, over 40 MB")
endif()

# docs/LIBRARY.md states the size of a Release install built with GCC,
# with the Python module, for each kind of library, and README.md's Quick
# start the default one: they must stay within 25%.
set(documents "")
foreach(document README.md docs/LIBRARY.md)
  file(READ ${SOURCE_DIR}/${document} text)
  string(APPEND documents "${text}\n")
endforeach()
string(REGEX REPLACE "[ \n]+" " " documents "${documents}")
set(statement_static "The install is Release by default: about ([0-9]+) MB")
set(statement_shared "the install is then about ([0-9]+) MB")
foreach(statement ${statement_static} ${statement_shared}
        "Python module; Release, about ([0-9]+) MB")
  if(NOT documents MATCHES "${statement}")
    message(FATAL_ERROR "README.md and docs/LIBRARY.md no longer say "
                        "'${statement}'")
  endif()
endforeach()
string(REGEX MATCH "${statement_${kind}}" ignored "${documents}")
set(stated ${CMAKE_MATCH_1})
if(BUILD_TYPE STREQUAL "Release" AND COMPILER_ID STREQUAL "GNU" AND PYTHON_DIR)
  math(EXPR low "${stated} * 750000")
  math(EXPR high "${stated} * 1250000")
  if(bytes LESS low OR bytes GREATER high)
    message(FATAL_ERROR "docs/LIBRARY.md says a Release install (${kind} "
                        "library) takes about ${stated} MB; this one takes "
                        "${megabytes} MB: update docs/LIBRARY.md and the "
                        "README's Quick start")
  endif()
  message(STATUS "docs/LIBRARY.md's ${stated} MB for a ${kind} install: ok")
endif()
# The Quick start says the default (static) figure too: the same one.
string(REGEX MATCH "${statement_static}" ignored "${documents}")
set(library_figure ${CMAKE_MATCH_1})
string(REGEX MATCH "Python module; Release, about ([0-9]+) MB" ignored
       "${documents}")
if(NOT CMAKE_MATCH_1 STREQUAL library_figure)
  message(FATAL_ERROR "README.md: the Quick start says ${CMAKE_MATCH_1} MB, "
                      "docs/LIBRARY.md ${library_figure} MB")
endif()

if(PYTHON_DIR)
  step("import the installed Python module"
       ${CMAKE_COMMAND} -E env PYTHONPATH=${prefix}/${PYTHON_DIR}
       ${PYTHON} -c "import symshape\nprint(symshape.__file__)\n\
print(symshape.__version__)\n\
print(symshape.refine('func.func @f() {\\n  return\\n}\\n'))")
  string(FIND "${step_output}" "${prefix}/" at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "imported from elsewhere: ${step_output}")
  endif()
  string(FIND "${step_output}" "\n${VERSION}\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "symshape.__version__ is not ${VERSION}: ${step_output}")
  endif()
endif()
