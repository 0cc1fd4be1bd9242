// Shared by the kernels; what the device side needs only exists in a
// device build (_OPENCL_BUILD), and no platform flag is expected.
#if __OS_X__ || __MESA__
#error "built for an unexpected platform"
#endif
#ifdef _OPENCL_BUILD
#define KEY_BYTE(k, j) ((uint)(k)[j])
#endif
