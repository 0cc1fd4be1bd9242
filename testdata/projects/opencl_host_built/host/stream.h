#pragma once
#include "config/values.h"

namespace cl {
struct Context {};
struct Program {
    Program(Context, const char *) {}
    void build(const char *) {}
};
} // namespace cl

template <class T>
struct Stream {
    cl::Context context;
    void build();
};
