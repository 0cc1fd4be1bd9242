// The level's part: tuning defaults the host may override with -D, and a
// helper every kernel of the level calls.  It needs common.opencl first.
#ifndef WGS
  #define WGS 64
#endif
INLINE_FUNC real LoadValue(const __global real* x, const int i)
{
    return x[i];
}
