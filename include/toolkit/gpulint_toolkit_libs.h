/* gpulint_toolkit_libs.h - the runtime prelude plus the CUDA library and
 * C++ standard headers real projects include most (see
 * gpulint_toolkit_runtime.h).  Each is taken only where the toolkit has it. */
#include "gpulint_toolkit_runtime.h"
#if __has_include(<cuda_fp16.h>)
#include <cuda_fp16.h>
#endif
#if __has_include(<cuda_bf16.h>)
#include <cuda_bf16.h>
#endif
#if __has_include(<cooperative_groups.h>)
#include <cooperative_groups.h>
#endif
#if __has_include(<curand_kernel.h>)
#include <curand_kernel.h>
#endif
#if __has_include(<cublas_v2.h>)
#include <cublas_v2.h>
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
