// Model golden: macros are followed (the AST holds their expansion).
// Object-like, function-like and nested macros compute indices; ranges are
// reported at the expansion site.

#define TILE 16
#define ROW_WIDTH (TILE * 4)
#define GLOBAL_TID (blockIdx.x * blockDim.x + threadIdx.x)
#define IDX2(r, c, w) ((r) * (w) + (c))
#define AT(p, r, c) (p)[IDX2(r, c, ROW_WIDTH)]
#define LOAD_PAIR(dst, src, i) do { (dst)[2 * (i)] = (src)[2 * (i)]; (dst)[2 * (i) + 1] = (src)[2 * (i) + 1]; } while (0)

__global__ void macro_indices(const float* in, float* out)
{
    int tid = GLOBAL_TID;
    out[tid] = in[tid + TILE];
    out[IDX2(threadIdx.y, threadIdx.x, ROW_WIDTH)] = 0.0f;
    AT(out, blockIdx.x, threadIdx.x) = AT(in, threadIdx.x, 3);
}

__global__ void macro_statement(const float2* in, float2* out)
{
    LOAD_PAIR(out, in, threadIdx.x);
}
