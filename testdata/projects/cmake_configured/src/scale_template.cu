// A source template: CMakeLists.txt writes one copy per element type and
// block size (file(READ), string(REPLACE), file(WRITE)); alone it does not
// compile. gpulint analyses the first copy: float, 256.
__global__ void scale_by_half(SCALE_TYPE* v, int n)
{
    int i = blockIdx.x * SCALE_BLOCK + threadIdx.x;
    if (i < n) v[i] = v[i] * 0.5;
}
