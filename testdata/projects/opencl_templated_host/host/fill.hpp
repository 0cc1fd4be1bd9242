// Builds a fill kernel after the shared store helper.
#pragma once
#include <string>
#include <vector>

#include "options.hpp"
#include "traits.hpp"
#include "program.hpp"

constexpr int LANES = 4;

template<typename T>
Program fill_program() {
    std::vector<Source> sources{store_cl_src};
    sources.emplace_back(fill_cl_src);
    std::vector<std::string> options = {
        KeyString(T, type_traits<T>::name()),
        KeyValue(LANES, LANES),
    };
    return build("fill", sources, options);
}
