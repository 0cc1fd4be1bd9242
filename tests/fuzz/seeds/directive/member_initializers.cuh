// A vector whose allocator reads the configuration when it is made: its
// member initializer names what the missing submodule declares.
#pragma once
#include <memory>
#include <vector>

#include <mlib/config.h>

namespace mlib {
template <typename T>
struct PoolAllocator : std::allocator<T> {
    bool use_pool_;
    PoolAllocator() : std::allocator<T>{}, use_pool_{::mlib::ConfigStore::Get()->use_pool} {}
    template <typename U>
    struct rebind {
        using other = PoolAllocator<U>;
    };
};

template <typename T>
using device_vector = std::vector<T, PoolAllocator<T>>;
}  // namespace mlib
