// The library's common part: its host puts this text before every kernel
// it builds, then the level's part, then the kernel's own file.
#ifndef PRECISION
  #define PRECISION 32
#endif
#if PRECISION == 64
  typedef double real;
#else
  typedef float real;
#endif
#define INLINE_FUNC inline
