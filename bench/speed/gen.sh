#!/usr/bin/env bash
# bench/speed/gen.sh [--seed S] [--files N] [--min-lines A] [--max-lines B] OUTDIR
#
# Writes N realistic CUDA translation units (gen_000.cu ...) into OUTDIR for
# the speed benchmark.  Each file holds a random mix of kernel shapes
# (elementwise, grid-stride with device helpers, 2-D and 3-D stencils, row
# reductions thread-per-row and block-per-row with warp shuffles, shared-memory
# tiles (transpose, matmul), templates, macro-generated kernels, AoS structs,
# shared-memory histograms, softmax with dynamic shared memory, uniform mode
# switches, double literals, adjacent-element access) plus host code: a launch
# function per kernel and a driver with cudaMalloc/cudaMemcpy/streams and a
# main().  Every file compiles with `nvcc -std=c++17 -arch=sm_80 -c`.
#
# Reproducible: the random choices come from a Park-Miller generator in awk
# (integer arithmetic, exact in doubles), seeded with S, so mawk and gawk give
# the same files.  Defaults: --seed 12345 --files 40, 200..600 lines per file.
set -euo pipefail

seed=12345
nfiles=40
min_lines=200
max_lines=600
outdir=
while (($#)); do
    case "$1" in
        --seed) seed=$2; shift 2 ;;
        --seed=*) seed=${1#*=}; shift ;;
        --files) nfiles=$2; shift 2 ;;
        --files=*) nfiles=${1#*=}; shift ;;
        --min-lines) min_lines=$2; shift 2 ;;
        --min-lines=*) min_lines=${1#*=}; shift ;;
        --max-lines) max_lines=$2; shift 2 ;;
        --max-lines=*) max_lines=${1#*=}; shift ;;
        -h|--help) sed -n '2,16s/^# \{0,1\}//p' "$0"; exit 0 ;;
        -*) echo "gen.sh: unknown option $1" >&2; exit 2 ;;
        *) outdir=$1; shift ;;
    esac
done
if [[ -z "$outdir" ]]; then
    echo "usage: gen.sh [--seed S] [--files N] [--min-lines A] [--max-lines B] OUTDIR" >&2
    exit 2
fi
mkdir -p "$outdir"

# The kernel shapes.  "%% NAME" starts one; each holds its kernel(s) and a
# host function launch_@ID@(float* a, float* b, float* c, int n, int w, int h,
# cudaStream_t s) (every buffer holds 8*n floats; n = w*h).  Placeholders:
# @ID@ unique suffix, @BS@ block size, @BX@ x @BY@ 2-D block, @TILE@ tile,
# @K@ 2..4, @R@ radius 1..3, @T@ element type, @C1@..@C3@ float constants.
templates() {
    cat <<'TPL'
%% axpy
// y = alpha*x + y, one element per thread.
__global__ void axpy_@ID@(float alpha, const float* __restrict__ x, float* __restrict__ y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = alpha * x[i] + y[i];
    }
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)c; (void)w; (void)h;
    const int threads = @BS@;
    axpy_@ID@<<<(n + threads - 1) / threads, threads, 0, s>>>(@C1@, a, b, n);
    CUDA_CHECK(cudaGetLastError());
}
%% gridstride
// Grid-stride loop through a device helper (leaky activation plus bias).
__device__ __forceinline__ float leaky_@ID@(float v, float slope)
{
    return v > 0.0f ? v : slope * v;
}

__global__ void activate_@ID@(const float* in, float* out, const float* bias, int n, int width)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float v = in[i] + bias[i % width];
        out[i] = leaky_@ID@(v, @C1@);
    }
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)h;
    const int threads = @BS@;
    int blocks = (n + threads - 1) / threads;
    if (blocks > 4096) blocks = 4096;
    activate_@ID@<<<blocks, threads, 0, s>>>(a, c, b, n, w);
    CUDA_CHECK(cudaGetLastError());
}
%% stencil5
// 5-point Jacobi step on a w x h grid, one thread per interior point.
#define AT_@ID@(x, y, w) ((y) * (w) + (x))

__global__ void jacobi_@ID@(const float* in, float* out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;
    float c = in[AT_@ID@(x, y, w)];
    float nb = in[AT_@ID@(x - 1, y, w)] + in[AT_@ID@(x + 1, y, w)]
             + in[AT_@ID@(x, y - 1, w)] + in[AT_@ID@(x, y + 1, w)];
    out[AT_@ID@(x, y, w)] = @C1@ * c + @C2@ * nb;
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)c; (void)n;
    dim3 block(@BX@, @BY@);
    dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
    jacobi_@ID@<<<grid, block, 0, s>>>(a, b, w, h);
    CUDA_CHECK(cudaGetLastError());
}
%% boxblur
// Box blur of radius R (a template parameter), clamped at the borders.
template <int R>
__global__ void box_@ID@(const float* in, float* out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float acc = 0.0f;
    int cnt = 0;
    for (int dy = -R; dy <= R; ++dy) {
        for (int dx = -R; dx <= R; ++dx) {
            int xx = min(max(x + dx, 0), w - 1);
            int yy = min(max(y + dy, 0), h - 1);
            acc += in[yy * w + xx];
            ++cnt;
        }
    }
    out[y * w + x] = acc / cnt;
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)b; (void)n;
    dim3 block(@BX@, @BY@);
    dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
    box_@ID@<@R@><<<grid, block, 0, s>>>(a, c, w, h);
    CUDA_CHECK(cudaGetLastError());
}
%% stencil3d
// 7-point heat step on an nx x ny x nz volume; each thread walks z.
__global__ void heat3d_@ID@(const float* in, float* out, int nx, int ny, int nz, float k)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
    const int plane = nx * ny;
    for (int z = 1; z < nz - 1; ++z) {
        int c = z * plane + y * nx + x;
        float lap = in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] + in[c - plane] + in[c + plane] - 6.0f * in[c];
        out[c] = in[c] + k * lap;
    }
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)c; (void)w; (void)h;
    const int nx = 64, ny = 64;
    const int nz = n / (nx * ny);
    dim3 block(@BX@, @BY@);
    dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);
    heat3d_@ID@<<<grid, block, 0, s>>>(a, b, nx, ny, nz, @C1@);
    CUDA_CHECK(cudaGetLastError());
}
%% rowthread
// Row sums, one thread per row: each thread walks its own row.
__global__ void rowsum_thread_@ID@(const float* m, float* sums, int rows, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float acc = 0.0f;
    for (int j = 0; j < cols; ++j) {
        acc += m[r * cols + j];
    }
    sums[r] = acc;
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)c; (void)n;
    const int threads = @BS@;
    rowsum_thread_@ID@<<<(h + threads - 1) / threads, threads, 0, s>>>(a, b, h, w);
    CUDA_CHECK(cudaGetLastError());
}
%% rowblock
// Row sums, one block per row: strided partial sums, warp shuffles, then the
// per-warp results through shared memory.
__device__ float warp_sum_@ID@(float v)
{
    for (int off = 16; off > 0; off >>= 1) {
        v += __shfl_down_sync(0xffffffffu, v, off);
    }
    return v;
}

__global__ void rowsum_block_@ID@(const float* m, float* sums, int cols)
{
    __shared__ float warp_part[32];
    const int row = blockIdx.x;
    float acc = 0.0f;
    for (int j = threadIdx.x; j < cols; j += blockDim.x) {
        acc += m[(size_t)row * cols + j];
    }
    acc = warp_sum_@ID@(acc);
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    if (lane == 0) warp_part[warp] = acc;
    __syncthreads();
    if (warp == 0) {
        acc = lane < (int)(blockDim.x >> 5) ? warp_part[lane] : 0.0f;
        acc = warp_sum_@ID@(acc);
        if (lane == 0) sums[row] = acc;
    }
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)b; (void)n;
    rowsum_block_@ID@<<<h, @BS@, 0, s>>>(a, c, w);
    CUDA_CHECK(cudaGetLastError());
}
%% transpose
// Tiled transpose through shared memory (padded to avoid bank conflicts).
#define TILE_@ID@ @TILE@
#define ROWS_@ID@ 8

__global__ void transpose_@ID@(const float* in, float* out, int w, int h)
{
    __shared__ float tile[TILE_@ID@][TILE_@ID@ + 1];
    int x = blockIdx.x * TILE_@ID@ + threadIdx.x;
    int y = blockIdx.y * TILE_@ID@ + threadIdx.y;
    for (int j = 0; j < TILE_@ID@; j += ROWS_@ID@) {
        if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
    }
    __syncthreads();
    x = blockIdx.y * TILE_@ID@ + threadIdx.x;
    y = blockIdx.x * TILE_@ID@ + threadIdx.y;
    for (int j = 0; j < TILE_@ID@; j += ROWS_@ID@) {
        if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
    }
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)c; (void)n;
    dim3 block(TILE_@ID@, ROWS_@ID@);
    dim3 grid((w + TILE_@ID@ - 1) / TILE_@ID@, (h + TILE_@ID@ - 1) / TILE_@ID@);
    transpose_@ID@<<<grid, block, 0, s>>>(a, b, w, h);
    CUDA_CHECK(cudaGetLastError());
}
%% matmul
// Shared-memory tiled matrix product C = A * B (N x N), tile size TS.
template <int TS>
__global__ void matmul_@ID@(const float* A, const float* B, float* C, int N)
{
    __shared__ float As[TS][TS];
    __shared__ float Bs[TS][TS];
    const int row = blockIdx.y * TS + threadIdx.y;
    const int col = blockIdx.x * TS + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < (N + TS - 1) / TS; ++t) {
        const int ac = t * TS + threadIdx.x;
        const int br = t * TS + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = (row < N && ac < N) ? A[row * N + ac] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = (br < N && col < N) ? B[br * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TS; ++k) {
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        }
        __syncthreads();
    }
    if (row < N && col < N) C[row * N + col] = acc;
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)n; (void)h;
    const int N = w < 512 ? w : 512;
    dim3 block(@TILE@, @TILE@);
    dim3 grid((N + @TILE@ - 1) / @TILE@, (N + @TILE@ - 1) / @TILE@);
    matmul_@ID@<@TILE@><<<grid, block, 0, s>>>(a, b, c, N);
    CUDA_CHECK(cudaGetLastError());
}
%% pairs
// Each thread combines @K@ adjacent elements of a typed input (a template).
template <typename T>
__global__ void combine_@ID@(const T* in, T* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        T acc = in[gid * @K@];
        for (int c = 1; c < @K@; ++c) {
            acc += in[gid * @K@ + c];
        }
        out[gid] = acc;
    }
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)c; (void)w; (void)h;
    const int threads = @BS@;
    combine_@ID@<@T@><<<(n + threads - 1) / threads, threads, 0, s>>>(
        reinterpret_cast<const @T@*>(a), reinterpret_cast<@T@*>(b), n);
    CUDA_CHECK(cudaGetLastError());
}
%% adjacent
// Interleaved pairs: each thread reads in[2*gid] and in[2*gid+1].
__global__ void magnitude_@ID@(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float re = in[gid * 2 + 0];
        float im = in[gid * 2 + 1];
        out[gid] = sqrtf(re * re + im * im);
    }
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)b; (void)w; (void)h;
    const int threads = @BS@;
    magnitude_@ID@<<<(n + threads - 1) / threads, threads, 0, s>>>(a, c, n);
    CUDA_CHECK(cudaGetLastError());
}
%% particles
// Array-of-structs particle update.
struct Particle_@ID@ {
    float x, y, z;
    float vx, vy, vz;
    float mass, charge;
};

__global__ void integrate_@ID@(Particle_@ID@* p, int n, float dt, float g)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Particle_@ID@ q = p[i];
    q.vz -= g * dt;
    q.vx *= @C1@;
    q.vy *= @C1@;
    q.x += q.vx * dt;
    q.y += q.vy * dt;
    q.z += q.vz * dt;
    if (q.z < 0.0f) {
        q.z = -q.z;
        q.vz = -q.vz * @C2@;
    }
    p[i] = q;
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)b; (void)c; (void)w; (void)h;
    const int count = n / (int)(sizeof(Particle_@ID@) / sizeof(float));
    const int threads = @BS@;
    integrate_@ID@<<<(count + threads - 1) / threads, threads, 0, s>>>(
        reinterpret_cast<Particle_@ID@*>(a), count, @C3@, 9.81f);
    CUDA_CHECK(cudaGetLastError());
}
%% histogram
// Histogram with per-block shared-memory bins, merged with atomics.
#define BINS_@ID@ 64

__global__ void histogram_@ID@(const float* v, unsigned int* bins, int n, float lo, float hi)
{
    __shared__ unsigned int local[BINS_@ID@];
    for (int b = threadIdx.x; b < BINS_@ID@; b += blockDim.x) local[b] = 0u;
    __syncthreads();
    const float scale = BINS_@ID@ / (hi - lo);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        int b = (int)((v[i] - lo) * scale);
        b = b < 0 ? 0 : (b >= BINS_@ID@ ? BINS_@ID@ - 1 : b);
        atomicAdd(&local[b], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < BINS_@ID@; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)b; (void)w; (void)h;
    CUDA_CHECK(cudaMemsetAsync(c, 0, BINS_@ID@ * sizeof(unsigned int), s));
    histogram_@ID@<<<120, @BS@, 0, s>>>(a, reinterpret_cast<unsigned int*>(c), n, 0.0f, 1.0f);
    CUDA_CHECK(cudaGetLastError());
}
%% softmax
// Row softmax, one block per row, dynamic shared memory for the reductions.
__global__ void softmax_@ID@(const float* in, float* out, int cols)
{
    extern __shared__ float red[];
    const float* x = in + (size_t)blockIdx.x * cols;
    float* y = out + (size_t)blockIdx.x * cols;
    float m = -3.0e38f;
    for (int j = threadIdx.x; j < cols; j += blockDim.x) m = fmaxf(m, x[j]);
    red[threadIdx.x] = m;
    __syncthreads();
    for (int st = blockDim.x / 2; st > 0; st >>= 1) {
        if (threadIdx.x < st) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + st]);
        __syncthreads();
    }
    m = red[0];
    __syncthreads();
    float sum = 0.0f;
    for (int j = threadIdx.x; j < cols; j += blockDim.x) sum += __expf(x[j] - m);
    red[threadIdx.x] = sum;
    __syncthreads();
    for (int st = blockDim.x / 2; st > 0; st >>= 1) {
        if (threadIdx.x < st) red[threadIdx.x] += red[threadIdx.x + st];
        __syncthreads();
    }
    const float inv = 1.0f / red[0];
    for (int j = threadIdx.x; j < cols; j += blockDim.x) y[j] = __expf(x[j] - m) * inv;
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)c; (void)n;
    const int threads = @BS@;
    softmax_@ID@<<<h, threads, threads * sizeof(float), s>>>(a, b, w);
    CUDA_CHECK(cudaGetLastError());
}
%% modes
// A kernel-wide mode switch (the same branch for every thread).
__global__ void blend_@ID@(const float* a, const float* b, float* out, int n, int mode)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i];
    float y = b[i];
    if (mode == 0) {
        out[i] = x + y;
    } else if (mode == 1) {
        out[i] = x * y;
    } else {
        out[i] = fmaxf(x, y) * @C1@;
    }
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)w; (void)h;
    const int threads = @BS@;
    for (int mode = 0; mode < 3; ++mode) {
        blend_@ID@<<<(n + threads - 1) / threads, threads, 0, s>>>(a, b, c, n, mode);
    }
    CUDA_CHECK(cudaGetLastError());
}
%% doublelit
// Float data with double literals (promoted arithmetic) in a helper.
__device__ float smoothstep_@ID@(float e0, float e1, float x)
{
    float t = (x - e0) / (e1 - e0);
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    return t * t * (3.0 - 2.0 * t);
}

__global__ void tonemap_@ID@(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = in[i] * 0.5 + 0.25;
        out[i] = smoothstep_@ID@(0.0f, 1.0f, v);
    }
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)b; (void)w; (void)h;
    const int threads = @BS@;
    tonemap_@ID@<<<(n + threads - 1) / threads, threads, 0, s>>>(a, c, n);
    CUDA_CHECK(cudaGetLastError());
}
%% macrokernels
// Unary kernels generated by a macro.
#define UNARY_KERNEL_@ID@(name, expr)                                  \
    __global__ void name(const float* in, float* out, int n)           \
    {                                                                  \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                 \
        if (i < n) {                                                   \
            float v = in[i];                                           \
            out[i] = (expr);                                           \
        }                                                              \
    }

UNARY_KERNEL_@ID@(square_@ID@, v * v)
UNARY_KERNEL_@ID@(negate_@ID@, -v)
UNARY_KERNEL_@ID@(sigmoid_@ID@, 1.0f / (1.0f + __expf(-v)))

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)w; (void)h;
    const int threads = @BS@;
    const int blocks = (n + threads - 1) / threads;
    square_@ID@<<<blocks, threads, 0, s>>>(a, b, n);
    negate_@ID@<<<blocks, threads, 0, s>>>(b, c, n);
    sigmoid_@ID@<<<blocks, threads, 0, s>>>(c, b, n);
    CUDA_CHECK(cudaGetLastError());
}
%% blockreduce
// Block-wide sum in shared memory, one atomic per block.
template <int BLOCK>
__global__ void dot_@ID@(const float* x, const float* y, float* result, int n)
{
    __shared__ float cache[BLOCK];
    float acc = 0.0f;
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x) {
        acc += x[i] * y[i];
    }
    cache[threadIdx.x] = acc;
    __syncthreads();
    for (int st = BLOCK / 2; st > 0; st >>= 1) {
        if (threadIdx.x < st) cache[threadIdx.x] += cache[threadIdx.x + st];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(result, cache[0]);
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)w; (void)h;
    CUDA_CHECK(cudaMemsetAsync(c, 0, sizeof(float), s));
    dot_@ID@<@BS@><<<240, @BS@, 0, s>>>(a, b, c, n);
    CUDA_CHECK(cudaGetLastError());
}
%% colscale
// Column scaling with a 2-D thread layout and a __constant__ table.
__constant__ float col_weight_@ID@[64];

__global__ void colscale_@ID@(float* m, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols) {
        m[row * cols + col] *= col_weight_@ID@[col & 63];
    }
}

static void launch_@ID@(float* a, float* b, float* c, int n, int w, int h, cudaStream_t s)
{
    (void)b; (void)c; (void)n;
    float weights[64];
    for (int i = 0; i < 64; ++i) weights[i] = 1.0f + i * @C1@;
    CUDA_CHECK(cudaMemcpyToSymbolAsync(col_weight_@ID@, weights, sizeof(weights), 0, cudaMemcpyHostToDevice, s));
    dim3 block(@BX@, @BY@);
    dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
    colscale_@ID@<<<grid, block, 0, s>>>(a, h, w);
    CUDA_CHECK(cudaGetLastError());
}
TPL
}

generator() {
    cat <<'AWK'
# Park-Miller "minimal standard" generator: exact in awk's doubles.
function rnd(n) {
    state = (state * 16807) % 2147483647
    return int(state % n)
}
function pick(list,    a, k) {
    k = split(list, a, " ")
    return a[1 + rnd(k)]
}
function constant() {
    return sprintf("%.3ff", (50 + rnd(900)) / 1000)
}
function nlines(s,    t) {
    t = s
    return gsub(/\n/, "", t)
}
function instantiate(body, id,    b, blk, xy) {
    b = body
    blk = pick("32x8 16x16 32x4 64x4 16x8")
    split(blk, xy, "x")
    gsub(/@ID@/, id, b)
    gsub(/@BS@/, pick("128 256 512"), b)
    gsub(/@BX@/, xy[1], b)
    gsub(/@BY@/, xy[2], b)
    gsub(/@TILE@/, pick("16 32"), b)
    gsub(/@K@/, pick("2 3 4"), b)
    gsub(/@R@/, pick("1 2 3"), b)
    gsub(/@T@/, pick("float double int"), b)
    gsub(/@C1@/, constant(), b)
    gsub(/@C2@/, constant(), b)
    gsub(/@C3@/, constant(), b)
    return b
}
/^%% / { nt++; tname[nt] = $2; tbody[nt] = ""; next }
{ tbody[nt] = tbody[nt] $0 "\n" }
END {
    state = seed % 2147483646 + 1
    for (f = 0; f < nfiles; f++) {
        tag = sprintf("%03d", f)
        file = outdir "/gen_" tag ".cu"
        # A shape adds at most ~50 lines past the target: keep it under max.
        span = maxl - minl - 50
        target = minl + (span > 0 ? rnd(span + 1) : 0)
        use_vector = rnd(2)
        head = "// gen_" tag ".cu - generated by bench/speed/gen.sh (seed " seed "), do not edit.\n"
        head = head "// A mix of kernels and the host code that launches them.\n"
        head = head "#include <cuda_runtime.h>\n#include <cstdio>\n#include <cstdlib>\n"
        if (use_vector) head = head "#include <vector>\n"
        head = head "\n#define CUDA_CHECK(call)                                                      \\\n"
        head = head "    do {                                                                       \\\n"
        head = head "        cudaError_t err_ = (call);                                             \\\n"
        head = head "        if (err_ != cudaSuccess) {                                             \\\n"
        head = head "            fprintf(stderr, \"%s:%d: %s\\n\", __FILE__, __LINE__,                \\\n"
        head = head "                    cudaGetErrorString(err_));                                 \\\n"
        head = head "            exit(1);                                                           \\\n"
        head = head "        }                                                                      \\\n"
        head = head "    } while (0)\n\n"
        body = ""
        nk = 0
        lines = nlines(head)
        # The driver below is about 45 lines plus one per launch.
        while (lines + 45 + nk < target || nk < 3) {
            t = 1 + rnd(nt)
            id = tag "_" nk
            inst = instantiate(tbody[t], id)
            body = body inst "\n"
            lines += nlines(inst) + 1
            ids[nk] = id
            nk++
        }
        drv = "// Host driver: allocate, upload, run every kernel, download.\n"
        drv = drv "int run_" tag "(int w, int h)\n{\n"
        drv = drv "    const int n = w * h;\n"
        drv = drv "    const size_t bytes = (size_t)n * 8 * sizeof(float);\n"
        if (use_vector) {
            drv = drv "    std::vector<float> host((size_t)n * 8);\n"
            hp = "host.data()"
            hv = "host"
        } else {
            drv = drv "    float* host = (float*)malloc(bytes);\n"
            drv = drv "    if (!host) return 1;\n"
            hp = "host"
            hv = "host"
        }
        drv = drv "    for (int i = 0; i < n * 8; ++i) " hv "[i] = (float)(i % " (89 + rnd(20)) ") * 0.01f;\n"
        drv = drv "    float* d_a = nullptr;\n    float* d_b = nullptr;\n    float* d_c = nullptr;\n"
        drv = drv "    CUDA_CHECK(cudaMalloc((void**)&d_a, bytes));\n"
        drv = drv "    CUDA_CHECK(cudaMalloc((void**)&d_b, bytes));\n"
        drv = drv "    CUDA_CHECK(cudaMalloc((void**)&d_c, bytes));\n"
        drv = drv "    CUDA_CHECK(cudaMemcpy(d_a, " hp ", bytes, cudaMemcpyHostToDevice));\n"
        drv = drv "    CUDA_CHECK(cudaMemcpy(d_b, " hp ", bytes, cudaMemcpyHostToDevice));\n"
        drv = drv "    CUDA_CHECK(cudaMemset(d_c, 0, bytes));\n"
        drv = drv "    cudaStream_t s;\n    CUDA_CHECK(cudaStreamCreate(&s));\n"
        drv = drv "    cudaEvent_t t0, t1;\n    CUDA_CHECK(cudaEventCreate(&t0));\n    CUDA_CHECK(cudaEventCreate(&t1));\n"
        drv = drv "    CUDA_CHECK(cudaEventRecord(t0, s));\n"
        for (k = 0; k < nk; k++) drv = drv "    launch_" ids[k] "(d_a, d_b, d_c, n, w, h, s);\n"
        drv = drv "    CUDA_CHECK(cudaEventRecord(t1, s));\n"
        drv = drv "    CUDA_CHECK(cudaStreamSynchronize(s));\n"
        drv = drv "    float ms = 0.0f;\n    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));\n"
        drv = drv "    CUDA_CHECK(cudaMemcpy(" hp ", d_c, bytes, cudaMemcpyDeviceToHost));\n"
        drv = drv "    double checksum = 0.0;\n"
        drv = drv "    for (int i = 0; i < n; ++i) checksum += " hv "[i];\n"
        drv = drv "    printf(\"gen_" tag ": %d kernels, %.3f ms, checksum %.6f\\n\", " nk ", ms, checksum);\n"
        drv = drv "    CUDA_CHECK(cudaEventDestroy(t0));\n    CUDA_CHECK(cudaEventDestroy(t1));\n"
        drv = drv "    CUDA_CHECK(cudaStreamDestroy(s));\n"
        drv = drv "    CUDA_CHECK(cudaFree(d_a));\n    CUDA_CHECK(cudaFree(d_b));\n    CUDA_CHECK(cudaFree(d_c));\n"
        if (!use_vector) drv = drv "    free(host);\n"
        drv = drv "    return 0;\n}\n\n"
        drv = drv "int main(int argc, char** argv)\n{\n"
        drv = drv "    const int w = argc > 1 ? atoi(argv[1]) : 1024;\n"
        drv = drv "    const int h = argc > 2 ? atoi(argv[2]) : 1024;\n"
        drv = drv "    return run_" tag "(w, h);\n}\n"
        printf "%s%s%s", head, body, drv > file
        close(file)
    }
}
AWK
}

awk -v seed="$seed" -v nfiles="$nfiles" -v minl="$min_lines" -v maxl="$max_lines" -v outdir="$outdir" \
    -f <(generator) <(templates)
