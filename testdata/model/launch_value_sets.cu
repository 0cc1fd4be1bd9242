// Model golden: the values a non-constant launch argument takes in host
// code.  A local assigned only constants (a switch), a field of a local
// struct, a constant table's elements, and a wrapper parameter whose
// callers pass constants give a set; a value the user may supply, an
// incremented counter or a wrapper called with a runtime value give none.

__global__ void taps_kernel(const float* in, float* out, int taps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < taps; ++t) acc += in[i + t];
    out[i] = acc;
}

struct Plan { int taps; int grid; };
static const int kTaps[] = {3, 5, 7};

void by_switch(const float* in, float* out, int mode)
{
    int taps;
    switch (mode) {
    case 0: taps = 3; break;
    case 1: taps = 5; break;
    default: taps = 11; break;
    }
    taps_kernel<<<64, 256>>>(in, out, taps);
}

void by_struct(const float* in, float* out, bool big)
{
    Plan p = {};
    p.grid = 64;
    if (big) p.taps = 9; else p.taps = 1;
    taps_kernel<<<p.grid, 256>>>(in, out, p.taps);
}

void by_table(const float* in, float* out, int level)
{
    taps_kernel<<<64, 256>>>(in, out, kTaps[level]);
}

void wrapper(const float* in, float* out, int taps)
{
    taps_kernel<<<64, 256>>>(in, out, taps);
}

void callers(const float* in, float* out, int user)
{
    wrapper(in, out, 2);
    wrapper(in, out, 6);
    int t = 4;
    if (user) t = user;
    taps_kernel<<<64, 256>>>(in, out, t);
    for (int k = 1; k < 4; ++k) taps_kernel<<<64, 256>>>(in, out, k);
}
