// fixed-block-16x16, OpenCL negatives (C++ wrapper): 16x16 launches whose
// kernel is not known where they are launched: a cl::Kernel parameter, a
// kernel of a project's own wrapper class (not namespace cl), and a kernel
// name built at run time (host/median.cpp).
__kernel void median3(__global float* x, int w) { x[get_global_id(1) * w + get_global_id(0)] = 0.0f; }
