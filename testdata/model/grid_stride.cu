// Model golden: grid-stride loops. The induction variable becomes
// init + step*k with step = blockDim.x*gridDim.x, so the access offset stays
// 4*threadIdx.x + ... in every iteration (coalesced without special cases).

__global__ void saxpy(int n, float a, const float* x, float* y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

__global__ void scale_while(float* data, int n, float s)
{
    int stride = gridDim.x * blockDim.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    while (i < n) {
        data[i] *= s;
        i += stride;
    }
}

__global__ void pairs_2d(const float2* in, float* out, int n)
{
    // a 2-D grid flattened: the stride is a product of four symbols
    int tid = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
    for (int i = tid; i < n; i += gridDim.y * gridDim.x * blockDim.x)
        out[i] = in[i].x + in[i].y;
}

void launch(int n, float* x, float* y)
{
    saxpy<<<120, 256>>>(n, 2.0f, x, y);
    scale_while<<<120, 256>>>(y, n, 0.5f);
}
