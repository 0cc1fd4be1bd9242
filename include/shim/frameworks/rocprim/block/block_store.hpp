/* rocprim/block/block_store.hpp - gpulint stand-in: see ../gpulint_rocprim.h */
#pragma clang system_header
#include "../gpulint_rocprim.h"
