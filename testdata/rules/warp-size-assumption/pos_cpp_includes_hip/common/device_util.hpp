// A project header that brings in HIP: a .cpp that includes it (with
// quotes, beside it) is HIP too.
#pragma once
#include <hip/hip_runtime.h>
#define LANE_OF(t) ((t) & 31)
