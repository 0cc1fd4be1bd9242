/* hipcub/block/block_radix_sort.hpp - gpulint stand-in: see gpulint_hipcub.h */
#pragma clang system_header
#include "../gpulint_hipcub.h"
