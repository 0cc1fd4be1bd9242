#include "scan_kernel.cuh"

template void scan_cuda<short>(ScanParams& params, cudaStream_t stream);
