// uncoalesced-row, positive: a matrix view with run-time strides. Each
// thread walks its own row of A with the column stride as the loop's step;
// when the column stride is 1 (a view that is not transposed, the normal
// case) lanes are row_stride elements apart. Reported as a walk "when
// col_stride is 1".
#include <cuda_runtime.h>

__global__ void row_dot(const float* A, const float* x, float* y, int rows, int cols, int row_stride, int col_stride)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows) return;
    float s = 0.0f;
    for (int l = 0; l < cols; l++)
        s += A[i * row_stride + l * col_stride] * x[l]; // expect: uncoalesced-row base=A loop_var=l row_width=row_stride
    y[i] = s;
}
