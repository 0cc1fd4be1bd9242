// A benchmark program whose command-line flags come from a missing library
// (gflags): DEFINE_int32(...) at file scope is a host variable clang cannot
// read, with its arguments. The kernel is analysed in full: ok.
#include <cuda_runtime.h>
#include <thirdparty/flags.h>

DEFINE_int32(rows, 10000, "rows in matrix");
DEFINE_string(mode,
              "fast",
              "how to run");

__global__ void scale(float* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * 0.1;
}

int main(int argc, char** argv)
{
    thirdparty::ParseCommandLineFlags(&argc, &argv, true);
    int rows = FLAGS_rows;
    float* v;
    cudaMalloc(&v, rows * sizeof(float));
    scale<<<(rows + 255) / 256, 256>>>(v, rows);
    return 0;
}
