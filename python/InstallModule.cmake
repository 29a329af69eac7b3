# Run by `cmake --install` (python/CMakeLists.txt sets the SYMSHAPE_*
# variables): installs the package `symshape` (the native module and
# __init__.py) into the directory that cmake/SymshapePythonDir.cmake
# chooses for this install's prefix, and says whether the interpreter the
# module is built for imports it from there.
include(${CMAKE_CURRENT_LIST_DIR}/../cmake/SymshapePythonDir.cmake)
symshape_python_dir("${CMAKE_INSTALL_PREFIX}" dir)
set(package "${CMAKE_INSTALL_PREFIX}/${dir}/symshape")
file(INSTALL DESTINATION "${package}" TYPE MODULE FILES "${SYMSHAPE_MODULE}")
file(INSTALL DESTINATION "${package}" TYPE FILE FILES "${SYMSHAPE_INIT}")
get_filename_component(dir "${CMAKE_INSTALL_PREFIX}/${dir}" ABSOLUTE)
list(FIND SYMSHAPE_PYTHON_SYS_PATH "${dir}" on_path) # no policies here
if(NOT on_path EQUAL -1)
  message(STATUS "Python module: ${SYMSHAPE_PYTHON} imports it from ${dir}")
else()
  message(STATUS "Python module: not on the path of ${SYMSHAPE_PYTHON}: "
                 "import it with PYTHONPATH=${dir}")
endif()
