// The element type and a factor, in a directory no -I names: found only
// because the directory the user named is the project's root.
#pragma once
typedef float real_t;
#define DAMPING 0.98
