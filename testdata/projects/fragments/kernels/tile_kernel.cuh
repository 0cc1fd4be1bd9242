/* The kernel of scale.cu, kept in a file of its own: TILE and elem_t are
 * scale.cu's. */
__global__ void scale_tile(elem_t *v, int n)
{
    int i = blockIdx.x * TILE + threadIdx.x;
    if (i < n) v[i] = v[i] * 1.5;
}
