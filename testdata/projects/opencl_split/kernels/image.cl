// Image kernels of opencl_split, launched through the C++ wrapper from
// src/host/pipeline.cpp.  Row-major 2-D indexing: get_global_id(0) is the
// fastest dimension.

__kernel void brighten(__global const float* in, __global float* out, int width, float s)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * width + x] = in[y * width + x] * s;
}

__kernel void blur_rows(__global const float* in, __global float* out, int width, int radius)
{
    int x = get_global_id(0), y = get_global_id(1);
    float acc = 0.0f;
    for (int k = -radius; k <= radius; k++)
        acc += in[y * width + x + k];
    out[y * width + x] = acc;
}

__kernel void invert(__global float* img, int width)
{
    int x = get_global_id(0), y = get_global_id(1);
    img[y * width + x] = 1.0f - img[y * width + x];
}

__kernel void tuned(__global float* img, int width)
{
    int x = get_global_id(0), y = get_global_id(1);
    img[y * width + x] *= 0.5f;
}

__kernel void unsized(__global float* img, int width)
{
    int x = get_global_id(0), y = get_global_id(1);
    img[y * width + x] += 1.0f;
}
