/* gpulint_rocm_libraries.h - stand-ins for the host-side ROCm libraries a
 * CUDA source built for AMD includes through its hip* renaming macros
 * (hipBLAS, hipBLASLt, rocBLAS, hipFFT, hipRAND, hipSOLVER, hipSPARSE,
 * roctx), for analysis without ROCm.  Searched after every other include
 * directory (-idirafter), so installed headers win.  Written for gpulint
 * from the libraries' documented names: handles, status and option enums
 * and the entry points as functions that take any arguments.  Only host
 * code calls them; kernels never do, so nothing here is modelled. */
#pragma clang system_header
/* No include guard: each library's header defines GPULINT_WANT_<LIBRARY>
 * and includes this file; each part is read once. */

#include <hip/hip_runtime.h>

#ifndef GPULINT_ENTRY
#ifdef __cplusplus
#define GPULINT_ANY_ARGS ...
#else
#define GPULINT_ANY_ARGS
#endif
/* an entry point: any arguments, the library's status */
#define GPULINT_ENTRY(status, name) __host__ status name(GPULINT_ANY_ARGS)
#endif

/* ---------------------------------------------------------------- BLAS */
#if defined(GPULINT_WANT_HIPBLAS) && !defined(GPULINT_HIPBLAS_DONE)
#define GPULINT_HIPBLAS_DONE
typedef struct gpulint_hipblas_handle *hipblasHandle_t;
typedef enum {
    HIPBLAS_STATUS_SUCCESS, HIPBLAS_STATUS_NOT_INITIALIZED, HIPBLAS_STATUS_ALLOC_FAILED, HIPBLAS_STATUS_INVALID_VALUE,
    HIPBLAS_STATUS_MAPPING_ERROR, HIPBLAS_STATUS_EXECUTION_FAILED, HIPBLAS_STATUS_INTERNAL_ERROR,
    HIPBLAS_STATUS_NOT_SUPPORTED, HIPBLAS_STATUS_ARCH_MISMATCH, HIPBLAS_STATUS_HANDLE_IS_NULLPTR,
    HIPBLAS_STATUS_INVALID_ENUM, HIPBLAS_STATUS_UNKNOWN
} hipblasStatus_t;
typedef enum { HIPBLAS_OP_N = 111, HIPBLAS_OP_T = 112, HIPBLAS_OP_C = 113 } hipblasOperation_t;
typedef enum { HIPBLAS_FILL_MODE_UPPER = 121, HIPBLAS_FILL_MODE_LOWER = 122, HIPBLAS_FILL_MODE_FULL = 123 } hipblasFillMode_t;
typedef enum { HIPBLAS_DIAG_NON_UNIT = 131, HIPBLAS_DIAG_UNIT = 132 } hipblasDiagType_t;
typedef enum { HIPBLAS_SIDE_LEFT = 141, HIPBLAS_SIDE_RIGHT = 142, HIPBLAS_SIDE_BOTH = 143 } hipblasSideMode_t;
typedef enum { HIPBLAS_POINTER_MODE_HOST, HIPBLAS_POINTER_MODE_DEVICE } hipblasPointerMode_t;
typedef enum {
    HIPBLAS_R_16F = 150, HIPBLAS_R_32F = 151, HIPBLAS_R_64F = 152, HIPBLAS_C_16F = 153, HIPBLAS_C_32F = 154,
    HIPBLAS_C_64F = 155, HIPBLAS_R_8I = 160, HIPBLAS_R_8U = 161, HIPBLAS_R_32I = 162, HIPBLAS_R_32U = 163,
    HIPBLAS_R_16B = 168
} hipblasDatatype_t;
typedef enum {
    HIPBLAS_COMPUTE_16F, HIPBLAS_COMPUTE_32F, HIPBLAS_COMPUTE_32F_FAST_16F, HIPBLAS_COMPUTE_32F_FAST_TF32,
    HIPBLAS_COMPUTE_64F, HIPBLAS_COMPUTE_32I
} hipblasComputeType_t;
typedef enum { HIPBLAS_GEMM_DEFAULT = 160 } hipblasGemmAlgo_t;
GPULINT_ENTRY(hipblasStatus_t, hipblasCreate);
GPULINT_ENTRY(hipblasStatus_t, hipblasDestroy);
GPULINT_ENTRY(hipblasStatus_t, hipblasSetStream);
GPULINT_ENTRY(hipblasStatus_t, hipblasGetStream);
GPULINT_ENTRY(hipblasStatus_t, hipblasSetPointerMode);
#define GPULINT_HIPBLAS_TYPED(op) \
    GPULINT_ENTRY(hipblasStatus_t, hipblasS##op); GPULINT_ENTRY(hipblasStatus_t, hipblasD##op); \
    GPULINT_ENTRY(hipblasStatus_t, hipblasC##op); GPULINT_ENTRY(hipblasStatus_t, hipblasZ##op)
GPULINT_HIPBLAS_TYPED(gemm); GPULINT_HIPBLAS_TYPED(gemmBatched); GPULINT_HIPBLAS_TYPED(gemmStridedBatched);
GPULINT_HIPBLAS_TYPED(gemv); GPULINT_HIPBLAS_TYPED(ger); GPULINT_HIPBLAS_TYPED(axpy); GPULINT_HIPBLAS_TYPED(copy);
GPULINT_HIPBLAS_TYPED(dot); GPULINT_HIPBLAS_TYPED(scal); GPULINT_HIPBLAS_TYPED(nrm2); GPULINT_HIPBLAS_TYPED(asum);
GPULINT_HIPBLAS_TYPED(syrk); GPULINT_HIPBLAS_TYPED(trsm); GPULINT_HIPBLAS_TYPED(tpmv); GPULINT_HIPBLAS_TYPED(spmv);
GPULINT_HIPBLAS_TYPED(spr); GPULINT_HIPBLAS_TYPED(symv); GPULINT_HIPBLAS_TYPED(trmm);
GPULINT_ENTRY(hipblasStatus_t, hipblasHgemm);
GPULINT_ENTRY(hipblasStatus_t, hipblasGemmEx);
GPULINT_ENTRY(hipblasStatus_t, hipblasGemmBatchedEx);
GPULINT_ENTRY(hipblasStatus_t, hipblasGemmStridedBatchedEx);
#undef GPULINT_HIPBLAS_TYPED
#endif

#if defined(GPULINT_WANT_HIPBLASLT) && !defined(GPULINT_HIPBLASLT_DONE)
#define GPULINT_HIPBLASLT_DONE
typedef struct gpulint_hipblaslt_handle *hipblasLtHandle_t;
typedef struct gpulint_hipblaslt_desc *hipblasLtMatmulDesc_t;
typedef struct gpulint_hipblaslt_layout *hipblasLtMatrixLayout_t;
typedef struct gpulint_hipblaslt_pref *hipblasLtMatmulPreference_t;
typedef struct { unsigned char data[64]; } hipblasLtMatmulAlgo_t;
typedef struct {
    hipblasLtMatmulAlgo_t algo;
    size_t workspaceSize;
    hipblasStatus_t state;
    float wavesCount;
} hipblasLtMatmulHeuristicResult_t;
typedef enum {
    HIPBLASLT_MATMUL_DESC_TRANSA, HIPBLASLT_MATMUL_DESC_TRANSB, HIPBLASLT_MATMUL_DESC_EPILOGUE,
    HIPBLASLT_MATMUL_DESC_BIAS_POINTER, HIPBLASLT_MATMUL_DESC_POINTER_MODE
} hipblasLtMatmulDescAttributes_t;
typedef enum { HIPBLASLT_MATMUL_PREF_SEARCH_MODE, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES } hipblasLtMatmulPreferenceAttributes_t;
typedef enum {
    HIPBLASLT_POINTER_MODE_HOST, HIPBLASLT_POINTER_MODE_DEVICE, HIPBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST
} hipblasLtPointerMode_t;
typedef enum { HIPBLASLT_ORDER_COL, HIPBLASLT_ORDER_ROW } hipblasLtOrder_t;
GPULINT_ENTRY(hipblasStatus_t, hipblasLtCreate);
GPULINT_ENTRY(hipblasStatus_t, hipblasLtDestroy);
GPULINT_ENTRY(hipblasStatus_t, hipblasLtMatmul);
GPULINT_ENTRY(hipblasStatus_t, hipblasLtMatmulAlgoGetHeuristic);
GPULINT_ENTRY(hipblasStatus_t, hipblasLtMatmulDescCreate);
GPULINT_ENTRY(hipblasStatus_t, hipblasLtMatmulDescDestroy);
GPULINT_ENTRY(hipblasStatus_t, hipblasLtMatmulDescSetAttribute);
GPULINT_ENTRY(hipblasStatus_t, hipblasLtMatmulPreferenceCreate);
GPULINT_ENTRY(hipblasStatus_t, hipblasLtMatmulPreferenceDestroy);
GPULINT_ENTRY(hipblasStatus_t, hipblasLtMatmulPreferenceSetAttribute);
GPULINT_ENTRY(hipblasStatus_t, hipblasLtMatrixLayoutCreate);
GPULINT_ENTRY(hipblasStatus_t, hipblasLtMatrixLayoutDestroy);
GPULINT_ENTRY(hipblasStatus_t, hipblasLtMatrixLayoutSetAttribute);
#endif

#if defined(GPULINT_WANT_ROCBLAS) && !defined(GPULINT_ROCBLAS_DONE)
#define GPULINT_ROCBLAS_DONE
typedef struct gpulint_rocblas_handle *rocblas_handle;
typedef enum { rocblas_status_success, rocblas_status_invalid_handle, rocblas_status_not_implemented } rocblas_status;
typedef enum { rocblas_operation_none = 111, rocblas_operation_transpose = 112 } rocblas_operation;
GPULINT_ENTRY(rocblas_status, rocblas_create_handle);
GPULINT_ENTRY(rocblas_status, rocblas_destroy_handle);
GPULINT_ENTRY(rocblas_status, rocblas_set_stream);
#endif

/* ----------------------------------------------------------------- FFT */
#if defined(GPULINT_WANT_HIPFFT) && !defined(GPULINT_HIPFFT_DONE)
#define GPULINT_HIPFFT_DONE
typedef int hipfftHandle;
typedef float hipfftReal;
typedef double hipfftDoubleReal;
typedef float2 hipfftComplex;
typedef double2 hipfftDoubleComplex;
typedef enum {
    HIPFFT_SUCCESS, HIPFFT_INVALID_PLAN, HIPFFT_ALLOC_FAILED, HIPFFT_INVALID_TYPE, HIPFFT_INVALID_VALUE,
    HIPFFT_INTERNAL_ERROR, HIPFFT_EXEC_FAILED, HIPFFT_SETUP_FAILED, HIPFFT_INVALID_SIZE, HIPFFT_NOT_SUPPORTED
} hipfftResult;
typedef enum { HIPFFT_R2C = 0x2a, HIPFFT_C2R = 0x2c, HIPFFT_C2C = 0x29, HIPFFT_D2Z = 0x6a, HIPFFT_Z2D = 0x6c, HIPFFT_Z2Z = 0x69 } hipfftType;
#define HIPFFT_FORWARD -1
#define HIPFFT_BACKWARD 1
GPULINT_ENTRY(hipfftResult, hipfftPlan1d);
GPULINT_ENTRY(hipfftResult, hipfftPlan2d);
GPULINT_ENTRY(hipfftResult, hipfftPlanMany);
GPULINT_ENTRY(hipfftResult, hipfftDestroy);
GPULINT_ENTRY(hipfftResult, hipfftSetStream);
GPULINT_ENTRY(hipfftResult, hipfftExecR2C);
GPULINT_ENTRY(hipfftResult, hipfftExecC2R);
GPULINT_ENTRY(hipfftResult, hipfftExecC2C);
#endif

/* ---------------------------------------------------------------- RAND */
#if defined(GPULINT_WANT_HIPRAND) && !defined(GPULINT_HIPRAND_DONE)
#define GPULINT_HIPRAND_DONE
typedef struct gpulint_hiprand_generator *hiprandGenerator_t;
typedef enum {
    HIPRAND_STATUS_SUCCESS, HIPRAND_STATUS_VERSION_MISMATCH = 100, HIPRAND_STATUS_NOT_INITIALIZED = 101,
    HIPRAND_STATUS_ALLOCATION_FAILED = 102, HIPRAND_STATUS_TYPE_ERROR = 103, HIPRAND_STATUS_OUT_OF_RANGE = 104,
    HIPRAND_STATUS_LENGTH_NOT_MULTIPLE = 105, HIPRAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
    HIPRAND_STATUS_LAUNCH_FAILURE = 201, HIPRAND_STATUS_PREEXISTING_FAILURE = 202,
    HIPRAND_STATUS_INITIALIZATION_FAILED = 203, HIPRAND_STATUS_ARCH_MISMATCH = 204,
    HIPRAND_STATUS_INTERNAL_ERROR = 999, HIPRAND_STATUS_NOT_IMPLEMENTED = 1000
} hiprandStatus_t;
typedef enum { HIPRAND_RNG_PSEUDO_DEFAULT = 400, HIPRAND_RNG_PSEUDO_XORWOW = 401, HIPRAND_RNG_PSEUDO_PHILOX4_32_10 = 404 } hiprandRngType_t;
GPULINT_ENTRY(hiprandStatus_t, hiprandCreateGenerator);
GPULINT_ENTRY(hiprandStatus_t, hiprandDestroyGenerator);
GPULINT_ENTRY(hiprandStatus_t, hiprandSetStream);
GPULINT_ENTRY(hiprandStatus_t, hiprandSetPseudoRandomGeneratorSeed);
GPULINT_ENTRY(hiprandStatus_t, hiprandSetGeneratorOffset);
GPULINT_ENTRY(hiprandStatus_t, hiprandGenerate);
GPULINT_ENTRY(hiprandStatus_t, hiprandGenerateUniform);
GPULINT_ENTRY(hiprandStatus_t, hiprandGenerateUniformDouble);
GPULINT_ENTRY(hiprandStatus_t, hiprandGenerateNormal);
GPULINT_ENTRY(hiprandStatus_t, hiprandGenerateNormalDouble);
#endif

/* -------------------------------------------------------------- SOLVER */
#if defined(GPULINT_WANT_HIPSOLVER) && !defined(GPULINT_HIPSOLVER_DONE)
#define GPULINT_HIPSOLVER_DONE
typedef struct gpulint_hipsolver_handle *hipsolverHandle_t;
typedef hipsolverHandle_t hipsolverDnHandle_t;
typedef enum { HIPSOLVER_STATUS_SUCCESS, HIPSOLVER_STATUS_NOT_INITIALIZED, HIPSOLVER_STATUS_INVALID_VALUE } hipsolverStatus_t;
typedef enum { HIPSOLVER_FILL_MODE_UPPER = 121, HIPSOLVER_FILL_MODE_LOWER = 122 } hipsolverFillMode_t;
GPULINT_ENTRY(hipsolverStatus_t, hipsolverDnCreate);
GPULINT_ENTRY(hipsolverStatus_t, hipsolverDnDestroy);
GPULINT_ENTRY(hipsolverStatus_t, hipsolverDnSetStream);
GPULINT_ENTRY(hipsolverStatus_t, hipsolverDnSpotrf);
GPULINT_ENTRY(hipsolverStatus_t, hipsolverDnSpotrf_bufferSize);
GPULINT_ENTRY(hipsolverStatus_t, hipsolverDnSpotrfBatched);
GPULINT_ENTRY(hipsolverStatus_t, hipsolverDnSpotrs);
GPULINT_ENTRY(hipsolverStatus_t, hipsolverDnSpotrsBatched);
#endif

/* -------------------------------------------------------------- SPARSE */
#if defined(GPULINT_WANT_HIPSPARSE) && !defined(GPULINT_HIPSPARSE_DONE)
#define GPULINT_HIPSPARSE_DONE
typedef struct gpulint_hipsparse_handle *hipsparseHandle_t;
typedef struct gpulint_hipsparse_mat *hipsparseMatDescr_t;
typedef struct gpulint_hipsparse_spmat *hipsparseSpMatDescr_t;
typedef struct gpulint_hipsparse_dnmat *hipsparseDnMatDescr_t;
typedef enum {
    HIPSPARSE_STATUS_SUCCESS, HIPSPARSE_STATUS_NOT_INITIALIZED, HIPSPARSE_STATUS_ALLOC_FAILED,
    HIPSPARSE_STATUS_INVALID_VALUE, HIPSPARSE_STATUS_ARCH_MISMATCH, HIPSPARSE_STATUS_MAPPING_ERROR,
    HIPSPARSE_STATUS_EXECUTION_FAILED, HIPSPARSE_STATUS_INTERNAL_ERROR, HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED,
    HIPSPARSE_STATUS_ZERO_PIVOT, HIPSPARSE_STATUS_NOT_SUPPORTED, HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES
} hipsparseStatus_t;
typedef enum { HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_TRANSPOSE, HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE } hipsparseOperation_t;
typedef enum { HIPSPARSE_INDEX_BASE_ZERO, HIPSPARSE_INDEX_BASE_ONE } hipsparseIndexBase_t;
typedef enum { HIPSPARSE_ACTION_SYMBOLIC, HIPSPARSE_ACTION_NUMERIC } hipsparseAction_t;
typedef enum { HIPSPARSE_INDEX_16U = 1, HIPSPARSE_INDEX_32I = 2, HIPSPARSE_INDEX_64I = 3 } hipsparseIndexType_t;
typedef enum { HIPSPARSE_ORDER_ROW = 0, HIPSPARSE_ORDER_COL = 1, HIPSPARSE_ORDER_COLUMN = 1 } hipsparseOrder_t;
typedef enum { HIPSPARSE_SPMM_ALG_DEFAULT = 0, HIPSPARSE_SPMM_CSR_ALG1 = 4, HIPSPARSE_SPMM_CSR_ALG2 = 6 } hipsparseSpMMAlg_t;
GPULINT_ENTRY(hipsparseStatus_t, hipsparseCreate);
GPULINT_ENTRY(hipsparseStatus_t, hipsparseDestroy);
GPULINT_ENTRY(hipsparseStatus_t, hipsparseSetStream);
GPULINT_ENTRY(hipsparseStatus_t, hipsparseCreateMatDescr);
GPULINT_ENTRY(hipsparseStatus_t, hipsparseDestroyMatDescr);
GPULINT_ENTRY(hipsparseIndexBase_t, hipsparseGetMatIndexBase);
GPULINT_ENTRY(hipsparseStatus_t, hipsparseCreateCsr);
GPULINT_ENTRY(hipsparseStatus_t, hipsparseCreateDnMat);
GPULINT_ENTRY(hipsparseStatus_t, hipsparseDestroySpMat);
GPULINT_ENTRY(hipsparseStatus_t, hipsparseDestroyDnMat);
GPULINT_ENTRY(hipsparseStatus_t, hipsparseSpMM);
GPULINT_ENTRY(hipsparseStatus_t, hipsparseSpMM_bufferSize);
GPULINT_ENTRY(hipsparseStatus_t, hipsparseScsr2csc);
GPULINT_ENTRY(hipsparseStatus_t, hipsparseDcsr2csc);
#endif

/* ---------------------------------------------------------------- roctx */
#if defined(GPULINT_WANT_ROCTX) && !defined(GPULINT_ROCTX_DONE)
#define GPULINT_ROCTX_DONE
GPULINT_ENTRY(int, roctxRangePushA);
GPULINT_ENTRY(int, roctxRangePop);
GPULINT_ENTRY(void, roctxMarkA);
#define roctxRangePush roctxRangePushA
#define roctxMark roctxMarkA
#endif
