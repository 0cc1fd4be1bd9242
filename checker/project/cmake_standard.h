/* cmake_standard.h - the C++ standard a CMake build compiles a source with,
 * for a tree without a compile database: the nearest CMakeLists.txt, from
 * the source's directory up to the project root, that sets a *_STANDARD
 * (CMAKE_CXX_STANDARD, CMAKE_CUDA_STANDARD, CMAKE_HIP_STANDARD,
 * CMAKE_${VAR}_STANDARD, or a CXX_/CUDA_/HIP_STANDARD target property).
 * Read as text; if() is not evaluated: the highest value of that file.  A
 * .cu/.cuh file is compiled as CUDA: a C++ standard (CXX_STANDARD) does not
 * count for it. */
#ifndef GPULINT_CMAKE_STANDARD_H
#define GPULINT_CMAKE_STANDARD_H

/* "c++20", "c++23" when that file asks for a standard newer than C++17
 * (gpulint parses with C++17 otherwise), else NULL.  `root`: the project
 * root (absolute), `path` an absolute source path under it. */
const char *cmake_cxx_standard_for(const char *root, const char *path);

#endif
