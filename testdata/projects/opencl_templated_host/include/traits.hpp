// The OpenCL name of each element type the library supports.
#pragma once

typedef long long index_t;

template<typename T>
struct type_traits;

template<>
struct type_traits<float> {
    enum { code = 1 };
    static const char *name() { return "float"; }
};

template<>
struct type_traits<double> {
    enum { code = 2 };
    static const char *name() { return "double"; }
};

template<>
struct type_traits<long long> {
    enum { code = 3 };
    static const char *name() { return "long"; }
};
