// Model golden: switch statements and ?: expressions. A switch on a uniform
// parameter or on the lane; a variable set in the cases is unknown after the
// switch; ?: with a thread-dependent and a uniform condition, and a ?: that
// selects between two offsets of the same pointer.

__global__ void by_mode(const float* in, float* out, int mode, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = 1;
    switch (mode) {                  // uniform
    case 0:
        out[t] = in[t];
        break;
    case 1:
        stride = 2;
        out[t] = in[2 * t];
        break;
    default:
        out[t] = 0.0f;
    }
    out[t * stride] = 1.0f;          // stride: 1 or 2, unknown here
    switch (threadIdx.x % 4) {       // thread-dependent
    case 0: out[t] += 1.0f; break;
    case 3: out[t] -= 1.0f; break;
    }
    int lo = t < n ? t : n - 1;      // thread-dependent ?:
    out[lo] = in[lo];
    int w = mode > 2 ? 64 : 32;      // uniform ?:
    out[t * w] = 0.0f;
    int k = 8 > 4 ? 3 : 5;           // constant ?: folds to 3
    out[t + k] = 0.0f;
    out[t] = (t & 1) ? in[t] : in[t + 1];   // a ?: choosing between loads
}
