// A header of device-side accessors (no kernel, no launch): included by the
// kernels' files and by host-only programs.
#pragma once
template <typename T>
struct View {
    T *data;
    int n;
    __host__ __device__ T &operator[](int i) const { return data[i]; }
};
