# Defines the imported target z3::z3 (Z3's C++ API) unless it exists.
#
# Debian's libz3-dev ships a pkg-config file, no CMake package, so the
# header and the library are found directly. symshape's build includes this
# file, and so does its installed package (symshapeConfig.cmake): the static
# symshape::solver library links z3::z3, so a consumer needs the target too.
# Sets SYMSHAPE_Z3_FOUND.
if(TARGET z3::z3)
  set(SYMSHAPE_Z3_FOUND TRUE)
  return()
endif()
find_path(Z3_INCLUDE_DIR z3++.h)
find_library(Z3_LIBRARY z3)
if(Z3_INCLUDE_DIR AND Z3_LIBRARY)
  add_library(z3::z3 UNKNOWN IMPORTED)
  set_target_properties(z3::z3 PROPERTIES IMPORTED_LOCATION "${Z3_LIBRARY}"
                        INTERFACE_INCLUDE_DIRECTORIES "${Z3_INCLUDE_DIR}")
  set(SYMSHAPE_Z3_FOUND TRUE)
else()
  set(SYMSHAPE_Z3_FOUND FALSE)
endif()
