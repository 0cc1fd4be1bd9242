// Compiled at run time: BINS and THREADS come from the host (histo.cpp),
// whose constants live in the header it includes (launch_config.hpp).  The
// helper has no __device__: NVRTC compiles it as device code
// (--device-as-default-execution-space, compile.cpp).
inline unsigned bin_of(unsigned char v) { return v % BINS; }

__global__ void histo(const unsigned char* in, unsigned* counts, float* share, int n)
{
    __shared__ unsigned local[BINS];
    for (int b = threadIdx.x; b < BINS; b += THREADS) local[b] = 0;
    __syncthreads();
    int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < n) atomicAdd(&local[bin_of(in[i])], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += THREADS) {
        atomicAdd(&counts[b], local[b]);
        share[b] = (float)local[b] / n * 0.5;
    }
}
