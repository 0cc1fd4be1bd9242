// Model golden: __constant__ memory. A scalar __constant__ is a uniform
// symbol (constmem dependency); a __constant__ array is accessed in the
// constant space; a pointer held in __constant__ memory points at global
// memory (its loads are global); cudaMemcpyToSymbol records which symbol the
// host writes and, when known, the value: a constant, or the cases of a
// switch on it.

__constant__ int c_width;
__constant__ int c_taps;
__constant__ float c_weights[32];
__constant__ float c_bias;
__constant__ const float* c_gain;

__global__ void conv_rows(const float* in, float* out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y;
    float s = c_bias;
    for (int k = 0; k < c_taps; ++k)
        s += c_weights[k] * in[y * c_width + x + k];
    out[y * c_width + x] = s * c_gain[x];
    if (c_width > 1024)
        out[0] = c_weights[threadIdx.x & 31];
}

void set_params(int width, int taps, const float* w)
{
    const int kWidth = 2048;
    cudaMemcpyToSymbol(c_width, &kWidth, sizeof(int));           // a constant
    switch (taps) {
    case 3: case 5: case 7: break;
    default: return;
    }
    cudaMemcpyToSymbol(c_taps, &taps, sizeof(int));              // one of 3, 5, 7
    cudaMemcpyToSymbol(c_weights, w, taps * sizeof(float));     // unknown
    float bias = 0.5f;
    cudaMemcpyToSymbol(c_bias, &bias, sizeof(float));            // not an integer
    (void)width;
}
