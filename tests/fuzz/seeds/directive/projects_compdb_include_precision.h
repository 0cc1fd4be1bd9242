// The build decides the constant's type (-DPRECISION_DOUBLE=1 in the
// compile database).
#pragma once
#if PRECISION_DOUBLE
#define GAIN 1.5
#else
#define GAIN 1.5f
#endif
#if !FROM_HOST_FLAGS
#error "-Xcompiler=-DFROM_HOST_FLAGS=1 was not translated"
#endif
