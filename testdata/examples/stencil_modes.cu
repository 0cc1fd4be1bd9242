// stencil_modes.cu: a weighted 1-D stencil with a run-time radius and a
// boundary mode (clamp or wrap), and a 2-D Jacobi relaxation for the Poisson
// equation on a unit square.
//
// Usage: stencil_modes [n] [grid] [iterations]
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#define MAX_RADIUS 8

enum Boundary { BOUNDARY_CLAMP = 0, BOUNDARY_WRAP = 1 };

__constant__ float c_weights[2 * MAX_RADIUS + 1];

// out[i] = sum_k w[k] * in[i + k], k in [-radius, radius].
__global__ void stencil1d(const float* in, float* out, int n, int radius, int boundary)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int k = -radius; k <= radius; ++k) {  // expect: specialize-constant symbol=radius use=loop-bound value_source=launch severity=low
        int j = i + k;
        if (boundary == BOUNDARY_CLAMP)  // a select of a register: no uniform-branch finding
            j = min(max(j, 0), n - 1);
        else
            j = (j + n) % n;
        acc += c_weights[k + radius] * in[j];
    }
    out[i] = acc;
}

// One Jacobi sweep for -laplace(u) = f with spacing h (h2 = h*h).
__global__ void jacobi_step(const float* u, const float* f, float* u_new, int nx, int ny, float h2)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
    int idx = y * nx + x;
    u_new[idx] = 0.25f * (u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx] + h2 * f[idx]);
}

// Normalized binomial-like weights for the given radius.
static void upload_weights(int radius)
{
    float w[2 * MAX_RADIUS + 1];
    double total = 0.0;
    for (int k = -radius; k <= radius; ++k) {
        w[k + radius] = (float)std::exp(-0.5 * k * k / (0.5 * radius * radius + 1.0));
        total += w[k + radius];
    }
    for (int k = 0; k < 2 * radius + 1; ++k)
        w[k] = (float)(w[k] / total);
    cudaMemcpyToSymbol(c_weights, w, (2 * radius + 1) * sizeof(float));
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 22;
    int nx = argc > 2 ? atoi(argv[2]) : 1024;
    int iters = argc > 3 ? atoi(argv[3]) : 200;
    int ny = nx;

    std::vector<float> h_in(n);
    for (int i = 0; i < n; ++i)
        h_in[i] = (i % 64) < 32 ? 1.0f : 0.0f;

    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemcpy(d_in, h_in.data(), n * sizeof(float), cudaMemcpyHostToDevice);

    int blocks = (n + 255) / 256;
    upload_weights(2);
    stencil1d<<<blocks, 256>>>(d_in, d_out, n, 2, BOUNDARY_CLAMP);
    upload_weights(4);
    stencil1d<<<blocks, 256>>>(d_out, d_in, n, 4, BOUNDARY_WRAP);

    float *d_u, *d_unew, *d_f;
    size_t cells = (size_t)nx * ny;
    cudaMalloc(&d_u, cells * sizeof(float));
    cudaMalloc(&d_unew, cells * sizeof(float));
    cudaMalloc(&d_f, cells * sizeof(float));
    cudaMemset(d_u, 0, cells * sizeof(float));
    cudaMemset(d_unew, 0, cells * sizeof(float));
    std::vector<float> h_f(cells, 1.0f);
    cudaMemcpy(d_f, h_f.data(), cells * sizeof(float), cudaMemcpyHostToDevice);

    float h = 1.0f / (nx - 1);
    dim3 block(32, 8);
    dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);
    for (int it = 0; it < iters; ++it) {
        jacobi_step<<<grid, block>>>(d_u, d_f, d_unew, nx, ny, h * h);
        std::swap(d_u, d_unew);
    }

    float center = 0.0f;
    cudaMemcpy(&center, d_u + (ny / 2) * nx + nx / 2, sizeof(float), cudaMemcpyDeviceToHost);
    printf("u(0.5, 0.5) after %d sweeps: %.6f\n", iters, center);

    cudaFree(d_in); cudaFree(d_out);
    cudaFree(d_u); cudaFree(d_unew); cudaFree(d_f);
    return 0;
}
