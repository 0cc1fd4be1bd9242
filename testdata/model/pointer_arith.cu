// Model golden: pointer arithmetic. A pointer local is a base (the kernel
// parameter it comes from) plus a byte offset: p = in + tid*W, p[i], *(p+i),
// p++, p += k, pointer differences and a pointer chosen by a branch.

#define W 8

__global__ void row_pointer(const float* in, float* out)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const float* p = in + tid * W;   // row start
    float* q = &out[tid];            // address-of an element
    float s = p[0] + p[3];           // p[i]
    s += *(p + 5);                   // *(p+i)
    const float* r = p;
    r++;                             // one element further
    s += *r;
    r += 2;
    s += r[0];
    *q = s;
    // model-note (minor): deps are a union and do not shrink when terms cancel: q[blockIdx.x] below
    // model-note: has bytes=4*blockIdx.x but deps=thread|block|dim|param.
    q -= tid;                        // back to out
    q[blockIdx.x] = s;
}

__global__ void walk_pointer(const int* in, int* out, int n)
{
    const int* p = in + threadIdx.x;
    int acc = 0;
    for (int k = 0; k < n; ++k) {
        acc += *p;                   // induction pointer: in + 4*threadIdx.x + 128*k
        p += 32;
    }
    out[threadIdx.x] = acc;
    const int* a = in + 10;
    const int* b = in + 4;
    out[a - b] = acc;                // a pointer difference is not tracked
}

__global__ void pick_pointer(const float* x, const float* y, float* out, int which)
{
    const float* src = which ? x : y;  // two bases: unknown
    out[threadIdx.x] = src[threadIdx.x];
    const float* z = threadIdx.x < 16 ? x : x + 16;  // same base, unknown offset
    out[threadIdx.x] += z[threadIdx.x];
}
