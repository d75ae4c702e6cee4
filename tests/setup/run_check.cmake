# run_check_test(NAME TARGET target NP n [WANT re] [FORBID re] [ARGS ...] [ENV ...] [TWONODE])
# The run must exit 0, print a line matching WANT (if given) and none matching FORBID (if
# given). ctest's PASS_REGULAR_EXPRESSION would ignore the exit status, hence run_check.sh.
function(run_check_test name)
  cmake_parse_arguments(T "TWONODE" "TARGET;NP;WANT;FORBID" "ARGS;ENV" ${ARGN})
  add_test(NAME ${name} COMMAND sh ${MPISHMEM_TEST_DIR}/setup/run_check.sh "${T_WANT}"
    "${T_FORBID}" ${OSHRUN} -n ${T_NP} $<TARGET_FILE:${T_TARGET}> ${T_ARGS})
  set(env MPISHMEM_OVERSUBSCRIBED=1 ${T_ENV})
  if(T_TWONODE)
    list(APPEND env ${MPISHMEM_TWONODE_ENV})
  endif()
  set_tests_properties(${name} PROPERTIES TIMEOUT 120 ENVIRONMENT "${env}")
endfunction()
