// Built in tools/: its own directory's definition and the top directory's.
#if !defined(STENCIL_TOOLS_ONLY) || !defined(STENCIL_NO_HALF_CLASS)
#error "the definitions of this directory and the one above were not read"
#endif

__global__ void probe(float* x)
{
    x[threadIdx.x] = x[threadIdx.x] * 0.1f + 0.1;
}
