// The CPU backend's header: never part of a CUDA translation unit.
#pragma once
#include <cpu_threads.h>  // the CPU backend's thread pool, installed with it
#define BACKEND_BLOCK 1
typedef double real_t;
