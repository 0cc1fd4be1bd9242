// TILE comes from this kernel's host; other_kernel.opencl's default is not
// put before it.
__kernel void Scale(__global real* x)
{
    x[get_global_id(0)] *= (real)TILE;
}
