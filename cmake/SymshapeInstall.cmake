# What `cmake --install build --prefix P` puts in P: the symshape CLI, the
# public headers, the static libraries, and a CMake package so that another
# project can write
#
#   find_package(symshape CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE symshape::symshape)
#
# (examples/api/CMakeLists.txt; tests/package/ builds it against a scratch
# install).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# symshape::symshape: everything a library user links. In this tree it is
# an alias, so the examples link the same name as an outside project.
add_library(symshape_library INTERFACE)
target_link_libraries(symshape_library INTERFACE symshape_driver
                      symshape_frontend symshape_reports symshape_solver)
set_target_properties(symshape_library PROPERTIES EXPORT_NAME symshape)
add_library(symshape::symshape ALIAS symshape_library)
set_target_properties(symshape_frontend PROPERTIES EXPORT_NAME frontend)
set_target_properties(symshape_solver PROPERTIES EXPORT_NAME solver)
set_target_properties(symshape_reports PROPERTIES EXPORT_NAME reports)
set_target_properties(symshape_driver PROPERTIES EXPORT_NAME driver)

install(TARGETS symshape RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS symshape_driver symshape_frontend symshape_reports
                symshape_solver symshape_library
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
