/* gpulint_pch_vector.h - precompiled for files that include <vector> or
 * <algorithm>: the shim plus the C++ headers such files usually bring.
 * Parsing <vector> costs about twice the rest of a typical file; loading a
 * PCH costs in proportion to what it holds, so gpulint picks the smallest
 * PCH that covers a file's own includes (checker/frontend.c). */
#include "gpulint_cuda_shim.h"
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <vector>
