# run_check_test(NAME TARGET target NP n [WANT re] [FORBID re] [ARGS ...] [ENV ...] [TWONODE])
# The run must exit 0, print a line matching WANT (if given) and none matching FORBID (if
# given). ctest's PASS_REGULAR_EXPRESSION would ignore the exit status, hence run_check.sh.
# TWONODE also adds the same check on the emulated cluster (NAME with "twonode" replaced by
# "cluster"), when the cluster has tests with NP PEs (MPISHMEM_CLUSTER_NP).
function(run_check_test name)
  cmake_parse_arguments(T "TWONODE" "TARGET;NP;WANT;FORBID" "ARGS;ENV" ${ARGN})
  add_test(NAME ${name} COMMAND sh ${MPISHMEM_TEST_DIR}/setup/run_check.sh "${T_WANT}"
    "${T_FORBID}" ${OSHRUN} -n ${T_NP} $<TARGET_FILE:${T_TARGET}> ${T_ARGS})
  set(env MPISHMEM_OVERSUBSCRIBED=1 ${T_ENV})
  set(node_env ${env})
  if(T_TWONODE)
    list(APPEND env ${MPISHMEM_TWONODE_ENV})
  endif()
  set_tests_properties(${name} PROPERTIES TIMEOUT 120 ENVIRONMENT "${env}")
  list(FIND MPISHMEM_CLUSTER_NP ${T_NP} np_on_cluster)
  if(T_TWONODE AND MPISHMEM_CLUSTER_TESTS AND NOT np_on_cluster EQUAL -1)
    string(REPLACE "twonode" "cluster" cname "${name}")
    if(cname STREQUAL name)
      set(cname ${name}.cluster)
    endif()
    mpishmem_cluster_launch(launch ${T_NP})
    add_test(NAME ${cname} COMMAND sh ${MPISHMEM_TEST_DIR}/setup/run_check.sh "${T_WANT}"
      "${T_FORBID}" ${launch} $<TARGET_FILE:${T_TARGET}> ${T_ARGS})
    set_tests_properties(${cname} PROPERTIES TIMEOUT 120 ENVIRONMENT "${node_env}")
    mpishmem_cluster_properties(${cname})
  endif()
endfunction()
