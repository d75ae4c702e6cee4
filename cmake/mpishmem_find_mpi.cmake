# Which MPI mpishmem is built against, and its launcher, both from ONE installation.
#
#   -DMPI_C_COMPILER=/path/to/mpicc   the MPI's compiler wrapper (also mpicc_abi: the MPI
#                                     standard ABI); the default is Debian's MPICH
#                                     (mpicc.mpich), else the first mpicc on PATH
#   -DMPIEXEC_EXECUTABLE=...          the launcher; by default the one beside the wrapper
#                                     (same directory, same Debian suffix: mpicc.openmpi ->
#                                     mpiexec.openmpi), never one found elsewhere on PATH
#   -DMPISHMEM_MPI=openmpi|mpich      Debian's wrapper of that name (mpicc.openmpi) when no
#                                     wrapper is given; otherwise an override of the flavour
#
# Sets MPISHMEM_MPI to the flavour read from the wrapper's mpi.h: mpich, openmpi, intel (an
# MPICH derivative whose mpi.h also defines MPICH), or abi (the MPI standard ABI: one binary for
# every MPI that ships libmpi_abi). The library itself decides nothing from it: its MPI
# workarounds are chosen at run time (src/transport/mpi/quirks/mpi_quirks_table.h); the
# flavour picks test modes and launcher options only.
set(MPISHMEM_MPI "" CACHE STRING
  "MPI flavour: empty to read it from the MPI compiler wrapper's mpi.h (mpich, openmpi, intel, abi)")

if(NOT MPI_C_COMPILER)
  if(MPISHMEM_MPI)
    find_program(MPI_C_COMPILER NAMES mpicc.${MPISHMEM_MPI} mpicc REQUIRED)
  else()
    find_program(MPI_C_COMPILER NAMES mpicc.mpich mpicc REQUIRED)
  endif()
elseif(NOT IS_ABSOLUTE "${MPI_C_COMPILER}")
  find_program(mpishmem_wrapper_path NAMES ${MPI_C_COMPILER} REQUIRED)
  set(MPI_C_COMPILER ${mpishmem_wrapper_path} CACHE FILEPATH "MPI C compiler wrapper" FORCE)
endif()

if(NOT MPIEXEC_EXECUTABLE)
  get_filename_component(wrapper_dir "${MPI_C_COMPILER}" DIRECTORY)
  get_filename_component(wrapper_name "${MPI_C_COMPILER}" NAME)
  string(REGEX MATCH "\\.[A-Za-z0-9]+$" wrapper_suffix "${wrapper_name}")
  find_program(MPIEXEC_EXECUTABLE
    NAMES mpiexec${wrapper_suffix} mpirun${wrapper_suffix} mpiexec mpirun
    PATHS ${wrapper_dir} NO_DEFAULT_PATH)
  if(NOT MPIEXEC_EXECUTABLE)
    message(FATAL_ERROR "no MPI launcher (mpiexec${wrapper_suffix} or mpiexec) beside "
      "${MPI_C_COMPILER}: give it with -DMPIEXEC_EXECUTABLE=")
  endif()
endif()

# The flavour, from the macros that the wrapper's mpi.h (and flags: mpicc_abi adds -DMPI_ABI)
# define.
set(probe ${CMAKE_BINARY_DIR}/CMakeFiles/mpishmem_mpi_probe.c)
file(WRITE ${probe} "#include <mpi.h>\nint mpishmem_probe;\n")
execute_process(COMMAND ${MPI_C_COMPILER} -E -dM ${probe}
  OUTPUT_VARIABLE mpi_macros ERROR_VARIABLE mpi_probe_err RESULT_VARIABLE mpi_probe_rc)
if(NOT mpi_probe_rc EQUAL 0)
  message(FATAL_ERROR "${MPI_C_COMPILER} cannot preprocess <mpi.h>: ${mpi_probe_err}")
endif()
if(mpi_macros MATCHES "#define MPI_ABI_VERSION " OR mpi_macros MATCHES "#define MPI_ABI ")
  set(mpishmem_flavour abi)
elseif(mpi_macros MATCHES "#define I_MPI_VERSION ")
  set(mpishmem_flavour intel)
elseif(mpi_macros MATCHES "#define OMPI_MAJOR_VERSION ")
  set(mpishmem_flavour openmpi)
elseif(mpi_macros MATCHES "#define MPICH_VERSION ")
  set(mpishmem_flavour mpich)
else()
  set(mpishmem_flavour unknown)
endif()
if(MPISHMEM_MPI AND NOT MPISHMEM_MPI STREQUAL mpishmem_flavour)
  message(STATUS "mpishmem: MPISHMEM_MPI=${MPISHMEM_MPI} overrides the flavour "
    "${mpishmem_flavour} read from ${MPI_C_COMPILER}")
else()
  set(MPISHMEM_MPI ${mpishmem_flavour} CACHE STRING "" FORCE)
endif()
message(STATUS "mpishmem: MPI ${MPISHMEM_MPI}: ${MPI_C_COMPILER}, launcher ${MPIEXEC_EXECUTABLE}")
