# The MPI standard ABI (MPI 5.0): a build against it (MPICH's mpicc_abi: MPI_ABI defined, linked
# with libmpi_abi.so.1) runs on every MPI that ships a libmpi_abi.so.1, chosen when the program
# starts: the dynamic linker takes the first libmpi_abi.so.1 on LD_LIBRARY_PATH (the wrapper
# links with RUNPATH, which LD_LIBRARY_PATH overrides), and the program must be started by
# that MPI's own launcher.
#
#   include(MpishmemMpiAbi)
#   mpishmem_mpi_abi_build(VAR)
#       VAR = ON when MPI::MPI_C (FindMPI's result) is the standard ABI, else OFF.
#   mpishmem_mpi_abi_runtime_env(VAR MPIEXEC)
#       VAR = the environment (a list of NAME=value, for a test's ENVIRONMENT property) that
#       runs an ABI build's programs on the MPI installation of the launcher MPIEXEC: its
#       libmpi_abi.so.1 first on LD_LIBRARY_PATH, oshrun's launcher (MPISHMEM_MPIEXEC), and
#       I_MPI_ROOT for Intel MPI (its launcher and library need it). FATAL_ERROR when that
#       installation has no libmpi_abi.so.1 (Open MPI before 6.0).
#
# Example (a second run of every test on Intel MPI's libmpi_abi):
#   mpishmem_mpi_abi_runtime_env(impi_env /opt/impi/bin/mpiexec)
#   set_property(TEST t APPEND PROPERTY ENVIRONMENT ${impi_env})
# or by hand: env LD_LIBRARY_PATH=/opt/impi/lib I_MPI_ROOT=/opt/impi
#   MPISHMEM_MPIEXEC=/opt/impi/bin/mpiexec ctest -L single

function(mpishmem_mpi_abi_build var)
  set(abi OFF)
  if("MPI_ABI" IN_LIST MPI_C_COMPILE_DEFINITIONS OR MPI_C_LIB_NAMES MATCHES "(^|;)mpi_abi(;|$)")
    set(abi ON)
  endif()
  set(${var} ${abi} PARENT_SCOPE)
endfunction()

function(mpishmem_mpi_abi_runtime_env var mpiexec)
  get_filename_component(launcher "${mpiexec}" REALPATH)
  get_filename_component(bindir "${launcher}" DIRECTORY)
  get_filename_component(root "${bindir}" DIRECTORY)
  # lib (MPICH and Intel MPI wheels, most prefixes), lib64 (some distributions).
  find_path(abi_dir NAMES libmpi_abi.so.1 PATHS "${root}/lib" "${root}/lib64"
    NO_DEFAULT_PATH NO_CACHE)
  if(NOT abi_dir)
    message(FATAL_ERROR "mpishmem: the MPI of ${mpiexec} has no libmpi_abi.so.1 under "
      "${root}/lib: it cannot run builds against the MPI standard ABI")
  endif()
  string(REGEX REPLACE "/+$" "" abi_dir "${abi_dir}")
  set(env "LD_LIBRARY_PATH=${abi_dir}" "MPISHMEM_MPIEXEC=${mpiexec}")
  execute_process(COMMAND "${mpiexec}" --version OUTPUT_VARIABLE version ERROR_QUIET
    TIMEOUT 20)
  if(version MATCHES "Intel\\(R\\) MPI")
    list(APPEND env "I_MPI_ROOT=${root}")
  endif()
  set(${var} ${env} PARENT_SCOPE)
endfunction()
