// Model golden: 3-D indexing with threadIdx.z / blockIdx.z, a volume stored
// as [z][y][x] with compile-time extents, and a 3-D block launch.

#define NX 64
#define NY 32

__global__ void laplace3d(const float* u, float* v, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    int c = (z * NY + y) * NX + x;
    v[c] = u[c - 1] + u[c + 1] + u[c - NX] + u[c + NX] + u[c - NX * NY] + u[c + NX * NY] - 6.0f * u[c];
}

__global__ void slice_copy(const float* vol, float* slice)
{
    int z = blockIdx.z;
    slice[threadIdx.y * NX + threadIdx.x] = vol[(z * NY + threadIdx.y) * NX + threadIdx.x + gridDim.x];
}

int main()
{
    float *u = nullptr, *v = nullptr;
    dim3 block(8, 8, 4);
    laplace3d<<<dim3(NX / 8, NY / 8, 16), block>>>(u, v, 64);
    slice_copy<<<dim3(1, 1, 64), dim3(NX, NY / 4, 1)>>>(u, v);
    return 0;
}
