/* test_utf8.c - the UTF-8 sanitiser every JSON document goes through, and
 * the text test that rejects garbage before it is parsed. */
#include "util/utf8.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

static void check_sanitized(const char *in, const char *want)
{
    char *got = utf8_sanitize(in);
    CHECK(strcmp(got, want) == 0);
    if (strcmp(got, want) != 0) fprintf(stderr, "  input %s -> %s\n", in, got);
    CHECK(utf8_valid(got));
    free(got);
}

#define FFFD "\xEF\xBF\xBD"

int main(void)
{
    check_sanitized("plain", "plain");
    check_sanitized("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80", "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
    check_sanitized("caf\xE9", "caf" FFFD);                        /* Latin-1 */
    check_sanitized("\xFF\xFE", FFFD FFFD);
    check_sanitized("\xC3\x28", FFFD "(");                          /* bad continuation */
    check_sanitized("\xC0\xAF", FFFD FFFD);                         /* overlong '/' */
    check_sanitized("\xE0\x80\xAF", FFFD FFFD FFFD);                /* overlong, 3 bytes */
    check_sanitized("\xED\xA0\x80", FFFD FFFD FFFD);                /* a surrogate */
    check_sanitized("\xF4\x90\x80\x80", FFFD FFFD FFFD FFFD);       /* above U+10FFFF */
    check_sanitized("end\xE2\x82", "end" FFFD FFFD);                /* cut short */
    check_sanitized("\x80x", FFFD "x");                             /* stray continuation */
    CHECK(utf8_sanitize(NULL) == NULL);
    CHECK(utf8_valid(""));
    CHECK(!utf8_valid("\xC3"));

    const char src[] = "__global__ void k(float* x)\n{\n\tx[threadIdx.x] = 1.0f;\n}\n";
    CHECK(text_problem((const unsigned char *)src, sizeof src - 1) == NULL);
    const char latin1[] = "// Gr\xFC\xDF" "e aus M\xFCnchen, na\xEFve caf\xE9\n__global__ void k() {}\n";
    CHECK(text_problem((const unsigned char *)latin1, sizeof latin1 - 1) == NULL);
    CHECK(text_problem((const unsigned char *)"a\0b", 3) != NULL);
    unsigned char garbage[4096];
    srand(7);
    for (size_t i = 0; i < sizeof garbage; i++) {
        garbage[i] = (unsigned char)(rand() % 255 + 1); /* no NUL */
    }
    CHECK(text_problem(garbage, sizeof garbage) != NULL);
    /* high bytes only, no control characters: still not text */
    for (size_t i = 0; i < sizeof garbage; i++) garbage[i] = (unsigned char)(0x80 + rand() % 0x40);
    CHECK(text_problem(garbage, sizeof garbage) != NULL);
    return check_summary();
}
