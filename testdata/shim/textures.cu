// Shim coverage: legacy texture references and texture objects. Must parse
// with the bundled shim with no error and no note.
#include <cuda_runtime.h>

texture<float, 1, cudaReadModeElementType> coeffs;
texture<uchar4, 2, cudaReadModeNormalizedFloat> image;

// Legacy references: tex1Dfetch, tex2D with normalized reads.
__global__ void weighted(float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float4 px = tex2D(image, i + 0.5f, 0.5f);
        out[i] = tex1Dfetch(coeffs, i) * 2.0;  // expect: double-literal literal=2.0 severity=info
        out[i] += px.x + px.w;
    }
}

// Texture objects with the element type as template argument.
__global__ void sample(cudaTextureObject_t lut, cudaTextureObject_t img, float* out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        float4 c = tex2D<float4>(img, x + 0.5f, y + 0.5f);
        out[y * w + x] = tex1Dfetch<float>(lut, x) + c.y;
    }
}

void run(float* d_coeffs, float* d_out, int n)
{
    size_t offset = 0;
    cudaBindTexture(&offset, coeffs, d_coeffs, n * sizeof(float));
    weighted<<<(n + 255) / 256, 256>>>(d_out, n);
    cudaUnbindTexture(coeffs);

    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = d_coeffs;
    res.res.linear.desc = cudaCreateChannelDesc<float>();
    res.res.linear.sizeInBytes = n * sizeof(float);
    cudaTextureDesc td = {};
    td.readMode = cudaReadModeElementType;
    td.addressMode[0] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModePoint;
    cudaTextureObject_t lut = 0;
    cudaCreateTextureObject(&lut, &res, &td, nullptr);
    dim3 block(16, 16), grid((n + 15) / 16, 1);  // expect: fixed-block-16x16
    sample<<<grid, block>>>(lut, lut, d_out, n, 1);
    cudaDestroyTextureObject(lut);
}
