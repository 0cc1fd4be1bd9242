// uncoalesced-adjacent, OpenCL C grid-stride loops that stay coalesced.

__kernel void saxpy(__global const float* x, __global float* y, const float a, const int n)
{
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        y[i] = a * x[i] + y[i];  // expect-none
}

// Row per work-item with a grid stride over rows: the row rule's shape.
__kernel void row_sums(__global const float* m, __global float* s, const int rows)
{
    for (int r = get_global_id(0); r < rows; r += get_global_size(0)) {
        float acc = 0.0f;
        for (int c = 0; c < 16; c++) acc += m[16 * r + c];  // expect-none
        s[r] = acc;
    }
}

// The pair is split over two halves of the array: coalesced in each half.
__kernel void halves(__global const float* x, __global float* y, const int n)
{
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        y[i] = x[i] - x[i + n];  // expect-none
}
