// Model golden: a local struct is one value for all its fields. Assigned
// whole (s = in[t], a call to the implicit operator=, which is not inlined)
// it takes the loaded value; assigned field by field it keeps what it had and
// adds each field's value. Either way what it depends on survives the merge
// of two paths, so the branches on it below depend on data.

struct Span {
    int first;
    int count;
};

__global__ void spans(const Span* in, float* y, int m, int whole)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    Span s;
    if (whole) {
        s = in[t];                    // whole: thread|data
    } else {
        s.first = in[t].first;        // field by field
        s.count = m;
    }
    Span u;
    u.first = in[0].first;            // data loaded at a uniform address
    u.count = 0;
    u.count += m;
    for (int j = 0; j < m; j++) {
        if (s.count > 4)              // deps include thread and data
            y[t] += 1.0f;
        if (u.first > 4)              // deps include data
            y[t] += 2.0f;
    }
}
