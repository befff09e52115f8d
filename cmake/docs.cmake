# `docs`: the HTML API reference of include/vg/ by Doxygen (docs/Doxyfile.in), written to
# <build>/docs/html. Any warning fails the target, and every public declaration must be documented
# (WARN_IF_UNDOCUMENTED), so an undocumented addition to the public headers fails the target.
find_package(Doxygen QUIET)
if(NOT DOXYGEN_FOUND)
  message(STATUS "doxygen not found: no `docs` target (scripts/install-deps installs it)")
  return()
endif()

set(VG_DOXYGEN_OUTPUT_DIR "${PROJECT_BINARY_DIR}/docs")
configure_file("${PROJECT_SOURCE_DIR}/docs/Doxyfile.in" "${VG_DOXYGEN_OUTPUT_DIR}/Doxyfile" @ONLY)
file(GLOB vg_public_headers CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/include/vg/*.h"
     "${PROJECT_SOURCE_DIR}/include/vg/*.hpp")
add_custom_command(OUTPUT "${VG_DOXYGEN_OUTPUT_DIR}/html/index.html"
  COMMAND "${CMAKE_COMMAND}" -E rm -rf "${VG_DOXYGEN_OUTPUT_DIR}/html"
  COMMAND Doxygen::doxygen "${VG_DOXYGEN_OUTPUT_DIR}/Doxyfile"
  DEPENDS ${vg_public_headers} "${PROJECT_SOURCE_DIR}/docs/Doxyfile.in"
          "${VG_DOXYGEN_OUTPUT_DIR}/Doxyfile"
  WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
  COMMENT "Doxygen: API reference of include/vg in ${VG_DOXYGEN_OUTPUT_DIR}/html"
  VERBATIM)
add_custom_target(docs DEPENDS "${VG_DOXYGEN_OUTPUT_DIR}/html/index.html")
