/* Device functions compiled on their own (-rdc) and called by kernels of
 * another program: no kernel here calls them. */
__device__ float blend(float a, float b)
{
    return a * 0.25 + b;
}

__device__ float blend_twice(float a, float b)
{
    return blend(blend(a, b), b);
}
