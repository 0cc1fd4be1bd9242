// The project's integer names come from a third-party header that is not
// checked out (as OpenFst's types.h is for a speech toolkit).
#ifndef BASE_TYPES_H
#define BASE_TYPES_H
#include <thirdparty/int_types.h>
namespace proj {
using ::int16;
using ::int32;
}
#endif
