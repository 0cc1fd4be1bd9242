// Model golden: if/else branches and what their condition depends on:
// the thread index, a kernel parameter (uniform), blockIdx, a loaded value
// (data), a loop counter, and a local assigned differently on two paths.

__global__ void branches(const float* in, float* out, int n, int mode, float eps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)                        // thread-dependent
        return;
    if (mode == 1)                     // uniform: a parameter
        out[t] = in[t];
    else if (mode == 2)                // the else-if is its own branch
        out[t] = -in[t];
    else
        out[t] = 0.0f;
    if (blockIdx.x == 0)               // block-dependent
        out[0] = 1.0f;
    if (in[t] > eps)                   // data-dependent
        out[t] = eps;
    int off = 0;
    if (threadIdx.x & 1)               // the paths assign different values
        off = 1;
    else
        off = 2;
    out[t + off] = 0.0f;               // off is now unknown (thread-dependent)
    int same = 4;
    if (mode > 3)
        same = 4;                      // both paths agree: still 4
    out[t + same] = 0.0f;
    for (int i = 0; i < n; ++i)
        if (i % 2 == 0 && (warpSize & 31) == 0)   // loop-dependent, inside a loop
            out[i] += 1.0f;
}
