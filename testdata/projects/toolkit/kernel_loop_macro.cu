// A grid-stride loop written through a macro, as many projects do: with
// the toolkit's headers blockIdx.x is an MS property whose member has no
// name, and a macro's expansion has no tokens of its own, so the component
// is read where the macro spells it.  <cusparse.h> (not in gpulint's
// shim) and <vector>: the toolkit's headers, with the 'cxx' prelude.
#include <cusparse.h>
#include <vector>

#define KERNEL_LOOP(i, n) for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += blockDim.x * gridDim.x)

__global__ void row_sums(const float *rows, float *sums, int n, int width)
{
    KERNEL_LOOP(r, n) {
        float s = 0.0f;
        for (int c = 0; c < width; ++c) s += rows[r * width + c]; // expect: uncoalesced-row
        sums[r] = s;
    }
}

void run(const std::vector<float> &host, const float *rows, float *sums, int width)
{
    int n = (int)host.size() / width;
    row_sums<<<(n + 255) / 256, 256>>>(rows, sums, n, width);
}
