// The embedded kernel texts and the program builder.
#pragma once
#include <string>
#include <vector>

typedef const char *Source;
extern const char *ops_cl_src, *reduce_rows_cl_src, *store_cl_src, *fill_cl_src;
struct Program {};
Program build(const char *name, const std::vector<Source> &sources, const std::vector<std::string> &options);
