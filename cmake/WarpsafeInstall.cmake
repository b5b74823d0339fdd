# `cmake --install`, the CMake package (find_package(warpsafe CONFIG)) and the Debian package
# (`cpack` in the build tree). The layout is cmake/WarpsafeLayout.cmake's.
include(CMakePackageConfigHelpers)

set_target_properties(warpsafe_engine PROPERTIES EXPORT_NAME engine)
set_target_properties(warpsafe_program PROPERTIES EXPORT_NAME program)
install(TARGETS warpsafe EXPORT warpsafe-targets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS warpsafe_engine warpsafe_program EXPORT warpsafe-targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/engine/include/ DESTINATION ${WARPSAFE_INSTALL_ENGINE_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ DESTINATION ${WARPSAFE_INSTALL_LIBRARY_INCLUDEDIR})
install(DIRECTORY ${WARPSAFE_REFUSED_INCLUDE_DIR}/ DESTINATION ${WARPSAFE_INSTALL_REFUSED_INCLUDEDIR})

install(EXPORT warpsafe-targets NAMESPACE warpsafe:: DESTINATION ${WARPSAFE_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/warpsafe-config.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/warpsafe-config.cmake
                              INSTALL_DESTINATION ${WARPSAFE_INSTALL_CMAKEDIR})
# 0.x: a minor version may change the interface.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/warpsafe-config-version.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/warpsafe-config.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/warpsafe-config-version.cmake
              ${CMAKE_CURRENT_LIST_DIR}/Warpsafe.cmake
        DESTINATION ${WARPSAFE_INSTALL_CMAKEDIR})
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The .deb. What the installed warpsafe runs: the host compiler it was configured with (g++),
# binutils (ld; addr2line and nm symbolize race reports), Boost.Context's static library (every
# program links it), and clang++ 14 for `warpsafe check`'s instrumented builds.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME warpsafe)
set(CPACK_PACKAGE_VENDOR warpsafe)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Runs CUDA C++ programs on the CPU with every GPU thread a fiber, and checks them")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "warpsafe maintainers")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# The CLI without its debug information (the engine archive keeps its symbols: programs link it).
set(CPACK_STRIP_FILES ON)
# The CLI's own shared libraries (libc6, libstdc++6) from dpkg-shlibdeps where dpkg-dev is installed.
find_program(WARPSAFE_DPKG_SHLIBDEPS dpkg-shlibdeps)
mark_as_advanced(WARPSAFE_DPKG_SHLIBDEPS)
if(WARPSAFE_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
endif()
# libopenblas-dev and libfftw3-dev: programs that call cuBLAS or cuFFT link them.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "g++, binutils, libboost-context-dev (>= 1.74), clang-14, libopenblas-dev, libfftw3-dev")
include(CPack)
