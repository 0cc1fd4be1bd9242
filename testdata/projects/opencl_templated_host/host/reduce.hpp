// Builds the row reduction for one element type and one operation.
#pragma once
#include <string>
#include <vector>

#include "options.hpp"
#include "traits.hpp"
#include "program.hpp"

template<int op>
const char *op_flag() { return "ADD_OP"; }

template<typename Ti, typename To, int op>
Program reduce_rows_program() {
    std::vector<std::string> options = {
        KeyString(Ti, type_traits<Ti>::name()),
        KeyString(To, type_traits<To>::name()),
        KeyString(T, "To"),
        KeyFromStr(op_flag<op>()),
    };
    return build("reduce_rows", {{ops_cl_src, reduce_rows_cl_src}}, options);
}
