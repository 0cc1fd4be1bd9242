// Model golden: typedef'd and aliased types, enum constants and sizeof in
// index arithmetic. The element type is spelled as written; its size comes
// from the canonical type.

typedef float real;
using index_t = long long;
typedef struct { real re, im; } complex_t;
enum { kRow = 64, kPad = 1 };

__global__ void aliases(const real* __restrict__ in, complex_t* out, index_t n)
{
    index_t i = (index_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i].re = in[i * (kRow + kPad)];
    out[i].im = in[i * (kRow + kPad) + sizeof(complex_t) / sizeof(real)];
    complex_t c = out[i + 1];
    out[i] = c;
}
