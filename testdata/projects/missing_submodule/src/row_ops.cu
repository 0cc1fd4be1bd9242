// Per-row statistics through the generic launcher.  The vectors' type
// depends on the missing submodule (through its allocator's initializer).
#include "device_vector.cuh"
#include "launch.cuh"

namespace mlib {
void row_sums(device_vector<float> &matrix, device_vector<float> &sums, int rows, int cols)
{
    auto d_matrix = matrix.data();
    auto d_sums = sums.data();
    launch_n(rows, [=] __device__(int r) {
        float s = 0.0f;
        for (int c = 0; c < cols; ++c) s += d_matrix[r * cols + c];
        d_sums[r] = s;
    });
}
}  // namespace mlib
