/* gpulint_toolkit_cxx.h - the runtime prelude plus the C++ standard headers
 * real projects include most and the host APIs of the CUDA libraries
 * (cuBLAS, cuRAND's host side) with the half and bfloat16 types (cuBLAS's
 * header includes them), for files whose include closure needs none of the
 * heavier device-side library headers (see gpulint_toolkit_libs.h).
 * A PCH costs time to load in proportion to its size: this one loads in
 * about half the time of the library prelude (docs/measured/README.md). */
#include "gpulint_toolkit_runtime.h"
#if __has_include(<cuda_fp16.h>)
#include <cuda_fp16.h>
#endif
#if __has_include(<cuda_bf16.h>)
#include <cuda_bf16.h>
#endif
#if __has_include(<cublas_v2.h>)
#include <cublas_v2.h>
#endif
#if __has_include(<curand.h>)
#include <curand.h>
#endif
#include <algorithm>
#include <array>
#include <functional>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>
