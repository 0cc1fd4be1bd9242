// fixed-block-16x16, OpenCL negatives (C API): local sizes chosen at run
// time, NULL (the runtime picks), and an array changed after its
// initializer (host/tile.c).
__kernel void tile_a(__global float* x, int w) { x[get_global_id(1) * w + get_global_id(0)] = 0.0f; }
__kernel void tile_b(__global float* x, int w) { x[get_global_id(1) * w + get_global_id(0)] = 1.0f; }
__kernel void tile_c(__global float* x, int w) { x[get_global_id(1) * w + get_global_id(0)] = 2.0f; }
