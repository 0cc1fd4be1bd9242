// Found by path suffix: src/ includes "common/helpers.cuh", which is under lib/.
#pragma once
#include <mathutil/fast.h>
typedef float real_t;
#define GLOBAL_INDEX (blockIdx.x * blockDim.x + threadIdx.x)
