# Checks that README.md shows tests/consumer/example.c and example.cpp verbatim, so the examples
# readers copy are the ones the `package` stage of scripts/check builds and runs.
#
# In README.md each example is a fenced block right after a marker line:
#   <!-- example: tests/consumer/example.c -->
#   ```c
#   ...the file, byte for byte...
#   ```
# Usage: cmake -DREADME=README.md -DROOT=<repo> [-DUPDATE=ON] -P readme_snippets.cmake
# UPDATE=ON rewrites the blocks from the files instead of failing.
# (Plain string(FIND/SUBSTRING): C code is full of ';', which CMake lists would split on.)
if(NOT DEFINED README OR NOT DEFINED ROOT)
  message(FATAL_ERROR "usage: cmake -DREADME=... -DROOT=... [-DUPDATE=ON] -P readme_snippets.cmake")
endif()
file(READ "${README}" readme)
set(fence "```")
set(failed FALSE)
foreach(name example.c example.cpp)
  set(path "tests/consumer/${name}")
  file(READ "${ROOT}/${path}" wanted)
  set(marker "<!-- example: ${path} -->\n")
  string(FIND "${readme}" "${marker}" at)
  if(at EQUAL -1)
    message(SEND_ERROR "${README}: no '${marker}' line before the example ${path}")
    set(failed TRUE)
    continue()
  endif()
  string(LENGTH "${marker}" marker_len)
  math(EXPR fence_at "${at} + ${marker_len}")
  string(SUBSTRING "${readme}" ${fence_at} -1 rest)
  string(FIND "${rest}" "\n" fence_end)
  string(SUBSTRING "${rest}" 0 3 opening)
  if(NOT opening STREQUAL fence)
    message(SEND_ERROR "${README}: the line after '${marker}' must open a ``` block")
    set(failed TRUE)
    continue()
  endif()
  math(EXPR body_at "${fence_end} + 1")
  string(SUBSTRING "${rest}" ${body_at} -1 rest)
  # The block ends at the first line that starts with ```; the body keeps its final newline, as
  # the file has it (searching "\n```" in "\n" + rest also finds the end of an empty block).
  string(FIND "\n${rest}" "\n${fence}" body_len)
  if(body_len EQUAL -1)
    message(SEND_ERROR "${README}: the block of ${path} is not closed")
    set(failed TRUE)
    continue()
  endif()
  string(SUBSTRING "${rest}" 0 ${body_len} shown)
  if(shown STREQUAL wanted)
    continue()
  endif()
  if(UPDATE)
    math(EXPR head_len "${fence_at} + ${body_at}")
    string(SUBSTRING "${readme}" 0 ${head_len} head)
    string(SUBSTRING "${rest}" ${body_len} -1 tail)
    set(readme "${head}${wanted}${tail}")
    message(STATUS "updated the block of ${path}")
  else()
    message(SEND_ERROR "${README}: the block after '${marker}' differs from ${path}; run\n"
                       "  cmake -DREADME=README.md -DROOT=. -DUPDATE=ON -P tests/consumer/readme_snippets.cmake")
    set(failed TRUE)
  endif()
endforeach()
if(UPDATE AND NOT failed)
  file(WRITE "${README}" "${readme}")
endif()
if(failed)
  message(FATAL_ERROR "README examples do not match tests/consumer")
endif()
