// Shim coverage: cublas_v2.h, cublasLt.h and cufft.h for the host code
// around kernels. Must parse with the bundled shim with no error and no note.
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cublasLt.h>

#define CUBLAS_CHECK(x) do { if ((x) != CUBLAS_STATUS_SUCCESS) return -1; } while (0)

__global__ void add_bias(float* c, const float* bias, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y;
    if (col < cols && row < rows) c[row * cols + col] += bias[col];
}

int gemm_bias(cublasHandle_t handle, cudaStream_t stream, const float* a, const float* b, float* c,
              const float* bias, int m, int n, int k)
{
    const float alpha = 1.0f, beta = 0.0f;
    CUBLAS_CHECK(cublasSetStream(handle, stream));
    CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, m, k, &alpha, b, n, a, k, &beta, c, n));
    CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha, b, CUDA_R_16F, n, a, CUDA_R_16F,
                              k, &beta, c, CUDA_R_32F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    add_bias<<<dim3((n + 255) / 256, m), 256, 0, stream>>>(c, bias, m, n);
    return 0;
}

// Older code passes a cudaDataType as the compute type (int8 GEMM).
int gemm_int8(cublasHandle_t handle, const void* a, const void* b, void* c, const int* alpha, const int* beta, int n)
{
    CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, n, n, n, alpha, a, CUDA_R_8I, n, b, CUDA_R_8I, n, beta, c,
                              CUDA_R_32I, n, CUDA_R_32I, CUBLAS_GEMM_DEFAULT_TENSOR_OP));
    return 0;
}

int lt_handle(void)
{
    cublasLtHandle_t lt;
    CUBLAS_CHECK(cublasLtCreate(&lt));
    cublasLtMatmulDesc_t desc;
    CUBLAS_CHECK(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    cublasOperation_t t = CUBLAS_OP_T;
    CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof t));
    cublasLtMatmulDescDestroy(desc);
    return cublasLtDestroy(lt) == CUBLAS_STATUS_SUCCESS ? 0 : 1;
}

// cuFFT around a pointwise kernel.
#include <cufft.h>

__global__ void scale_spectrum(cufftComplex* data, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = make_cuFloatComplex(cuCrealf(data[i]) * s, cuCimagf(data[i]) * s);
}

int fft_roundtrip(cufftComplex* data, int n, cudaStream_t stream)
{
    cufftHandle plan;
    if (cufftPlan1d(&plan, n, CUFFT_C2C, 1) != CUFFT_SUCCESS) return 1;
    cufftSetStream(plan, stream);
    cufftExecC2C(plan, data, data, CUFFT_FORWARD);
    scale_spectrum<<<(n + 255) / 256, 256, 0, stream>>>(data, 1.0f / n, n);
    cufftExecC2C(plan, data, data, CUFFT_INVERSE);
    return cufftDestroy(plan) == CUFFT_SUCCESS ? 0 : 1;
}
