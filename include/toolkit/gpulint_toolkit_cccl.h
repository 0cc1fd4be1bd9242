/* gpulint_toolkit_cccl.h - the library prelude plus the core of thrust and
 * cub (CCCL), for files whose include closure uses them (see
 * gpulint_toolkit_runtime.h).  About 3 s to parse from source; a file that
 * uses thrust costs about a tenth of that with this prelude precompiled. */
#include "gpulint_toolkit_libs.h"
#if __has_include(<thrust/device_vector.h>)
#include <thrust/copy.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/for_each.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#endif
#if __has_include(<cub/cub.cuh>)
#include <cub/cub.cuh>
#endif
