#pragma once
#define BACKEND_BLOCK 256
typedef float real_t;
