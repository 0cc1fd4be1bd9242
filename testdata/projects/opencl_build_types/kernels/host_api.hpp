// The host side of the kernels: C++, never part of a kernel's program,
// although it names the element type too.
#pragma once
#include <vector>

namespace host {
typedef float T; // the type the host builds the kernels for by default
std::vector<T> upload(const T *data, long n);
} // namespace host
