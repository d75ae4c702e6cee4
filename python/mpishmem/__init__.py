"""mpishmem installed by pip: where its files are.

The C library, headers and tools live in the environment's prefix (sys.prefix): bin/oshcc,
bin/oshrun, bin/shmem-info, include/shmem.h, lib/libmpishmem.so, lib/pkgconfig/mpishmem.pc,
lib/cmake/mpishmem. An MPI of the MPI standard ABI comes from another package (mpich or
impi-rt) installed beside it.
"""
import os
import sys

__all__ = ["prefix", "get_include", "get_library_dir", "get_cmake_dir"]


def prefix():
    """The installation prefix holding bin/, include/ and lib/."""
    return sys.prefix


def get_include():
    """The directory of shmem.h."""
    return os.path.join(prefix(), "include")


def get_library_dir():
    """The directory of libmpishmem.so."""
    return os.path.join(prefix(), "lib")


def get_cmake_dir():
    """The directory to give CMake as mpishmem_DIR."""
    return os.path.join(prefix(), "lib", "cmake", "mpishmem")
