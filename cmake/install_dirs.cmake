# Install folders (GNUInstallDirs), decided before any folder declares install rules.
#
# On Debian and its derivatives the libraries go to the multiarch folder lib/<triplet> (for example
# lib/x86_64-linux-gnu), whatever the prefix: the .deb packages are made from the same install rules
# with the prefix /usr, where that folder is the right one, while GNUInstallDirs would choose it
# only when the prefix given at configure time is /usr. The dynamic loader, pkg-config and CMake's
# find_package search lib/<triplet> below /usr and /usr/local, and find_package below any prefix
# on CMAKE_PREFIX_PATH. -DCMAKE_INSTALL_LIBDIR=lib overrides the choice.
if(NOT DEFINED CMAKE_INSTALL_LIBDIR AND CMAKE_LIBRARY_ARCHITECTURE AND NOT CMAKE_CROSSCOMPILING
   AND EXISTS /etc/debian_version)
  set(CMAKE_INSTALL_LIBDIR "lib/${CMAKE_LIBRARY_ARCHITECTURE}" CACHE PATH
      "Object code libraries (lib/<multiarch triplet> on Debian)")
endif()
include(GNUInstallDirs)
