// Model golden: launch sites written with literals: a scalar block, a dim3
// temporary with 2 and 3 components, a dynamic shared size and a stream,
// constant kernel arguments (literals, an enum, sizeof, arithmetic), and a
// kernel launched twice with different shapes (its block shape is unknown).

enum Mode { kCopy = 0, kScale = 3 };

__global__ void fill(float* p, int n, int mode, float v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = mode == kScale ? p[i] * v : v;
}

__global__ void tile2d(float* p, int w)
{
    p[(blockIdx.y * blockDim.y + threadIdx.y) * w + blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
}

__global__ void two_shapes(float* p)
{
    p[threadIdx.x] = 1.0f;
}

__global__ void one_component(float* p)
{
    p[blockIdx.x * 128 + threadIdx.x] = 2.0f;
}

// Dimensions a launch leaves to dim3's default arguments (y and z of
// `<<<1024, 256>>>`, z of dim3(64, 64)) read 1[default]; a one-argument dim3
// temporary (`dim3(256)`) is evaluated: one_component has block 128x1x1.
int main()
{
    float* d = nullptr;
    cudaStream_t s = 0;
    fill<<<1024, 256>>>(d, 1 << 18, kScale, 2.0f);
    fill<<<4096, 256, 0, s>>>(d, 1024 * 1024, kCopy, 0.0f);
    tile2d<<<dim3(64, 64), dim3(16, 16, 1), 16 * sizeof(float)>>>(d, 1024);
    two_shapes<<<1, 128>>>(d);
    two_shapes<<<1, dim3(64, 2)>>>(d);
    two_shapes<<<8, dim3(256)>>>(d);
    one_component<<<dim3(8), dim3(128)>>>(d);
    return 0;
}
