# Runs `symshape ARGS` as the input's `// RUN:` line says, from the input's
# directory, and compares stdout followed by stderr with INPUT.expected and
# the exit status with `// EXIT: N` (default 0). Prints a unified diff.
file(STRINGS ${INPUT} run_line REGEX "^// RUN: " LIMIT_COUNT 1)
file(STRINGS ${INPUT} exit_line REGEX "^// EXIT: " LIMIT_COUNT 1)
if(NOT run_line)
  message(FATAL_ERROR "${INPUT}: no '// RUN:' line")
endif()
string(REGEX REPLACE "^// RUN: " "" run_line "${run_line}")
get_filename_component(dir ${INPUT} DIRECTORY)
get_filename_component(base ${INPUT} NAME)
string(REPLACE "%s" "${base}" run_line "${run_line}")
separate_arguments(args UNIX_COMMAND "${run_line}")
set(expected_exit 0)
if(exit_line)
  string(REGEX REPLACE "^// EXIT: " "" expected_exit "${exit_line}")
endif()
execute_process(COMMAND ${SYMSHAPE} ${args} WORKING_DIRECTORY ${dir}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
set(actual_file ${WORK}/${base}.actual)
file(WRITE ${actual_file} "${out}${err}")
execute_process(COMMAND diff -u ${INPUT}.expected ${actual_file}
                RESULT_VARIABLE differs)
if(differs OR NOT status STREQUAL expected_exit)
  message(FATAL_ERROR "${base}: exit ${status} (expected ${expected_exit}); "
                      "output differs from ${base}.expected as shown above")
endif()
