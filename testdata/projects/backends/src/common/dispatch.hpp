// Shared by every backend: the backend's own header comes from the include
// path of the target being compiled.
#pragma once
#include <backend.hpp>

inline int backend_block() { return BACKEND_BLOCK; }
