// fixed-block-16x16, OpenCL positive (C++ wrapper): kernel functors
// (cl::KernelFunctor made with new, cl::make_kernel) called with
// cl::EnqueueArgs(queue, global, local) (host/ops.cpp).
__kernel void add_images(__global const float* a, __global const float* b, __global float* c, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    c[y * w + x] = a[y * w + x] + b[y * w + x];
}

__kernel void mul_images(__global const float* a, __global const float* b, __global float* c, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    c[y * w + x] = a[y * w + x] * b[y * w + x];
}
