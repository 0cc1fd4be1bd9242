// uncoalesced-adjacent, positive cases with 2-D thread indexing (block shape
// taken from the launch site) and a template kernel instantiated from host code.
#include <cuda_runtime.h>

// Interleaved complex image: x is multiplied by K=2. With 16x16 blocks a warp
// covers two rows of threadIdx.y, 16 lanes per row.
__global__ void magnitude2d(const float* in, float* out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) {
        float re = in[y * 2 * width + x * 2 + 0]; // expect: uncoalesced-adjacent K=2 offsets=0,1 element_bytes=4 block_shape=16x16x1
        float im = in[y * 2 * width + x * 2 + 1];
        out[y * width + x] = re * re + im * im;
    }
}

// Template kernel; only T=float is instantiated in this file.
template <typename T>
__global__ void scale_quad(const T* in, T* out, T f, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        T a = in[gid * 4 + 0]; // expect: uncoalesced-adjacent K=4 offsets=0,1,2,3 element_bytes=4 sectors_per_request=16 ideal_sectors=4 vector_type=float4
        T b = in[gid * 4 + 1];
        T c = in[gid * 4 + 2];
        T d = in[gid * 4 + 3];
        out[gid] = (a + b + c + d) * f;
    }
}

void launch_all(const float* d_in, float* d_out, int width, int height)
{
    dim3 b(16, 16);
    dim3 g((width + 15) / 16, (height + 15) / 16);
    magnitude2d<<<g, b>>>(d_in, d_out, width, height);

    int n = width * height;
    scale_quad<float><<<(n + 255) / 256, 256>>>(d_in, d_out, 0.25f, n);
}
