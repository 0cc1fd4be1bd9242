// Model golden: __device__ helpers are inlined at the call site.
// A helper that computes an index, a helper that performs the access, and a
// helper with a branch; accesses inside a helper carry call_depth and the
// call site in the kernel.

__device__ int global_index()
{
    return blockIdx.x * blockDim.x + threadIdx.x;
}

__device__ float load_at(const float* p, int i)
{
    return p[i];
}

__device__ __forceinline__ void store_clamped(float* p, int i, int n, float v)
{
    if (i < n)
        p[i] = v;
}

__global__ void copy_with_helpers(const float* in, float* out, int n)
{
    int i = global_index();
    float v = load_at(in, i + 1);
    store_clamped(out, i, n, v);
}
