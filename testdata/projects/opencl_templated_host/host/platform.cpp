// The options every program of the library is built with.
#include <string>
#include <fmt/format.h>

#include "traits.hpp"

std::string base_options(int major, int minor) {
    return fmt::format(" -cl-std=CL{}.{} -D index_t={}", major, minor, type_traits<index_t>::name());
}
