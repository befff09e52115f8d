# CPack: Debian packages, one per install component (see cmake/install.cmake). From the build
# folder, `cpack -G DEB` writes into packages/:
#   libvgcrypt_<v>_<arch>.deb                the shared library
#   libvgcrypt-dev_<v>_<arch>.deb            headers, libvgcrypt.a, CMake package, pkg-config file
#   vgcrypt-tools_<v>_<arch>.deb             the vg command (linked with the static library)
#   vgcrypt-openssl-provider_<v>_<arch>.deb  the OpenSSL 3 provider module, when it is built
#
# Packages install under /usr whatever CMAKE_INSTALL_PREFIX is. Dependencies on libc, libstdc++,
# OpenSSL... come from dpkg-shlibdeps; libvgcrypt-dev pins the exact libvgcrypt version because the
# C++ ABI of a 0.x release is not promised to stay stable from one version to the next.
set(CPACK_PACKAGE_NAME vgcrypt)
set(CPACK_PACKAGE_VENDOR "vgcrypt developers")
set(CPACK_PACKAGE_CONTACT "vgcrypt developers <vgcrypt@localhost>")
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
# A shlibs file ("libvgcrypt 0 libvgcrypt (= <version>)") so that packages built against the
# library depend on it; CPack's postinst/postrm run ldconfig. (The provider module has no SONAME and
# is left out of it, with a CPack warning.)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)

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
vg cpu shows the detected CPU features and the chosen implementation; vg speed measures it\n\
(vg speed --plot draws a chart with python3-matplotlib).")
set(CPACK_DEBIAN_TOOLS_PACKAGE_SUGGESTS python3-matplotlib)

set(CPACK_DEBIAN_PROVIDER_PACKAGE_NAME vgcrypt-openssl-provider)
set(CPACK_DEBIAN_PROVIDER_PACKAGE_SECTION libs)
set(CPACK_COMPONENT_PROVIDER_DESCRIPTION
    "AES-GCM and AES-GCM-SIV, fast and constant time: OpenSSL 3 provider\n\
The vgcrypt provider module (ossl-modules/vgcrypt.so) gives libcrypto's EVP and libssl vgcrypt's\n\
AES-GCM; share/vgcrypt/openssl-vgcrypt.cnf is an example configuration that loads it.")

# python3-vgcrypt: the extension is built for one Python version (its file name says which).
set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-vgcrypt)
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "${VG_PYTHON_DEBIAN_DEPENDS}")  # set by python/
set(CPACK_DEBIAN_PYTHON_PACKAGE_SUGGESTS python3-cryptography)
set(CPACK_COMPONENT_PYTHON_DESCRIPTION
    "AES-GCM and AES-GCM-SIV, fast and constant time: Python 3 module\n\
import vgcrypt: AESGCM and AESGCMSIV with the interface of pyca/cryptography's AEAD classes.")

include(CPack)
