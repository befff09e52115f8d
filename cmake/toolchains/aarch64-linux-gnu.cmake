# Cross-compiling vgcrypt for Linux/arm64 with Debian's g++-aarch64-linux-gnu; tests run under
# qemu-user. `-cpu max` gives the emulated CPU AES, PMULL and SHA3, so the armv8 backend is
# runnable there; `-L` points qemu at the arm64 sysroot's dynamic loader and libraries.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

set(VG_AARCH64_SYSROOT /usr/aarch64-linux-gnu CACHE PATH "arm64 libraries for qemu-aarch64 -L")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L ${VG_AARCH64_SYSROOT} -cpu max)

# Look for programs on the host, for libraries and headers only in the arm64 tree.
set(CMAKE_FIND_ROOT_PATH ${VG_AARCH64_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config must not offer the host's x86-64 libraries (e.g. the benchmark peers' libgcrypt): only
# arm64 .pc files count, and with none installed the optional peers are skipped.
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:${VG_AARCH64_SYSROOT}/lib/pkgconfig")
