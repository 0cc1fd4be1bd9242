/* Options every format that checks hashes against a bitmap passes on. */
#include <stdio.h>

static char params[128];

const char *bitmap_options(unsigned mask)
{
    snprintf(params, sizeof params, "-DTABLE_MASK=0x%xU", mask);
    return params;
}
