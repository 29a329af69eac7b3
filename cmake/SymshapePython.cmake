# The Python module `symshape` (python/), built with pybind11 when Debian's
# pybind11-dev and python3-dev are installed (.ci/install-deps installs
# them); skipped with a message otherwise, or an error with
# SYMSHAPE_PYTHON_REQUIRED (what `pip install .` sets).
option(SYMSHAPE_PYTHON "Build the Python module (needs pybind11)" ON)
option(SYMSHAPE_PYTHON_REQUIRED "Fail when the Python module cannot be built"
       OFF)
if(NOT SYMSHAPE_PYTHON)
  return()
endif()

function(symshape_python_skipped why)
  if(SYMSHAPE_PYTHON_REQUIRED)
    message(FATAL_ERROR "Python module: ${why}")
  endif()
  message(STATUS "Python module: skipped, ${why}")
endfunction()

if(SYMSHAPE_SANITIZE)
  # An extension built with ASan only loads into a python3 started with the
  # sanitizer runtime preloaded; the sanitized build tests the C++ side.
  symshape_python_skipped("a sanitizer build")
  return()
endif()

# The module is built for the `python3` a user runs: the first on PATH (its
# real executable, not a pyenv shim), unless -DPython3_EXECUTABLE names
# another.
if(NOT DEFINED Python3_EXECUTABLE)
  find_program(SYMSHAPE_PATH_PYTHON3 python3)
  if(SYMSHAPE_PATH_PYTHON3)
    execute_process(COMMAND ${SYMSHAPE_PATH_PYTHON3} -c
                            "import sys; print(sys.executable)"
                    OUTPUT_VARIABLE real OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE failed ERROR_QUIET)
    if(NOT failed AND EXISTS "${real}")
      set(Python3_EXECUTABLE "${real}" CACHE FILEPATH
          "The Python interpreter the module is built for")
    endif()
  endif()
endif()

find_package(Python3 COMPONENTS Interpreter Development.Module)
if(NOT Python3_FOUND)
  symshape_python_skipped("python3 and its headers not found "
                          "(Debian: python3-dev)")
  return()
endif()
find_package(pybind11 CONFIG QUIET)
if(NOT pybind11_FOUND)
  symshape_python_skipped("pybind11 not found (Debian: pybind11-dev)")
  return()
endif()
message(STATUS "Python module: built for ${Python3_EXECUTABLE}")

# Where `cmake --install` puts the package is decided when it installs,
# against the prefix of that install (`cmake --install build --prefix P`
# may differ from CMAKE_INSTALL_PREFIX): this interpreter's platlib when
# that lies under the prefix (Debian's python3 and the default prefix
# /usr/local: lib/python3.X/dist-packages), else lib/python3.X/site-packages
# (then PYTHONPATH names it). -DSYMSHAPE_PYTHON_DIR=DIR (relative to the
# prefix) fixes it instead. cmake/SymshapePythonDir.cmake has the rule,
# python/InstallModule.cmake does the install.
execute_process(COMMAND ${Python3_EXECUTABLE} -c
                        "import sys, sysconfig\n\
print(sysconfig.get_path('platlib'))\n\
print(';'.join(p for p in sys.path if p and ';' not in p))"
                OUTPUT_VARIABLE python_paths OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET)
string(FIND "${python_paths}" "\n" newline)
string(SUBSTRING "${python_paths}" 0 ${newline} SYMSHAPE_PYTHON_PLATLIB)
math(EXPR newline "${newline} + 1")
string(SUBSTRING "${python_paths}" ${newline} -1 SYMSHAPE_PYTHON_SYS_PATH)
set(SYMSHAPE_PYTHON_DIR "" CACHE PATH
    "Where `cmake --install` puts the Python package, relative to the prefix (empty: chosen at install time)")
set(SYMSHAPE_PYTHON_FALLBACK_DIR
    ${CMAKE_INSTALL_LIBDIR}/python${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}/site-packages)

include(SymshapePythonDir)

# Say now when the default install will not be importable by the
# interpreter the module is built for: a python3 other than Debian's first
# on PATH (pyenv, a venv) makes the module its own, and its sys.path does
# not include the prefix.
symshape_python_dir(${CMAKE_INSTALL_PREFIX} python_dir)
set(target_dir ${CMAKE_INSTALL_PREFIX}/${python_dir})
message(STATUS "Python module: `cmake --install build` puts it in "
               "${target_dir}")
if(NOT target_dir IN_LIST SYMSHAPE_PYTHON_SYS_PATH)
  get_filename_component(real ${Python3_EXECUTABLE} REALPATH)
  get_filename_component(debian /usr/bin/python3 REALPATH)
  set(advice "set PYTHONPATH=${target_dir} to import it from there")
  if(real STREQUAL debian)
    message(STATUS "Python module: ${Python3_EXECUTABLE} does not import "
                   "from there: ${advice}")
  else()
    if(EXISTS /usr/bin/python3)
      string(PREPEND advice "configure with "
             "-DPython3_EXECUTABLE=/usr/bin/python3 to build it for "
             "Debian's python3 instead, or ")
    endif()
    message(WARNING "The Python module is built for ${Python3_EXECUTABLE}, "
            "not Debian's /usr/bin/python3, and that interpreter does not "
            "import from ${target_dir}, where `cmake --install build` puts "
            "it: ${advice}, or install with --prefix set to that "
            "interpreter's prefix, or run `pip install .` with it.")
  endif()
endif()

# The interpreter that runs the module's tests: this one when it has
# pytest, else another python3 with pytest that loads the same extension
# modules (the same EXT_SUFFIX, e.g. pyenv's 3.11 beside Debian's 3.11
# with python3-pytest); none: the tests are skipped, with a message.
set(SYMSHAPE_PYTEST_PYTHON "")
set(get_suffix "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
execute_process(COMMAND ${Python3_EXECUTABLE} -c "${get_suffix}"
                OUTPUT_VARIABLE module_suffix OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET)
string(REPLACE ":" ";" path_dirs "$ENV{PATH}")
set(candidates ${Python3_EXECUTABLE})
foreach(dir ${path_dirs} /usr/bin)
  if(EXISTS "${dir}/python3")
    list(APPEND candidates "${dir}/python3")
  endif()
endforeach()
foreach(candidate ${candidates})
  execute_process(COMMAND ${candidate} -c "import pytest; ${get_suffix}"
                  OUTPUT_VARIABLE suffix OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE no_pytest ERROR_QUIET)
  if(no_pytest EQUAL 0 AND suffix STREQUAL module_suffix)
    set(SYMSHAPE_PYTEST_PYTHON ${candidate})
    break()
  endif()
endforeach()
if(BUILD_TESTING AND NOT SYMSHAPE_PYTEST_PYTHON)
  message(STATUS "Python module: tests skipped, no python3 with pytest "
                 "loads ${module_suffix} modules (Debian: python3-pytest)")
endif()

add_subdirectory(python)
