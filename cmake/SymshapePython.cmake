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

# Where `cmake --install` puts the package: where this interpreter imports
# packages from when that lies in the install prefix (Debian's python3 and
# the default prefix /usr/local: lib/python3.X/dist-packages), else the
# usual lib/python3.X/site-packages (then PYTHONPATH names it).
execute_process(COMMAND ${Python3_EXECUTABLE} -c
                        "import sysconfig; print(sysconfig.get_path('platlib'))"
                OUTPUT_VARIABLE platlib OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET)
set(python_dir
    ${CMAKE_INSTALL_LIBDIR}/python${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}/site-packages)
string(LENGTH "${CMAKE_INSTALL_PREFIX}/" prefix_length)
string(SUBSTRING "${platlib}" 0 ${prefix_length} platlib_head)
if(platlib_head STREQUAL "${CMAKE_INSTALL_PREFIX}/")
  string(SUBSTRING "${platlib}" ${prefix_length} -1 python_dir)
endif()
set(SYMSHAPE_PYTHON_INSTALL_DIR ${python_dir}
    CACHE PATH "Where `cmake --install` puts the Python package, relative to the prefix")
message(STATUS "Python module: installed into "
               "<prefix>/${SYMSHAPE_PYTHON_INSTALL_DIR}")

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
