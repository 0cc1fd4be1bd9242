/* gpulint shim: cublas_api.h holds what cublas_v2.h declares here. */
#include "cublas_v2.h"
