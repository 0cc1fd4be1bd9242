// uncoalesced-row, positives whose cost is set by how far each thread walks:
// a thread copies the 9 floats of its own 3x3 matrix (lanes `stride` floats
// apart, a runtime value) in a loop of 9 iterations: it reads 9 elements of
// its row, so the walk is read as W=9 (low), not as the assumed W=64; a
// constant inner loop inside an outer loop that walks on along the same row
// is a long walk (high).
#include <cuda_runtime.h>

__global__ void load_homographies(const float *H, float *out, int stride, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n) return;
    float h[9];
    for (int i = 0; i < 9; i++) h[i] = H[tid * stride + i];  // expect: uncoalesced-row walk_length=9 severity=low
    out[tid] = h[0] * h[4] * h[8] - h[2] * h[4] * h[6];
}

__global__ void row_sums(const float *a, float *sums, int ld, int cols)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int c0 = 0; c0 < cols; c0 += 32)
        for (int c = 0; c < 32; c++) s += a[row * ld + c0 + c];  // expect: uncoalesced-row severity=high
    sums[row] = s;
}
