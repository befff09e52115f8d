# CPack: Debian packages, one per install component (see cmake/install.cmake).
#
#   cpack -G DEB  (from the build folder)  ->  libvgcrypt_<v>_<arch>.deb       the shared library
#                                              libvgcrypt-dev_<v>_<arch>.deb   headers, .a, CMake, pkg-config
#                                              vgcrypt-tools_<v>_<arch>.deb    the vg command
#
# Packages install under /usr whatever CMAKE_INSTALL_PREFIX is. Run-time dependencies on libc and
# libstdc++ come from dpkg-shlibdeps; -dev and -tools pin the exact libvgcrypt version because the
# C++ ABI of a 0.x release is not promised to stay stable across versions.
set(CPACK_PACKAGE_NAME vgcrypt)
set(CPACK_PACKAGE_VENDOR "vgcrypt developers")
set(CPACK_PACKAGE_CONTACT "vgcrypt developers <vgcrypt@localhost>")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/packages")
set(CPACK_COMPONENTS_ALL runtime dev tools)

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME libvgcrypt)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION libs)
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION
    "AES-GCM and AES-GCM-SIV, fast and constant time: shared library\n\
vgcrypt chooses the fastest implementation for the CPU at run time (VAES/AVX-512, VAES/AVX2,\n\
AES-NI, ARMv8 or a constant-time portable one).")
# A shlibs file for packages built against it, and the ldconfig trigger that comes with it.
set(CPACK_DEBIAN_RUNTIME_PACKAGE_GENERATE_SHLIBS ON)

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libvgcrypt-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_DEV_DEPENDS runtime)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "libstdc++-12-dev | libstdc++-dev")
set(CPACK_COMPONENT_DEV_DESCRIPTION
    "AES-GCM and AES-GCM-SIV, fast and constant time: development files\n\
Headers (vg/vg.h, vg/aead.hpp, vg/cpu.hpp), the static library, the CMake package\n\
(find_package(vgcrypt)) and the pkg-config file.")

set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME vgcrypt-tools)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION utils)
set(CPACK_COMPONENT_TOOLS_DESCRIPTION
    "AES-GCM and AES-GCM-SIV, fast and constant time: the vg command\n\
vg cpu shows the detected CPU features and the chosen implementation; vg speed measures it.")

include(CPack)
