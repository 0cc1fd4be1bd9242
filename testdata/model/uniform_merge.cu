// Model golden: values the same for every thread of a block that the model
// cannot write as sums of products.  A remainder of the block index is a
// value of its own; an offset that a uniform condition sets on both paths
// (to two non-constant values) is one unknown value per block, so the
// accesses it offsets keep their lanes.  A choice between two constants, a
// thread-dependent condition, and a path that leaves a value unset stay
// unknown.
__global__ void masked_rows(const float* src, const unsigned char* mask, float* dst, int heads, int len,
                            int count, int broadcast)
{
    int query = blockIdx.x % len;  // one value per block
    int offset;
    if (broadcast == 1) {
        offset = query * count;
    } else {
        int batch = blockIdx.x / heads / len;
        offset = (batch * len + query) * count;
    }
    for (int i = threadIdx.x; i < count; i += blockDim.x) {
        float v = mask[offset + i] ? 0.0f : src[blockIdx.x * count + i];
        dst[blockIdx.x * count + i] = v;
    }
    int per_thread;
    if (threadIdx.x < 16) per_thread = query * 2;
    else per_thread = query * 3;
    dst[per_thread + threadIdx.x] = 0.0f;  // thread-dependent choice: unknown
    int step;
    if (broadcast) step = 1;
    else step = 2;
    dst[threadIdx.x * step] = 1.0f;  // 1 or 2: unknown, not a width
}
