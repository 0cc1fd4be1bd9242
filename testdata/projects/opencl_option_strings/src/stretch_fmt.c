/* Host side of a key-stretching format: the kernel's sizes are -D options
 * written with snprintf, from constants of this file, a literal, and a
 * value known only at run time (the salt's length). */
#include <stdio.h>
#include <string.h>

#define PLAINTEXT_LENGTH 24 /* bytes; the UTF-16 form doubles it */
#define LOOP_COUNT 0x1000   // rounds per kernel call

struct salt { unsigned len; unsigned char data[64]; };

extern void build_kernel(const char *path, int device, const char *options);

void init_format(int device, const struct salt *cur_salt)
{
    char build_opts[128];
    snprintf(build_opts, sizeof(build_opts),
             "-DPLAINTEXT_LENGTH=%d -DHASH_LOOPS=%u "
             "-DOUTLEN=16 -DSALTLEN=%u",
             PLAINTEXT_LENGTH, LOOP_COUNT, cur_salt->len);
    build_kernel("$ROOT/run/kernels/stretch_kernel.cl", device, build_opts);
}
