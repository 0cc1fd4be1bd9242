// Sizes shared by the host code and the kernels it compiles at run time.
#pragma once
static const unsigned THREADS = 256;
static const unsigned BINS = 64;
