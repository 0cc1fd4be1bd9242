/*
 * curand.h for the gpulint shim: the host API's handle, status and
 * generator types and its common calls.  Declarations only, written for
 * gpulint from the documented API (see README.md).
 */
/* before the guard: the guard names are reserved identifiers */
#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif
#ifndef CURAND_H_
#define CURAND_H_

#include "gpulint_cuda_shim.h"

enum curandStatus {
  CURAND_STATUS_SUCCESS = 0,
  CURAND_STATUS_VERSION_MISMATCH = 100,
  CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102,
  CURAND_STATUS_TYPE_ERROR = 103,
  CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  CURAND_STATUS_LAUNCH_FAILURE = 201,
  CURAND_STATUS_PREEXISTING_FAILURE = 202,
  CURAND_STATUS_INITIALIZATION_FAILED = 203,
  CURAND_STATUS_ARCH_MISMATCH = 204,
  CURAND_STATUS_INTERNAL_ERROR = 999
};
typedef enum curandStatus curandStatus_t;

enum curandRngType {
  CURAND_RNG_TEST = 0,
  CURAND_RNG_PSEUDO_DEFAULT = 100,
  CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121,
  CURAND_RNG_PSEUDO_MTGP32 = 141,
  CURAND_RNG_PSEUDO_MT19937 = 142,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
  CURAND_RNG_QUASI_DEFAULT = 200,
  CURAND_RNG_QUASI_SOBOL32 = 201,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
  CURAND_RNG_QUASI_SOBOL64 = 203,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
};
typedef enum curandRngType curandRngType_t;

enum curandOrdering {
  CURAND_ORDERING_PSEUDO_BEST = 100,
  CURAND_ORDERING_PSEUDO_DEFAULT = 101,
  CURAND_ORDERING_PSEUDO_SEEDED = 102,
  CURAND_ORDERING_PSEUDO_LEGACY = 103,
  CURAND_ORDERING_PSEUDO_DYNAMIC = 104,
  CURAND_ORDERING_QUASI_DEFAULT = 201
};
typedef enum curandOrdering curandOrdering_t;

typedef struct curandGenerator_st *curandGenerator_t;

extern "C" {
__host__ curandStatus_t curandCreateGenerator(curandGenerator_t *generator,
                                              curandRngType_t rng_type);
__host__ curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator,
                                                  curandRngType_t rng_type);
__host__ curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
__host__ curandStatus_t curandGetVersion(int *version);
__host__ curandStatus_t curandSetStream(curandGenerator_t generator,
                                        cudaStream_t stream);
__host__ curandStatus_t curandSetPseudoRandomGeneratorSeed(
    curandGenerator_t generator, unsigned long long seed);
__host__ curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator,
                                                 unsigned long long offset);
__host__ curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator,
                                                   curandOrdering_t order);
__host__ curandStatus_t curandSetQuasiRandomGeneratorDimensions(
    curandGenerator_t generator, unsigned int num_dimensions);
__host__ curandStatus_t curandGenerate(curandGenerator_t generator,
                                       unsigned int *outputPtr, size_t num);
__host__ curandStatus_t curandGenerateLongLong(curandGenerator_t generator,
                                               unsigned long long *outputPtr,
                                               size_t num);
__host__ curandStatus_t curandGenerateUniform(curandGenerator_t generator,
                                              float *outputPtr, size_t num);
__host__ curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator,
                                                    double *outputPtr,
                                                    size_t num);
__host__ curandStatus_t curandGenerateNormal(curandGenerator_t generator,
                                             float *outputPtr, size_t n,
                                             float mean, float stddev);
__host__ curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator,
                                                   double *outputPtr, size_t n,
                                                   double mean, double stddev);
__host__ curandStatus_t curandGenerateLogNormal(curandGenerator_t generator,
                                                float *outputPtr, size_t n,
                                                float mean, float stddev);
__host__ curandStatus_t curandGenerateLogNormalDouble(
    curandGenerator_t generator, double *outputPtr, size_t n, double mean,
    double stddev);
__host__ curandStatus_t curandGeneratePoisson(curandGenerator_t generator,
                                              unsigned int *outputPtr,
                                              size_t n, double lambda);
__host__ curandStatus_t curandGenerateSeeds(curandGenerator_t generator);
} /* extern "C" */

#endif /* CURAND_H_ */
