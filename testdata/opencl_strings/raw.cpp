// Kernels in a C++ raw string literal with a delimiter (as in BabelStream's
// OCLStream.cpp): gpulint analyses them with positions in this file.
#include <string>

static const char *unused_message = "not a kernel: kernel launch failed";

std::string kernels{R"CLC(
  #pragma OPENCL EXTENSION cl_khr_fp64 : enable
  kernel void scale(global const float *x, global float *y, int n)
  {
    const size_t i = get_global_id(0);
    if (i < n) y[i] = x[i] * 1.5;
  }

  kernel void row_sum(global const float *a, global float *out, int n)
  {
    int i = get_global_id(0);
    float s = 0.0f;
    for (int j = 0; j < n; j++) s += a[i * n + j];
    out[i] = s;
  }

  kernel void flag_top(global float *x, int mode)
  {
    int i = get_global_id(0);
    if (mode == 2) x[i] = 1.0f;
  }
)CLC"};

// A second program in its own string: parsed on its own (the same helper
// name in both would not clash).
const char *second = R"(
__kernel void twice(__global float *x) { x[get_global_id(0)] *= 2.0f; }
)";
