// oversized-element, positives (kind=subword): per-thread global accesses of
// 1- and 2-byte elements. A warp then moves 32 or 64 bytes per request, a
// quarter or half of what a 4-byte-per-lane access moves.
// char / unsigned char: high; short: medium.
#include <cuda_runtime.h>
#include <stdint.h>

// Store of a char per thread.
__global__ void quantize_sign(const float* x, char* out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n)
        out[tid] = (char)(x[tid] > 0.0f ? 1 : -1);  // expect: oversized-element size=1 kind=subword severity=high
}

// Load of an unsigned char per thread.
__global__ void u8_to_float(const unsigned char* in, float* out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        float v = in[tid];  // expect: oversized-element size=1 kind=subword severity=high
        out[tid] = v * (1.0f / 255.0f);
    }
}

// Store of a short per thread.
__global__ void float_to_q15(const float* x, short* out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        float v = fminf(fmaxf(x[tid], -1.0f), 1.0f);
        out[tid] = (short)(v * 32767.0f);  // expect: oversized-element size=2 kind=subword severity=high
    }
}

// Load of a short per thread.
__global__ void q15_to_float(const short* in, float* out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        short s = in[tid];  // expect: oversized-element size=2 kind=subword severity=high
        out[tid] = s * (1.0f / 32768.0f);
    }
}

// uint8_t is unsigned char after the typedef; 2-D indexing with x fastest.
__global__ void threshold_mask(const float* img, uint8_t* mask, int width, int height, float t)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) {
        uint8_t m = img[y * width + x] > t ? 255 : 0;
        mask[y * width + x] = m;  // expect: oversized-element size=1 kind=subword severity=high
    }
}

int main()
{
    const int n = 1 << 20, w = 1024, h = 1024;
    float* f; char* c; unsigned char* u; short* s; uint8_t* m;
    cudaMalloc(&f, n * sizeof(float)); cudaMalloc(&c, n); cudaMalloc(&u, n);
    cudaMalloc(&s, n * sizeof(short)); cudaMalloc(&m, w * h);
    quantize_sign<<<n / 256, 256>>>(f, c, n);
    u8_to_float<<<n / 256, 256>>>(u, f, n);
    float_to_q15<<<n / 256, 256>>>(f, s, n);
    q15_to_float<<<n / 256, 256>>>(s, f, n);
    threshold_mask<<<dim3(w / 32, h / 8), dim3(32, 8)>>>(f, m, w, h, 0.5f);
    cudaDeviceSynchronize();
    return 0;
}
