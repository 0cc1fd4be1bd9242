// Model golden: what a loop contains. Barriers, global/shared stores and
// atomics inside a loop (also in a nested loop or a helper) mark the loop and
// every enclosing one; `#pragma unroll` marks the loop that follows it.

__device__ void publish(float* counter, float v)
{
    atomicAdd(counter, v);
}

__global__ void reduce_tiles(const float* in, float* out, float* total, int tiles)
{
    __shared__ float tile[128];
    float sum = 0.0f;
    for (int t = 0; t < tiles; ++t) {             // barrier + shared store
        tile[threadIdx.x] = in[t * 128 + threadIdx.x];
        __syncthreads();
        for (int s = 64; s > 0; s >>= 1) {        // nested: barrier, store
            if (threadIdx.x < s)
                tile[threadIdx.x] += tile[threadIdx.x + s];
            __syncthreads();
        }
        sum += tile[0];
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)                   // unroll, loads only
        sum += in[i];
#pragma unroll 2
    for (int i = 0; i < tiles; ++i)               // unroll, atomic through a helper
        publish(total, sum);
    for (int i = 0; i < 8; ++i)                   // global store
        out[i * blockDim.x + threadIdx.x] = sum;
    float local[4];
    for (int i = 0; i < 4; ++i)                   // a local store does not count
        local[i] = sum;
    for (int i = 0; i < 4; ++i)
        atomicMax((int*)out, (int)local[i]);      // atomic directly
}
