#pragma once
// the scalar every build passes to the kernel
#define START_SCALAR (0.4)
