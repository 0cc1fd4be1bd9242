/* Builds kernels/crack_kernel.cl with options from three places: a
 * constant of its own (MAX_KEYLEN), a flag whose name it picks at run time
 * (the encoding's macro, "-D%s"), and the options a helper of the project
 * formats for several hosts (bitmap_options(), passed on through "%s"). */
#include <stdio.h>

#define MAX_KEYLEN 24

extern const char *encoding_macro(int id);
extern const char *bitmap_options(unsigned mask);
extern void opencl_build_kernel(const char *path, int gpu, const char *options, int verbose);

void build_crack(int gpu, int encoding, unsigned mask)
{
    char opts[256];
    snprintf(opts, sizeof opts, "-DMAX_KEYLEN=%u -D%s %s", MAX_KEYLEN, encoding_macro(encoding),
             bitmap_options(mask));
    opencl_build_kernel("$ROOT/kernels/crack_kernel.cl", gpu, opts, 0);
}
