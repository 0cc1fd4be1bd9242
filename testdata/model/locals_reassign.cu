// Model golden: local variables, reassignment and scopes.
// A local copies the value of its initializer; a reassignment replaces it;
// a variable declared in an inner scope does not leak out of it.

__global__ void scale_rows(const float* in, float* out, int width, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int idx = tid;              // a copy of tid
    out[idx] = in[idx];         // 4*threadIdx.x + 4*blockIdx.x*blockDim.x
    idx = tid * 2;              // reassigned: now 2*tid
    out[idx] = in[idx + 1];
    idx = idx + width;          // depends on the parameter width
    out[idx] = 0.0f;
    {
        int tid = threadIdx.x;  // shadows the outer tid in this block only
        out[tid] = 1.0f;
    }
    out[tid] = 2.0f;            // the outer tid again
    unsigned u = tid;           // integer conversions keep the value
    long long w = u + n;
    out[w] = 3.0f;
}

__global__ void opaque_locals(const float* in, float* out, const int* map)
{
    int tid = threadIdx.x;
    int j = map[tid];           // a value loaded from memory: data-dependent
    out[j] = in[tid];
    float f = in[tid] * 2.0f;   // a float local keeps only its dependencies
    int k = (int)f;
    out[k] = f;
    int r = tid % 7;            // not affine: opaque, still thread-dependent
    out[r] = 0.0f;
}
