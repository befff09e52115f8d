# Install rules: what `cmake --install` and the .deb packages put where.
#
# Components (one Debian package each, see cmake/packaging.cmake):
#   runtime  libvgcrypt.so.<SOVERSION> (+ its full version)           -> libvgcrypt<SOVERSION>
#   dev      headers, libvgcrypt.a, the libvgcrypt.so link, the CMake
#            package (vgcrypt::vgcrypt, vgcrypt::vgcrypt_shared) and
#            vgcrypt.pc                                                  -> libvgcrypt-dev
#   tools    the `vg` command, its plot script and manual page vg(1)      -> vgcrypt-tools
#   provider the OpenSSL 3 module (its rules are in provider/)         -> vgcrypt-openssl-provider
#
# The folders are GNUInstallDirs' (cmake/install_dirs.cmake: lib/<triplet> on Debian).
# `cmake --install build --prefix P` works for any P chosen at install time, not only the
# CMAKE_INSTALL_PREFIX of the configure step: the CMake package finds the prefix relative to its own
# folder, and vgcrypt.pc is written during the installation.
include(CMakePackageConfigHelpers)

set(VG_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/vgcrypt" CACHE STRING
    "Where the CMake package files go, relative to the prefix")
set(VG_INSTALL_PKGCONFIGDIR "${CMAKE_INSTALL_LIBDIR}/pkgconfig" CACHE STRING
    "Where vgcrypt.pc goes, relative to the prefix")

# The in-tree spelling of the shared target, so code written against the installed package also
# builds inside this project.
if(NOT TARGET vgcrypt::vgcrypt_shared)
  add_library(vgcrypt::vgcrypt_shared ALIAS vgcrypt_shared)
endif()

install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/vg" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
        COMPONENT dev FILES_MATCHING PATTERN "*.h" PATTERN "*.hpp")

install(TARGETS vgcrypt_shared EXPORT vgcrypt-targets
        LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT runtime
                NAMELINK_COMPONENT dev
        RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT runtime)
install(TARGETS vgcrypt EXPORT vgcrypt-targets
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT dev)

# Here rather than in tools/vg/, which only builds the tool. tools/vg is optional (VG_BUILD_TOOLS).
if(TARGET vg)
  install(TARGETS vg RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT tools)
  # `vg speed --plot` runs this script; vg finds it from its own folder (tools/vg/CMakeLists.txt).
  install(PROGRAMS "${PROJECT_SOURCE_DIR}/scripts/plot_speed.py"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/vgcrypt" COMPONENT tools)
  install(FILES "${PROJECT_BINARY_DIR}/tools/vg/vg.1.gz" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1"
          COMPONENT tools)
endif()

install(EXPORT vgcrypt-targets NAMESPACE vgcrypt:: FILE vgcrypt-targets.cmake
        DESTINATION "${VG_INSTALL_CMAKEDIR}" COMPONENT dev)

configure_package_config_file("${CMAKE_CURRENT_LIST_DIR}/vgcrypt-config.cmake.in"
  "${PROJECT_BINARY_DIR}/vgcrypt-config.cmake" INSTALL_DESTINATION "${VG_INSTALL_CMAKEDIR}")
# 0.x releases may break the API on every minor version; from 1.0 on, the major version decides.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(vg_compatibility SameMinorVersion)
else()
  set(vg_compatibility SameMajorVersion)
endif()
write_basic_package_version_file("${PROJECT_BINARY_DIR}/vgcrypt-config-version.cmake"
  VERSION "${PROJECT_VERSION}" COMPATIBILITY ${vg_compatibility})
install(FILES "${PROJECT_BINARY_DIR}/vgcrypt-config.cmake"
              "${PROJECT_BINARY_DIR}/vgcrypt-config-version.cmake"
        DESTINATION "${VG_INSTALL_CMAKEDIR}" COMPONENT dev)

# pkg-config: the prefix is written at install time, when it is known (--prefix, or /usr under
# CPack), as an absolute path, so that pkg-config recognises /usr/include and /usr/lib as system
# folders and leaves them out of --cflags/--libs.
set(VG_PC_PREFIX "@VG_PC_PREFIX_AT_INSTALL@")  # configure_file keeps this token for install time
configure_file("${CMAKE_CURRENT_LIST_DIR}/vgcrypt.pc.in" "${PROJECT_BINARY_DIR}/vgcrypt.pc.in"
               @ONLY)
install(CODE "
  file(READ \"${PROJECT_BINARY_DIR}/vgcrypt.pc.in\" vg_pc)
  string(REPLACE \"@VG_PC_PREFIX_AT_INSTALL@\" \"\${CMAKE_INSTALL_PREFIX}\" vg_pc \"\${vg_pc}\")
  file(WRITE \"${PROJECT_BINARY_DIR}/pkgconfig/vgcrypt.pc\" \"\${vg_pc}\")
  " COMPONENT dev)
install(FILES "${PROJECT_BINARY_DIR}/pkgconfig/vgcrypt.pc" DESTINATION "${VG_INSTALL_PKGCONFIGDIR}"
        COMPONENT dev)
