// A row-major matrix helper in the project's include directory.
#pragma once

__device__ inline float element_at(const float *m, int row, int cols, int col)
{
    return m[row * cols + col];
}
