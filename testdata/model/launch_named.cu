// Model golden: block shapes spelled through names: a macro, a const int, a
// constexpr, a local assigned once, a local reassigned (runtime), a function
// parameter (runtime), a value from a tuning table (runtime), a dim3 variable
// built from macros, and a dim3 copied from another dim3 variable.

#define BLOCK 256
#define BX 32
#define BY 8

__global__ void k1d(float* p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f; }
__global__ void k2d(float* p, int w)
{
    p[(blockIdx.y * blockDim.y + threadIdx.y) * w + blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
}
__global__ void k_runtime(float* p) { p[threadIdx.x] = 0.0f; }

static const int kThreads = 128;
static const int kTable[3] = {64, 128, 256};

void launch_all(float* p, int n, int threads, int level)
{
    k1d<<<n / BLOCK, BLOCK>>>(p);                    // macro
    k1d<<<n / kThreads, kThreads>>>(p);              // const int (file scope)
    // model-note (minor): a constexpr local is described as "const kLocal": the "constexpr" origin
    // model-note: of dim_value is unreachable because a constexpr variable is const-qualified.
    constexpr int kLocal = 512;
    k1d<<<n / kLocal, kLocal>>>(p);                  // constexpr local
    int once = 64;
    k1d<<<n / once, once>>>(p);                      // local assigned once
    dim3 tile(BX, BY);
    k2d<<<dim3(n / BX, n / BY), tile>>>(p, n);       // dim3 variable from macros
    dim3 same = tile;
    k2d<<<1, same>>>(p, n);                          // a copy of it
    int tuned = 128;
    if (n > 4096) tuned = 256;
    k_runtime<<<1, tuned>>>(p);                      // reassigned: runtime
    k_runtime<<<1, threads>>>(p);                    // a parameter: runtime
    k_runtime<<<1, kTable[level]>>>(p);              // table element: runtime
}
