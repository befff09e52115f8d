# CPack: Debian packages, one per install component (see cmake/install.cmake). From the build
# folder, `cpack -G DEB` writes into packages/:
#   libvgcrypt0_<v>_<arch>.deb               the shared library
#   libvgcrypt-dev_<v>_<arch>.deb            headers, libvgcrypt.a, CMake package, pkg-config file
#   vgcrypt-tools_<v>_<arch>.deb             the vg command (linked with the static library)
#   vgcrypt-openssl-provider_<v>_<arch>.deb  the OpenSSL 3 provider module, when it is built
#
# lintian finds no error in them (scripts/check-package runs it). Warnings left:
#   maintainer-script-empty (libvgcrypt<N> postinst, postrm): they stand in for the ldconfig calls
#     CPack would generate; dpkg's ldconfig trigger (debian/triggers) does that work.
#
# Packages install under /usr whatever CMAKE_INSTALL_PREFIX is. Dependencies on libc, libstdc++,
# OpenSSL... come from dpkg-shlibdeps; libvgcrypt-dev pins the exact libvgcrypt version because the
# C++ ABI of a 0.x release is not promised to stay stable from one version to the next.
set(CPACK_PACKAGE_NAME vgcrypt)
set(CPACK_PACKAGE_VENDOR "vgcrypt developers")
# The Maintainer field: a reserved, undeliverable address until the project publishes one; a
# packager sets theirs with -DVG_PACKAGE_CONTACT=.
set(VG_PACKAGE_CONTACT "vgcrypt developers <vgcrypt@vgcrypt.invalid>" CACHE STRING
    "Maintainer of the Debian packages")
set(CPACK_PACKAGE_CONTACT "${VG_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/packages")
set(CPACK_COMPONENTS_ALL runtime dev tools)
if(TARGET vgcrypt_provider)  # provider/: built only when OpenSSL 3 is found
  list(APPEND CPACK_COMPONENTS_ALL provider)
endif()
if(TARGET vgcrypt_python)  # python/: built when pybind11 is found
  list(APPEND CPACK_COMPONENTS_ALL python)
endif()

set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)

# Named after the SONAME (libvgcrypt.so.0 -> libvgcrypt0), so that two major versions can be
# installed side by side.
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME libvgcrypt${PROJECT_VERSION_MAJOR})
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION libs)
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION
    "AES-GCM and AES-GCM-SIV, fast and constant time: shared library\n\
vgcrypt chooses the fastest implementation for the CPU at run time\n\
(VAES/AVX-512, VAES/AVX2, AES-NI, ARMv8 or a constant-time portable one).")
# A shlibs file ("libvgcrypt 0 libvgcrypt0 (= <version>)") so that packages built against the
# library depend on it. (The provider module has no SONAME and is left out of it, with a CPack
# warning.) dpkg's ldconfig trigger refreshes the loader cache, in place of the ldconfig calls
# CPack would write into postinst and postrm (these do nothing).
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_EXTRA "${CMAKE_CURRENT_LIST_DIR}/debian/triggers"
    "${CMAKE_CURRENT_LIST_DIR}/debian/postinst" "${CMAKE_CURRENT_LIST_DIR}/debian/postrm")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_STRICT_PERMISSION ON)

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libvgcrypt-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_DEV_DEPENDS runtime)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "libstdc++-12-dev | libstdc++-dev")
set(CPACK_COMPONENT_DEV_DESCRIPTION
    "AES-GCM and AES-GCM-SIV, fast and constant time: development files\n\
Headers (vg/vg.h, vg/aead.hpp, vg/cpu.hpp), the static library, the CMake\n\
package (find_package(vgcrypt)) and the pkg-config file.")

set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME vgcrypt-tools)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION utils)
set(CPACK_COMPONENT_TOOLS_DESCRIPTION
    "AES-GCM and AES-GCM-SIV, fast and constant time: the vg command\n\
vg cpu shows the detected CPU features and the chosen implementation;\n\
vg speed measures it (vg speed --plot draws a chart with python3-matplotlib).")
# vg speed --plot runs /usr/share/vgcrypt/plot_speed.py, which needs both.
set(CPACK_DEBIAN_TOOLS_PACKAGE_DEPENDS "python3, python3-matplotlib")

set(CPACK_DEBIAN_PROVIDER_PACKAGE_NAME vgcrypt-openssl-provider)
set(CPACK_DEBIAN_PROVIDER_PACKAGE_SECTION libs)
set(CPACK_COMPONENT_PROVIDER_DESCRIPTION
    "AES-GCM and AES-GCM-SIV, fast and constant time: OpenSSL 3 provider\n\
The vgcrypt provider module (ossl-modules/vgcrypt.so) gives libcrypto's EVP\n\
and libssl vgcrypt's AES-GCM; share/vgcrypt/openssl-vgcrypt.cnf is an example\n\
configuration that loads it.")

# python3-vgcrypt: the extension is built for one Python version (its file name says which).
set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-vgcrypt)
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "${VG_PYTHON_DEBIAN_DEPENDS}")  # set by python/
set(CPACK_DEBIAN_PYTHON_PACKAGE_SUGGESTS python3-cryptography)
set(CPACK_COMPONENT_PYTHON_DESCRIPTION
    "AES-GCM and AES-GCM-SIV, fast and constant time: Python 3 module\n\
import vgcrypt: AESGCM and AESGCMSIV with the interface of pyca/cryptography's\n\
AEAD classes.")

# What Debian wants in every package: /usr/share/doc/<package>/copyright and changelog.gz. Only
# the named-component installs that CPack runs put them there (EXCLUDE_FROM_ALL), not a plain
# `cmake --install`.
string(TIMESTAMP VG_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)  # honours SOURCE_DATE_EPOCH
configure_file("${CMAKE_CURRENT_LIST_DIR}/debian/changelog.in" "${PROJECT_BINARY_DIR}/debian/changelog"
               @ONLY)
execute_process(COMMAND gzip -9nf "${PROJECT_BINARY_DIR}/debian/changelog" COMMAND_ERROR_IS_FATAL ANY)
foreach(component IN LISTS CPACK_COMPONENTS_ALL)
  string(TOUPPER "${component}" COMPONENT)
  if(NOT CPACK_DEBIAN_${COMPONENT}_PACKAGE_NAME)
    message(FATAL_ERROR "install component ${component}: set CPACK_DEBIAN_${COMPONENT}_PACKAGE_NAME above")
  endif()
  install(FILES "${CMAKE_CURRENT_LIST_DIR}/debian/copyright" "${PROJECT_BINARY_DIR}/debian/changelog.gz"
          DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/doc/${CPACK_DEBIAN_${COMPONENT}_PACKAGE_NAME}"
          COMPONENT ${component} EXCLUDE_FROM_ALL)
endforeach()

include(CPack)
