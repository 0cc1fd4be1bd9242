/* gpulint_int_types.h - the short fixed-width integer names (int32,
 * uint64, ...) that many projects take from a third-party header (OpenFst's
 * types.h, a base library's port.h).  gpulint pre-includes it only when
 * such a header is missing and the parse says these names are unknown, so
 * that the kernels and launches that use them are modelled. */
#ifndef GPULINT_INT_TYPES_H
#define GPULINT_INT_TYPES_H
#pragma clang system_header
#include <stdint.h>
typedef int8_t int8;
typedef int16_t int16;
typedef int32_t int32;
typedef int64_t int64;
typedef uint8_t uint8;
typedef uint16_t uint16;
typedef uint32_t uint32;
typedef uint64_t uint64;
#endif
