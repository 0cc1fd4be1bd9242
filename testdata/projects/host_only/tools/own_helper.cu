// No kernel, but a device function of its own (analysed as a root): parsed.
__device__ float twice(float x) { return x * 2.0; }
