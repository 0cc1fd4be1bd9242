#include <geom/types.hpp>

// One thread per row, walking its row: neighbouring threads read addresses
// a whole row apart.
__global__ void row_mean(const float* in, float* out, Dims d)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= d.height) return;
    float sum = 0.0f;
    for (int c = 0; c < d.width; c++) sum += in[row * d.width + c];
    out[row] = sum / d.width;
}
