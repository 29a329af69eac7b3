# What `cmake --install build --prefix P` puts in P: the symshape CLI, the
# public headers, the static libraries (or libsymshape.so), a CMake package
# with its version file so that another project can write
#
#   find_package(symshape CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE symshape::symshape)
#
# (examples/api/CMakeLists.txt; tests/package/ builds it against a scratch
# install).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The library is static by default. -DSYMSHAPE_SHARED_LIBRARY=ON installs
# one shared libsymshape.so instead, which exports only the public API
# (cmake/symshape.map) and carries Z3 and the rest as its own dependencies,
# so a consumer needs neither Z3's nor Boost's headers. The CLI, the Python
# module and the tests link the static libraries either way; the shared
# library is built in every build but sanitized ones, and the tests
# package/shared-* build the API examples against it, so the export list
# cannot miss a symbol the API needs.
option(SYMSHAPE_SHARED_LIBRARY
       "Install libsymshape.so (public API only) instead of static libraries"
       OFF)
if(SYMSHAPE_SHARED_LIBRARY AND SYMSHAPE_SANITIZE)
  message(FATAL_ERROR "SYMSHAPE_SHARED_LIBRARY and SYMSHAPE_SANITIZE: "
                      "build the sanitized tests and the shared library apart")
endif()
if(NOT SYMSHAPE_SANITIZE)
  # The four static libraries, whole, in one shared object; the version
  # script keeps every symbol but the API's local.
  file(WRITE ${PROJECT_BINARY_DIR}/symshape_shared.cpp
       "// libsymshape.so is made of the static libraries it links whole.\n")
  add_library(symshape_shared SHARED ${PROJECT_BINARY_DIR}/symshape_shared.cpp)
  set_target_properties(symshape_shared PROPERTIES
    OUTPUT_NAME symshape EXPORT_NAME shared
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION}
    LINK_DEPENDS ${PROJECT_SOURCE_DIR}/cmake/symshape.map)
  set(archives symshape_driver symshape_frontend symshape_reports
      symshape_solver)
  add_dependencies(symshape_shared ${archives})
  target_link_libraries(symshape_shared PRIVATE -Wl,--whole-archive)
  foreach(archive ${archives})
    target_link_libraries(symshape_shared PRIVATE $<TARGET_FILE:${archive}>)
  endforeach()
  target_link_libraries(symshape_shared PRIVATE -Wl,--no-whole-archive z3::z3
                        Threads::Threads)
  target_link_options(symshape_shared PRIVATE
    "-Wl,--version-script=${PROJECT_SOURCE_DIR}/cmake/symshape.map"
    -Wl,--no-undefined)
  target_include_directories(symshape_shared INTERFACE
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/driver/include>
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/frontend/include>
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/reports/include>
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/solver/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(symshape_shared INTERFACE cxx_std_17)
endif()

# symshape::symshape: everything a library user links. In this tree it is
# an alias, so the examples link the same name as an outside project.
add_library(symshape_library INTERFACE)
set_target_properties(symshape_library PROPERTIES EXPORT_NAME symshape)
add_library(symshape::symshape ALIAS symshape_library)
if(SYMSHAPE_SHARED_LIBRARY)
  target_link_libraries(symshape_library INTERFACE symshape_shared)
  set(SYMSHAPE_INSTALLED_LIBRARIES symshape_shared)
else()
  target_link_libraries(symshape_library INTERFACE symshape_driver
                        symshape_frontend symshape_reports symshape_solver)
  set_target_properties(symshape_frontend PROPERTIES EXPORT_NAME frontend)
  set_target_properties(symshape_solver PROPERTIES EXPORT_NAME solver)
  set_target_properties(symshape_reports PROPERTIES EXPORT_NAME reports)
  set_target_properties(symshape_driver PROPERTIES EXPORT_NAME driver)
  set(SYMSHAPE_INSTALLED_LIBRARIES symshape_driver symshape_frontend
      symshape_reports symshape_solver)
endif()

install(TARGETS symshape RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS ${SYMSHAPE_INSTALLED_LIBRARIES} symshape_library
        EXPORT symshapeTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/driver/include/
                  ${PROJECT_SOURCE_DIR}/frontend/include/
                  ${PROJECT_SOURCE_DIR}/reports/include/
                  ${PROJECT_SOURCE_DIR}/solver/include/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

set(SYMSHAPE_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/symshape)
install(EXPORT symshapeTargets NAMESPACE symshape::
        DESTINATION ${SYMSHAPE_PACKAGE_DIR})
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/symshapeConfig.cmake.in
  ${PROJECT_BINARY_DIR}/symshapeConfig.cmake
  INSTALL_DESTINATION ${SYMSHAPE_PACKAGE_DIR})
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/symshapeConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/symshapeConfig.cmake
              ${PROJECT_BINARY_DIR}/symshapeConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/SymshapeZ3.cmake
        DESTINATION ${SYMSHAPE_PACKAGE_DIR})
