// Model golden: double math functions reached through a promotion:
// exp(-x * 1.0), sqrt of a promoted sum, pow(x, 2.0) (the promoted float is
// the argument itself), a math call on a plain double, and the float forms
// (expf, sqrtf). Also a promotion inside a __device__ helper.

__device__ float softplus(float x)
{
    return log(1.0 + exp(x));
}

__global__ void activations(const float* in, float* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float a = exp(-x * 1.0);
    float b = sqrt(x + 0.25);
    // model-note: pow(x, 2.0) with a float x records no promotion: the shim resolves it to the
    // model-note: mixed-type template pow<float, double>, so x is not promoted at the call and the
    // model-note: "pow(x, 2.0)-style" case of eval_call never matches. Expected:
    // model-note: double <line>:22 2.0 in 'pow(x, 2.0)' (float operand 'x') math pow.
    float c = pow(x, 2.0);
    float d = expf(-x) + sqrtf(x);    // float math: nothing
    double e = exp(3.0);              // double only: nothing
    out[t] = a + b + c + d + (float)e + softplus(x);
}
