// oversized-element, negatives: built-in vector types of at most 16 bytes
// (float4, int4, double2, float3, uchar4) and byte arrays read as char4 through
// reinterpret_cast, one vector per thread. These are the recommended fixes.
#include <cuda_runtime.h>

__global__ void add_float4(const float4* a, const float4* b, float4* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float4 x = a[i];  // expect-none
        float4 y = b[i];  // expect-none
        c[i] = make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w);  // expect-none
    }
}

__global__ void sum_int4(const int4* v, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int4 q = v[i];  // expect-none
        out[i] = q.x + q.y + q.z + q.w;
    }
}

__global__ void complex_abs(const double2* z, double* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double2 c = z[i];  // expect-none
        out[i] = sqrt(c.x * c.x + c.y * c.y);
    }
}

__global__ void normalize_float3(float3* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float3 p = v[i];  // expect-none
    float inv = rsqrtf(p.x * p.x + p.y * p.y + p.z * p.z);
    v[i] = make_float3(p.x * inv, p.y * inv, p.z * inv);  // expect-none
}

// A byte buffer processed four bytes per thread through char4.
__global__ void xor_bytes4(const char* in, char* out, int n4, char key)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        const char4* in4 = reinterpret_cast<const char4*>(in);
        char4* out4 = reinterpret_cast<char4*>(out);
        char4 v = in4[i];  // expect-none
        out4[i] = make_char4(v.x ^ key, v.y ^ key, v.z ^ key, v.w ^ key);  // expect-none
    }
}

// RGBA8 pixels: 4 bytes per thread.
__global__ void invert_rgba(uchar4* px, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        uchar4 p = px[i];  // expect-none
        px[i] = make_uchar4(255 - p.x, 255 - p.y, 255 - p.z, p.w);  // expect-none
    }
}

int main()
{
    const int n = 1 << 18;
    float4* f4; int4* i4; double2* d2; float3* f3; char* bytes; uchar4* px; int* ii; double* d;
    cudaMalloc(&f4, n * sizeof(float4)); cudaMalloc(&i4, n * sizeof(int4));
    cudaMalloc(&d2, n * sizeof(double2)); cudaMalloc(&f3, n * sizeof(float3));
    cudaMalloc(&bytes, 4 * n); cudaMalloc(&px, n * sizeof(uchar4));
    cudaMalloc(&ii, n * sizeof(int)); cudaMalloc(&d, n * sizeof(double));
    add_float4<<<n / 256, 256>>>(f4, f4, f4, n);
    sum_int4<<<n / 256, 256>>>(i4, ii, n);
    complex_abs<<<n / 256, 256>>>(d2, d, n);
    normalize_float3<<<n / 256, 256>>>(f3, n);
    xor_bytes4<<<n / 256, 256>>>(bytes, bytes, n, 0x5a);
    invert_rgba<<<n / 256, 256>>>(px, n);
    cudaDeviceSynchronize();
    return 0;
}
