// A compile-time switch on a runtime condition: the lambda runs with
// CONST_NAME a constexpr bool of each value.
#pragma once

#define BOOL_SWITCH(COND, CONST_NAME, ...)       \
    [&] {                                        \
        if (COND) {                              \
            constexpr bool CONST_NAME = true;    \
            return __VA_ARGS__();                \
        } else {                                 \
            constexpr bool CONST_NAME = false;   \
            return __VA_ARGS__();                \
        }                                        \
    }()
