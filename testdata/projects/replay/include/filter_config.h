// filter_config.h: the build sets GAIN (compile_commands.json); the kernels need it.
#pragma once
#ifndef GAIN
#error "GAIN is set by the build"
#endif
struct Dims {
    int rows, cols;
};
