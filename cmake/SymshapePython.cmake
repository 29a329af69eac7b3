# The Python module `symshape` (python/), built with pybind11 when Debian's
# pybind11-dev and python3-dev are installed (.ci/install-deps installs
# them); skipped with a message otherwise.
option(SYMSHAPE_PYTHON "Build the Python module (needs pybind11)" ON)
if(NOT SYMSHAPE_PYTHON)
  return()
endif()
if(SYMSHAPE_SANITIZE)
  # An extension built with ASan only loads into a python3 started with the
  # sanitizer runtime preloaded; the sanitized build tests the C++ side.
  message(STATUS "Python module: skipped in a sanitizer build")
  return()
endif()

# The interpreter that builds and tests the module must have pytest: with
# a pyenv or virtualenv python3 first on PATH that lacks it, prefer the
# first python3 on PATH that has it (Debian's, with python3-pytest).
if(NOT DEFINED Python3_EXECUTABLE)
  string(REPLACE ":" ";" path_dirs "$ENV{PATH}")
  foreach(dir ${path_dirs})
    if(EXISTS "${dir}/python3")
      execute_process(COMMAND "${dir}/python3" -c "import pytest"
                      RESULT_VARIABLE no_pytest OUTPUT_QUIET ERROR_QUIET)
      if(no_pytest EQUAL 0)
        set(Python3_EXECUTABLE "${dir}/python3" CACHE FILEPATH
            "The Python interpreter the module is built for")
        break()
      endif()
    endif()
  endforeach()
endif()

find_package(Python3 COMPONENTS Interpreter Development.Module)
if(NOT Python3_FOUND)
  message(STATUS "Python module: skipped, python3 and its headers not "
                 "found (Debian: python3-dev)")
  return()
endif()
find_package(pybind11 CONFIG QUIET)
if(NOT pybind11_FOUND)
  message(STATUS "Python module: skipped, pybind11 not found "
                 "(Debian: pybind11-dev)")
  return()
endif()
message(STATUS "Python module: built for ${Python3_EXECUTABLE}")
add_subdirectory(python)
