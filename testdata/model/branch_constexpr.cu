// Model golden: branches whose condition is known at compile time: `if
// constexpr` in an instantiated template, a condition on a template parameter,
// sizeof, a constexpr local and a macro; they are marked constant.

#define USE_BIAS 1

// model-note: the instantiation bias_add<2, true> is named `bias_add<2, -1>`: a bool template
// model-note: argument true prints as -1 (it should print true, or 1).
template <int VEC, bool HAS_BIAS>
__global__ void bias_add(const float* in, const float* bias, float* out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if constexpr (VEC == 2) {
        out[2 * t] = in[2 * t];
        out[2 * t + 1] = in[2 * t + 1];
    } else {
        out[t] = in[t];
    }
    // a branch that folds is marked constant and only the path taken is walked:
    // in bias_add<1, false> the bias[] load below is dead code, not recorded
    // (same for `sizeof(float) == 8` in folded)
    if (HAS_BIAS)
        out[t] += bias[threadIdx.x];
}

__global__ void folded(float* out, int n)
{
    constexpr int kLanes = 32;
    if (kLanes == 32)
        out[threadIdx.x] = 1.0f;
    if (sizeof(float) == 8)
        out[threadIdx.x] = 2.0f;
    if (USE_BIAS && n > 0)           // partly constant: depends on n
        out[0] = 3.0f;
#if USE_BIAS
    if (USE_BIAS)
        out[1] = 4.0f;
#endif
}

void run(const float* in, const float* bias, float* out)
{
    bias_add<2, true><<<64, 128>>>(in, bias, out);
    bias_add<1, false><<<128, 128>>>(in, bias, out);
}
