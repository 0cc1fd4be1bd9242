/* test_pp_tokens.c - frontend/pp_tokens: a header's tokens from its text,
 * as clang's raw lexer splits them (macro definitions read without
 * libclang's source locations). */
#include "frontend/pp_tokens.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

/* The tokens of text joined by '|'. */
static const char *joined(const char *text)
{
    static char out[1024];
    PpToken *t = NULL;
    unsigned n = pp_tokens(text, strlen(text), &t);
    out[0] = 0;
    for (unsigned i = 0; i < n; i++) {
        if (i) strcat(out, "|");
        strncat(out, text + t[i].offset, t[i].length);
    }
    free(t);
    return out;
}

int main(void)
{
    CHECK(strcmp(joined(""), "") == 0);
    CHECK(strcmp(joined("  // only a comment\n/* and another */ "), "") == 0);
    /* a directive and a function-like macro's parameter list */
    CHECK(strcmp(joined("#define INSTANTIATE(T) template class Layer<T>;"),
                 "#|define|INSTANTIATE|(|T|)|template|class|Layer|<|T|>|;") == 0);
    /* longest punctuators first; >> stays one token, as clang's raw lexer has it */
    CHECK(strcmp(joined("a<<=b>>c->*d...e::f##g"), "a|<<=|b|>>|c|->*|d|...|e|::|f|##|g") == 0);
    /* pp-numbers with exponents, suffixes and digit separators */
    CHECK(strcmp(joined("1.5e-3f+0x1p+4 .5 1'000'000ull"), "1.5e-3f|+|0x1p+4|.5|1'000'000ull") == 0);
    /* literals keep what looks like comments or punctuators inside them */
    CHECK(strcmp(joined("\"a // b \\\" c\" 'x' L\"w\" u8'y'"), "\"a // b \\\" c\"|'x'|L\"w\"|u8'y'") == 0);
    CHECK(strcmp(joined("R\"d(a)\" )d\" x"), "R\"d(a)\" )d\"|x") == 0);
    /* a backslash-newline continues a directive between tokens */
    CHECK(strcmp(joined("#define F(x) \\\n  (x + 1)\nint y;"), "#|define|F|(|x|)|(|x|+|1|)|int|y|;") == 0);
    /* offsets point into the text: a function-like macro is `NAME(` with nothing between */
    const char *text = "#define G (x)\n#define H(x) x";
    PpToken *t = NULL;
    unsigned n = pp_tokens(text, strlen(text), &t);
    CHECK_EQ_LL(n, 13);
    CHECK(t[3].offset > t[2].offset + t[2].length);      /* G (x): object-like */
    CHECK_EQ_LL(t[9].offset, t[8].offset + t[8].length); /* H(x): function-like */
    free(t);
    /* an unterminated comment or literal ends the text or its line, without reading past it */
    CHECK(strcmp(joined("a /* open"), "a") == 0);
    CHECK(strcmp(joined("\"open\nb"), "\"open|b") == 0);
    return check_summary();
}
