// specialize-constant, positives where the small value set shows up as:
//  - a __constant__ symbol loaded with a literal through cudaMemcpyToSymbol,
//  - a __constant__ symbol whose value the host validates with a switch,
//  - a dynamically sized shared array bounded by the parameter, with a
//    literal size at the launch,
//  - a host switch that launches the kernel with a literal in each case.
#include <cuda_runtime.h>
#include <cstdlib>

__constant__ int c_taps;
__constant__ int c_order;
__constant__ float c_coef[16];

__global__ void fir_constant(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int k = 0; k < c_taps; ++k)  // expect: specialize-constant symbol=c_taps use=loop-bound
        acc += c_coef[k] * in[min(i + k, n - 1)];
    out[i] = acc;
}

__global__ void horner_constant(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i], acc = 0.0f;
    for (int k = 0; k <= c_order; ++k)  // expect: specialize-constant symbol=c_order use=loop-bound
        acc = acc * v + c_coef[k];
    y[i] = acc;
}

// Taps staged in dynamic shared memory of K floats.
__global__ void fir_shared(const float* in, const float* taps, float* out, int n, int K)
{
    extern __shared__ float s_taps[];
    if (threadIdx.x < K)
        s_taps[threadIdx.x] = taps[threadIdx.x];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)  // expect: specialize-constant symbol=K
        acc += s_taps[k] * in[min(i + k, n - 1)];
    out[i] = acc;
}

__global__ void smooth(const float* in, float* out, int n, int order)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int k = 0; k < order; ++k)  // expect: specialize-constant symbol=order use=loop-bound
        acc += in[min(i + k, n - 1)];
    out[i] = acc / order;
}

static bool set_order(int order)
{
    switch (order) {
    case 2: case 3: case 4:
        break;
    default:
        return false;
    }
    cudaMemcpyToSymbol(c_order, &order, sizeof(int));
    return true;
}

static void run_smooth(const float* in, float* out, int n, int order)
{
    int blocks = (n + 255) / 256;
    switch (order) {
    case 3: smooth<<<blocks, 256>>>(in, out, n, 3); break;
    case 5: smooth<<<blocks, 256>>>(in, out, n, 5); break;
    default: smooth<<<blocks, 256>>>(in, out, n, 7); break;
    }
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float *a, *b, *taps;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&taps, 16 * sizeof(float));
    int blocks = (n + 255) / 256;

    const int taps_count = 5;
    cudaMemcpyToSymbol(c_taps, &taps_count, sizeof(int));
    fir_constant<<<blocks, 256>>>(a, b, n);

    if (set_order(3))
        horner_constant<<<blocks, 256>>>(a, b, n);

    fir_shared<<<blocks, 256, 9 * sizeof(float)>>>(a, taps, b, n, 9);
    run_smooth(a, b, n, argc > 2 ? atoi(argv[2]) : 5);
    cudaDeviceSynchronize();
    return 0;
}
