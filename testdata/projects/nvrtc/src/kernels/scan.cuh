// Compiled at run time: STEPS is a run-time value of the host (scan.cpp),
// not a constant: it stays undefined here.
__global__ void scan_steps(float* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int s = 0; s < STEPS; s++)
        if (i < n) v[i] += 1.0f;
}
