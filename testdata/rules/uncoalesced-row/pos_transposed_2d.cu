// uncoalesced-row, the 2-D mapping turned around: threadIdx.x picks the
// image row and threadIdx.y steps along it (idx = x*height + y), so the 16
// lanes of each half warp read 16 different rows.  One finding per kernel,
// at its first access; the others are listed with it.
#include <cuda_runtime.h>

template <typename T>
__global__ void corner_response(T* resp, const T* ixx, const T* iyy, const T* ixy,
                                unsigned height, unsigned width, float k)
{
    const unsigned x = blockDim.x * blockIdx.x + threadIdx.x; // column
    const unsigned y = blockDim.y * blockIdx.y + threadIdx.y; // row within the column
    if (x >= width || y >= height) return;
    const unsigned idx = x * height + y;
    T a = ixx[idx]; // expect: uncoalesced-row mapping=transposed-2d accesses=4 row_width=height sectors_per_request=16 ideal_sectors=4 block_shape=16x16x1 severity=medium
    T b = iyy[idx];
    T c = ixy[idx];
    resp[idx] = a * b - c * c - (T)k * (a + b) * (a + b);
}

// The same shape with the row width a constant and the block 32x8: every
// lane of a warp in its own row.
__global__ void column_scale(float* img, float s)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    img[col * 512 + row] *= s; // expect: uncoalesced-row mapping=transposed-2d row_width=512 row_width_value=512 sectors_per_request=32 block_shape=32x8x1 severity=high
}

void run(float* resp, const float* ixx, const float* iyy, const float* ixy, unsigned h, unsigned w, float* img)
{
    dim3 threads(256, 1);
    dim3 blocks((w * h + 255) / 256, 1);
    // the shape at the launch is the one assigned last
    threads = dim3(16, 16);
    blocks = dim3((w + 15) / 16, (h + 15) / 16);
    corner_response<float><<<blocks, threads>>>(resp, ixx, iyy, ixy, h, w, 0.04f);
    column_scale<<<dim3(16, 64), dim3(32, 8)>>>(img, 2.0f);
}
