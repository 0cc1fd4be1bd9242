// The backend's definitions come from the CMake files: STENCIL_ON_CUDA=1
// and STENCIL_SM=80 for NVIDIA's GPUs, STENCIL_ON_CUDA=0 for AMD's.
#if !defined(STENCIL_ON_CUDA) || !defined(STENCIL_HALO_READ) || defined(STENCIL_DEBUG_CHECKS)
#error "the backend's or the halo option's definitions were not read"
#endif

#if STENCIL_ON_CUDA
#if STENCIL_SM != 80
#error "STENCIL_SM is not the CMake default"
#endif
__global__ void backend_scale(float *x)
{
    x[threadIdx.x] = x[threadIdx.x] * 0.5; // the NVIDIA build's line
}
#else
__global__ void backend_scale(float *x)
{
    x[threadIdx.x] = x[threadIdx.x] * 0.25f;
}
#endif
