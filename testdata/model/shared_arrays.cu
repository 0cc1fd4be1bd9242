// Model golden: __shared__ arrays: a 1-D tile, a 2-D tile with padding, an
// extern (dynamically sized) array and a shared scalar. Accesses to them are
// in the shared space with the array's index; a shared scalar is data.

#define TILE 32

__global__ void transpose_tiled(const float* in, float* out, int width)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    out[y * width + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void dynamic_stage(const double* in, double* out, int n)
{
    extern __shared__ double stage[];
    __shared__ int count;
    __shared__ short flags[64];
    // the store to the shared scalar `count` is a shared access; count stays a
    // data value (other threads read it through shared memory), not n's value
    if (threadIdx.x == 0)
        count = n;
    stage[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    flags[threadIdx.x % 64] = 1;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = stage[count - 1 - threadIdx.x];
}

void run(const double* in, double* out, int n)
{
    dynamic_stage<<<n / 256, 256, 256 * sizeof(double)>>>(in, out, n);
}
