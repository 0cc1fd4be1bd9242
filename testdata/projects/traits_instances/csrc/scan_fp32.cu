// One element type's instantiation of the launcher (the extension builds
// one such file per type).
#include "scan_kernel.cuh"

template void scan_cuda<float>(ScanParams& params, cudaStream_t stream);
