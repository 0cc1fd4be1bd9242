// Model golden: atomics and cache-hinted loads. atomicAdd/atomicCAS/atomicExch
// record a load+store atomic access of the pointee type (global or shared);
// __ldg records a load; the value they return is data.

__global__ void histogram(const unsigned char* in, unsigned* bins, int n)
{
    __shared__ unsigned local_bins[256];
    local_bins[threadIdx.x] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&local_bins[__ldg(&in[i])], 1u);     // shared atomic, data index
    __syncthreads();
    atomicAdd(bins + threadIdx.x, local_bins[threadIdx.x]);   // global atomic
}

__global__ void claim(int* owner, float* best, const float* score)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int prev = atomicCAS(&owner[blockIdx.x], -1, t);
    float s = __ldg(score + t);
    float old = atomicExch(&best[prev], s);             // index from an atomic's result
    best[t] = old;
}
