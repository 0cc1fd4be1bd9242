// fixed-block-16x16, OpenCL negatives (C API): 32x8, 256x1 and 8x8
// work-groups are not 16x16 (host/shapes.c).
__kernel void wide(__global float* x, int w) { x[get_global_id(1) * w + get_global_id(0)] = 0.0f; }
__kernel void flat(__global float* x) { x[get_global_id(0)] = 0.0f; }
__kernel void small(__global float* x, int w) { x[get_global_id(1) * w + get_global_id(0)] = 0.0f; }
