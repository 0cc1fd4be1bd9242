// Definitions the host puts before every kernel of this directory.  Kept
// as a C++ raw string so that the host can embed it with #include.
R"(
#ifndef PRECISION
  #define PRECISION 32
#endif
#if PRECISION == 64
  #define real double
#else
  #define real float
#endif
)"
