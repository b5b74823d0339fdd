# The installed tree's layout (`cmake --install build --prefix P`):
#
#   P/bin/warpsafe                                the CLI
#   P/<libdir>/libwarpsafe_engine.a               the engine every program links
#   P/include/warpsafe/engine/                    the engine's headers: cuda_runtime.h, ... (-isystem)
#   P/include/warpsafe/refused/                   the toolkit's headers it refuses (-isystem, next)
#   P/include/warpsafe/library/warpsafe/*.cuh     the library (-I P/include/warpsafe/library)
#   P/<libdir>/cmake/warpsafe/                    find_package(warpsafe CONFIG) and Warpsafe.cmake
#
# The engine's headers stand in for the CUDA toolkit's, so they get a directory of their own rather
# than the system include directory; the library's headers too, because the front end rewrites
# every header found in the library's directory and must not rewrite the system's.
#
# The CLI finds the engine and the headers relative to its own directory (the WARPSAFE_BIN_TO_*
# paths, baked into it by tools/warpsafe), so an installed tree works wherever it is put.
include(GNUInstallDirs)

foreach(dir BINDIR LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    message(FATAL_ERROR "CMAKE_INSTALL_${dir} must be relative to the prefix: the installed warpsafe "
                        "finds its engine relative to its own directory")
  endif()
endforeach()

set(WARPSAFE_INSTALL_ENGINE_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/warpsafe/engine)
set(WARPSAFE_INSTALL_REFUSED_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/warpsafe/refused)
set(WARPSAFE_INSTALL_LIBRARY_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/warpsafe/library)
set(WARPSAFE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/warpsafe)

# The same paths seen from the CLI's directory (any prefix: relative to one made-up root).
set(_ws_root /warpsafe-prefix)
file(RELATIVE_PATH WARPSAFE_BIN_TO_ENGINE_LIBRARY ${_ws_root}/${CMAKE_INSTALL_BINDIR}
     ${_ws_root}/${CMAKE_INSTALL_LIBDIR}/${CMAKE_STATIC_LIBRARY_PREFIX}warpsafe_engine${CMAKE_STATIC_LIBRARY_SUFFIX})
file(RELATIVE_PATH WARPSAFE_BIN_TO_ENGINE_INCLUDEDIR ${_ws_root}/${CMAKE_INSTALL_BINDIR}
     ${_ws_root}/${WARPSAFE_INSTALL_ENGINE_INCLUDEDIR})
file(RELATIVE_PATH WARPSAFE_BIN_TO_REFUSED_INCLUDEDIR ${_ws_root}/${CMAKE_INSTALL_BINDIR}
     ${_ws_root}/${WARPSAFE_INSTALL_REFUSED_INCLUDEDIR})
file(RELATIVE_PATH WARPSAFE_BIN_TO_LIBRARY_INCLUDEDIR ${_ws_root}/${CMAKE_INSTALL_BINDIR}
     ${_ws_root}/${WARPSAFE_INSTALL_LIBRARY_INCLUDEDIR})
unset(_ws_root)
