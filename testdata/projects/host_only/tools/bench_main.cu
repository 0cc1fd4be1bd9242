// A host program built by nvcc: it includes the accessor header (device
// functions, no kernel) and a header the project does not have; no kernel,
// no device function of its own, no launch. Not parsed.
#include "mini/view.cuh"
#include <missing_flags/flags.h>
int main(int argc, char **argv)
{
    View<float> v = {nullptr, argc};
    return v.n > 1 ? 0 : (int)argv[0][0];
}
