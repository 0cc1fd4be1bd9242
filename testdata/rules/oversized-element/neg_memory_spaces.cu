// oversized-element, negatives: large structs that are not in global memory
// (shared, per-thread local, __constant__, by-value kernel parameters). The
// rule is about global-memory transactions only.
#include <cuda_runtime.h>

struct Body {              // 32 bytes
    float px, py, pz, mass;
    float vx, vy, vz, pad;
};
static_assert(sizeof(Body) == 32, "layout");

struct Camera {            // 48 bytes
    float3 eye, right, up, forward;
};
static_assert(sizeof(Camera) == 48, "layout");

__constant__ Body c_attractors[64];

// Structs in shared memory, filled from flat float arrays.
__global__ void tile_bodies(const float* px, const float* mass, float* out, int n)
{
    __shared__ Body tile[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = i < n ? px[i] : 0.0f;
    float m = i < n ? mass[i] : 0.0f;
    tile[threadIdx.x].px = x;  // expect-none
    tile[threadIdx.x].mass = m;  // expect-none
    __syncthreads();
    Body nb = tile[(threadIdx.x + 1) % blockDim.x];  // expect-none
    if (i < n)
        out[i] = nb.px * nb.mass;
}

// A per-thread local array of structs.
__global__ void local_history(const float* v, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Body hist[2];
    for (int k = 0; k < 2; ++k) {
        hist[k].vx = v[i] * (k + 1);  // expect-none
        hist[k].vy = 0.0f;
    }
    out[i] = hist[0].vx + hist[1].vx;  // expect-none
}

// __constant__ memory indexed by the thread id: not a global access.
__global__ void attractor_pull(const float* x, float* f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Body a = c_attractors[threadIdx.x % 64];  // expect-none
        f[i] = a.mass * (a.px - x[i]);
    }
}

// A 48-byte struct passed by value as a kernel parameter.
__global__ void primary_rays(Camera cam, float3* dirs, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    float u = (x + 0.5f) / width - 0.5f;
    float v = (y + 0.5f) / height - 0.5f;
    float3 d = make_float3(cam.forward.x + u * cam.right.x + v * cam.up.x,  // expect-none
                           cam.forward.y + u * cam.right.y + v * cam.up.y,
                           cam.forward.z + u * cam.right.z + v * cam.up.z);
    dirs[y * width + x] = d;
}

int main()
{
    const int n = 1 << 16, w = 256, h = 256;
    float* f; float3* dirs; Camera cam = {};
    cudaMalloc(&f, n * sizeof(float)); cudaMalloc(&dirs, w * h * sizeof(float3));
    tile_bodies<<<n / 128, 128>>>(f, f, f, n);
    local_history<<<n / 256, 256>>>(f, f, n);
    attractor_pull<<<n / 256, 256>>>(f, f, n);
    primary_rays<<<dim3(w / 32, h / 8), dim3(32, 8)>>>(cam, dirs, w, h);
    cudaDeviceSynchronize();
    return 0;
}
