// A PyTorch element type: the launcher's text substitution cannot size
// at::Half, so the first parse models no kernel at all; the instantiation
// parsed as written gives clang's four instances.
#include <ATen/ATen.h>
#include "scan_kernel.cuh"

template void scan_cuda<at::Half>(ScanParams& params, cudaStream_t stream);
