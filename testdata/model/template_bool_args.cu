// Kernel instances named with their non-type arguments as written: a bool
// argument is true/false (libclang gives true as -1), an unsigned one is
// not negative, and a launch inside a host template that a plain function
// instantiates names clang's instance (its types known), not the pattern.
template <typename T, bool Clamp, unsigned Tile>
__global__ void add_rows(const T *in, T *out, int n)
{
    int i = blockIdx.x * Tile + threadIdx.x;
    if (i < n) out[i] = Clamp && in[i] < 0 ? 0 : out[i] + in[i];
}

template <typename T>
void run_add_rows(const T *in, T *out, int n, bool clamp)
{
    if (clamp)
        add_rows<T, true, 4294967295u><<<n / 256 + 1, 256>>>(in, out, n);
    else
        add_rows<T, false, 256u><<<n / 256 + 1, 256>>>(in, out, n);
}

void add_rows_float(const float *in, float *out, int n, bool clamp)
{
    run_add_rows<float>(in, out, n, clamp);
}
