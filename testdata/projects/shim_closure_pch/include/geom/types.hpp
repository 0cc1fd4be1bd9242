#pragma once
// The project's common types, shared by host code, kernels built by nvcc
// and kernels compiled at run time (which have no standard library).
#ifndef __CUDACC_RTC__
#include <complex>
#include <mutex>
#include <type_traits>
#else
namespace std {
template <bool B, class T = void>
struct enable_if {};
template <class T>
struct enable_if<true, T> {
    typedef T type;
};
}  // namespace std
#endif

struct Dims {
    int width;
    int height;
};

template <typename T>
using if_float = typename std::enable_if<sizeof(T) == 4, T>::type;
