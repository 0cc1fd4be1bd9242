// uniform-branch, negative: a struct that starts from launch-time values but
// is filled from memory, whole in one path and field by field in the other,
// carries the loaded data after the two paths meet: the branch on it in the
// loop is per-thread data, not a launch-time value.
#include <cuda_runtime.h>

struct Range {
    int begin;
    int end;
};

__global__ void gather_ranges(const Range* ranges, const float* x, float* y, int n, int packed)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    Range r = {0, n};
    if (packed) {  // expect: uniform-branch
        r = ranges[t];
    } else {
        r.begin = ranges[2 * t].begin;
        r.end = ranges[2 * t + 1].end;
    }
    float acc = 0.0f;
    for (int j = 0; j < n; j++) {
        if (r.begin > 0)  // expect-none
            acc += x[j];
    }
    y[t] = acc;
}
