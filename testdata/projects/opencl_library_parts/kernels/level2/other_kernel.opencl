// Another program of the library: a kernel of its own with a TILE default.
// Its default is no value for other kernels (their host sets theirs).
#ifndef TILE
  #define TILE 16
#endif
__kernel void Fill(__global real* x)
{
    x[get_global_id(0)] = (real)TILE;
}
