// The library's run-time configuration, kept by a helper of a submodule
// that is not checked out (extlib/): its header is missing.
#pragma once
#include <extlib/thread_local.h>

namespace mlib {
struct Config {
    bool use_pool = false;
    int verbosity = 0;
};
using ConfigStore = extlib::ThreadLocalStore<Config>;
}  // namespace mlib
