/*
 * fixed-block-16x16: a kernel launched with a hard-coded 16x16 block.
 *
 * Parameters (defaults in brackets):
 *   GL_CONTEXT   0 = row-major 2-D copy (out[y*W+x] = in[y*W+x]; evidence
 *                  contexts "row-major", "ignores-2d", "other");
 *                1 = row-reuse kernel ([Yang] Fig. 8 shape, evidence context
 *                  "row-reuse"): an activation matrix C[i][j] = sum_k A[i][k]*B[j][k],
 *                  thread (x=j, y=i) walks row i of A and row j of B, rows
 *                  reused through the caches [0]
 *   GL_SHAPE_X, GL_SHAPE_Y  the finding's block shape [16, 16]
 *   GL_REUSE_K   row length k of A and B in context 1 [32]
 * Variants: the finding's shape first (named "XxY"), then 16x16, 32x8, 64x4,
 * 8x32, 4x64, skipping any equal to the finding's shape.  The same kernel runs
 * with every shape (only the launch differs), so registers are identical.
 * Context 0: a 256 MiB float matrix (8192 wide) copied, bit-exact check, GB/s.
 * Context 1: an 8192 x 8192 float C (256 MiB written), A and B 8192 x K;
 * identical summation order in every shape (compared with rtol 1e-6; the
 * error printed is 0); Gop/s counts FLOPs (2 per multiply-add).
 */
#ifndef GPULINT_BENCH_H
#include "../gpulint_bench.h"
#endif

#ifndef GL_FINDING_ID
#define GL_FINDING_ID "standalone"
#endif
#ifndef GL_RULE
#define GL_RULE "fixed-block-16x16"
#endif
#ifndef GL_LOCATION
#define GL_LOCATION "unknown:0"
#endif
#ifndef GL_CONTEXT
#define GL_CONTEXT 0
#endif
#ifndef GL_SHAPE_X
#define GL_SHAPE_X 16
#endif
#ifndef GL_SHAPE_Y
#define GL_SHAPE_Y 16
#endif
#ifndef GL_REUSE_K
#define GL_REUSE_K 32
#endif

namespace fb {

static_assert(GL_CONTEXT == 0 || GL_CONTEXT == 1, "GL_CONTEXT must be 0 or 1");
static_assert(GL_SHAPE_X >= 1 && GL_SHAPE_Y >= 1 && GL_SHAPE_X * GL_SHAPE_Y <= 1024,
              "block shape must have 1..1024 threads");
static_assert(GL_REUSE_K >= 1, "GL_REUSE_K must be >= 1");

__global__ void copy2d(const float *in, float *out, int W, int H)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < W && y < H)
        out[y * W + x] = in[y * W + x];
}

__global__ void row_reuse(const float *A, const float *B, float *C, int n, int m, int K)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x; /* column of C, row of B */
    int i = blockIdx.y * blockDim.y + threadIdx.y; /* row of C, row of A */
    if (i < n && j < m) {
        float s = 0.f;
        for (int k = 0; k < K; k++)
            s = fmaf(A[i * K + k], B[j * K + k], s);
        C[i * m + j] = s;
    }
}

struct Shape {
    int x, y;
};

} /* namespace fb */

int main(int argc, char **argv)
{
    using namespace fb;
    gl::Bench b(argc, argv, GL_FINDING_ID, GL_RULE, GL_LOCATION);

    std::vector<Shape> shapes = {{GL_SHAPE_X, GL_SHAPE_Y}};
    const Shape sweep[] = {{16, 16}, {32, 8}, {64, 4}, {8, 32}, {4, 64}};
    for (const Shape &s : sweep)
        if (s.x != GL_SHAPE_X || s.y != GL_SHAPE_Y)
            shapes.push_back(s);

    char shape_str[32];
    std::snprintf(shape_str, sizeof shape_str, "%dx%d", GL_SHAPE_X, GL_SHAPE_Y);
    b.param("shape", shape_str);
    b.param("context", GL_CONTEXT);
    b.param("access", GL_CONTEXT == 0 ? "row-major copy" : "row-reuse (activation matrix)");

#if GL_CONTEXT == 0
    const int W = 8192;
    const int H = (int)std::max<size_t>(64, gl::round_down(b.bandwidth_bytes() / (sizeof(float) * W), 64));
    const size_t elems = (size_t)W * H;
    b.param("width", W);
    b.param("height", H);
    float *in = b.alloc<float>(elems);
    float *out = b.alloc<float>(elems);
    b.fill(in, elems, 1);
    b.set_output(out, elems);
    const double bytes = 2.0 * elems * sizeof(float);
    for (const Shape &s : shapes) {
        dim3 blk(s.x, s.y), grd(gl::blocks_for(W, s.x), gl::blocks_for(H, s.y));
        char name[32];
        std::snprintf(name, sizeof name, "%dx%d", s.x, s.y);
        b.add_variant(name, (const void *)copy2d, [=] {
             copy2d<<<grd, blk>>>(in, out, W, H);
             GL_CHECK_LAUNCH();
         }).set_bytes(bytes).set_shape((long long)grd.x * grd.y, s.x * s.y);
    }
#else
    const int n = b.quick() ? 2048 : 8192, m = n, K = GL_REUSE_K;
    b.param("n", n);
    b.param("m", m);
    b.param("k", K);
    float *A = b.alloc<float>((size_t)n * K);
    float *B = b.alloc<float>((size_t)m * K);
    float *C = b.alloc<float>((size_t)n * m);
    b.fill(A, (size_t)n * K, 1);
    b.fill(B, (size_t)m * K, 2);
    b.set_output(C, (size_t)n * m);
    const double flops = 2.0 * n * (double)m * K;
    for (const Shape &s : shapes) {
        dim3 blk(s.x, s.y), grd(gl::blocks_for(m, s.x), gl::blocks_for(n, s.y));
        char name[32];
        std::snprintf(name, sizeof name, "%dx%d", s.x, s.y);
        b.add_variant(name, (const void *)row_reuse, [=] {
             row_reuse<<<grd, blk>>>(A, B, C, n, m, K);
             GL_CHECK_LAUNCH();
         }).set_ops(flops).set_shape((long long)grd.x * grd.y, s.x * s.y).set_tolerance(1e-6);
    }
    b.note("row-reuse: a warp of an XxY block touches X rows of B and 32/X rows of A per load (X >= 32: 32 + 1); "
           "Gop/s counts FLOPs");
#endif
    return b.run();
}
