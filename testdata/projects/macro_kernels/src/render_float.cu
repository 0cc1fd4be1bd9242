// Only the instantiations: the kernels are in render.h.
#include "render.instantiate.h"
