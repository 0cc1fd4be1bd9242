// A declaration clang cannot deduce: an array of `auto` with a scalar
// initializer.  libclang's size query crashed on the undeduced type
// (model build, cx.c type_size).
__global__ void folded(float* out, int n)
{
    if (n > 0) auto out[0] = 3.0f;
    out[threadIdx.x] = 1.0f;
}
