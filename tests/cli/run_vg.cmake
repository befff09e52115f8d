# Runs vg with ARGS ('|'-separated) and checks its exit status and output:
#   cmake -DVG=<vg> -DARGS=speed|--cpu|abc -DSTATUS=2 -DSTDERR=<regex> -P run_vg.cmake
#   cmake -DVG=<vg> -DARGS=speed|--help -DSTATUS=0 -DSTDOUT_WORDS=--alg|--op -P run_vg.cmake
# STDERR is a regular expression standard error must match; each of STDOUT_WORDS must appear
# literally in standard output (and in the file MAN_PAGE, when given).
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND "${VG}" ${args} RESULT_VARIABLE status OUTPUT_VARIABLE out
                ERROR_VARIABLE err TIMEOUT 30)
set(problems "")
if(NOT status STREQUAL STATUS)
  string(APPEND problems "exit status ${status}, expected ${STATUS}\n")
endif()
if(DEFINED STDERR AND NOT err MATCHES "${STDERR}")
  string(APPEND problems "standard error does not match '${STDERR}'\n")
endif()
if(DEFINED STDOUT_WORDS)
  string(REPLACE "|" ";" words "${STDOUT_WORDS}")
  if(DEFINED MAN_PAGE)
    file(READ "${MAN_PAGE}" man)
    string(REPLACE "\\-" "-" man "${man}")  # roff escapes the hyphens of option names
  endif()
  foreach(word IN LISTS words)
    string(FIND "${out}" "${word}" at)
    if(at EQUAL -1)
      string(APPEND problems "standard output lacks '${word}'\n")
    endif()
    if(DEFINED MAN_PAGE)
      string(FIND "${man}" "${word}" at)
      if(at EQUAL -1)
        string(APPEND problems "${MAN_PAGE} lacks '${word}'\n")
      endif()
    endif()
  endforeach()
endif()
if(problems)
  message(FATAL_ERROR "vg ${args}:\n${problems}--- stdout:\n${out}--- stderr:\n${err}")
endif()
