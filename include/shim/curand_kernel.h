/*
 * curand_kernel.h for the gpulint shim: the device API's generator states
 * (with the toolkit's sizes: curandState 48 bytes, Philox 64, MRG32k3a 48)
 * and the functions that initialise and draw from them.  Declarations only,
 * written for gpulint from the documented API (see README.md); parsed only
 * by files that include it.
 */
/* before the guard: the guard names are reserved identifiers */
#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif
#ifndef CURAND_KERNEL_H_
#define CURAND_KERNEL_H_

#include "curand.h"

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef curandStateXORWOW_t curandState_t;
typedef curandStateXORWOW_t curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
typedef unsigned int curandDirectionVectors32_t[32];

#define __GPULINT_CURAND_STATE(S)                                             \
  __device__ void curand_init(unsigned long long seed,                       \
                              unsigned long long subsequence,                \
                              unsigned long long offset, S *state);          \
  __device__ unsigned int curand(S *state);                                  \
  __device__ float curand_uniform(S *state);                                 \
  __device__ double curand_uniform_double(S *state);                         \
  __device__ float curand_normal(S *state);                                  \
  __device__ double curand_normal_double(S *state);                          \
  __device__ float2 curand_normal2(S *state);                                \
  __device__ double2 curand_normal2_double(S *state);                        \
  __device__ float curand_log_normal(S *state, float mean, float stddev);    \
  __device__ double curand_log_normal_double(S *state, double mean,          \
                                             double stddev);                 \
  __device__ unsigned int curand_poisson(S *state, double lambda);           \
  __device__ void skipahead(unsigned long long n, S *state);                 \
  __device__ void skipahead_sequence(unsigned long long n, S *state);
__GPULINT_CURAND_STATE(curandStateXORWOW_t)
__GPULINT_CURAND_STATE(curandStatePhilox4_32_10_t)
__GPULINT_CURAND_STATE(curandStateMRG32k3a_t)
#undef __GPULINT_CURAND_STATE

/* four values per call: Philox only */
__device__ uint4 curand4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_uniform4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_normal4(curandStatePhilox4_32_10_t *state);
__device__ double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_log_normal4(curandStatePhilox4_32_10_t *state,
                                     float mean, float stddev);
__device__ uint4 curand_poisson4(curandStatePhilox4_32_10_t *state,
                                 double lambda);
__device__ void skipahead_subsequence(unsigned long long n,
                                      curandStateMRG32k3a_t *state);

/* quasi-random */
__device__ void curand_init(curandDirectionVectors32_t direction_vectors,
                            unsigned int offset, curandStateSobol32_t *state);
__device__ unsigned int curand(curandStateSobol32_t *state);
__device__ float curand_uniform(curandStateSobol32_t *state);
__device__ float curand_normal(curandStateSobol32_t *state);

#endif /* CURAND_KERNEL_H_ */
