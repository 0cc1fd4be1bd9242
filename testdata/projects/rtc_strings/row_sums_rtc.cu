// A kernel handed to NVRTC as a string literal, with the header it
// includes given to the compiler from memory: the file's own code has no
// kernel, the string's is analysed at its lines here.
#include <vector>

typedef struct _nvrtcProgram *nvrtcProgram;
extern "C" int nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name, int num_headers,
                                  const char *const *headers, const char *const *include_names);
extern "C" int nvrtcCompileProgram(nvrtcProgram prog, int num_options, const char *const *options);

static const char *row_sums_src = R"(
#include "real.h"
extern "C" __global__ void row_sums(const real *m, real *out, int width)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    real s = 0;
    for (int j = 0; j < width; j++) s += m[row * width + j];
    out[row] = s;
}
)";

int build_row_sums(void)
{
    std::vector<const char *> names, sources;
    names.push_back("real.h");
    sources.push_back("#pragma once\n"
                      "typedef float real;\n");
    nvrtcProgram prog;
    nvrtcCreateProgram(&prog, row_sums_src, "row_sums.cu", (int)sources.size(), sources.data(), names.data());
    return nvrtcCompileProgram(prog, 0, nullptr);
}
