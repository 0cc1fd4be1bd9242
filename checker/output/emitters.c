/* emitters.c - the output formats, one line each; the first is the default. */
#include "output/emitter.h"

#include <string.h>

/* The formats, in --help order, one line each: X(name) refers to the
 * Emitter name##_emitter of checker/output/<name>.c. */
#define GPULINT_EMITTERS(X) \
    X(text)                 \
    X(json)                 \
    X(sarif)                \
    X(github)               \
    X(gitlab)               \
    X(rdjsonl)

#define DECLARE(name) extern const Emitter name##_emitter;
GPULINT_EMITTERS(DECLARE)
#define LIST(name) &name##_emitter,
const Emitter *const gpulint_emitters[] = {GPULINT_EMITTERS(LIST)};
const int gpulint_nemitters = (int)(sizeof gpulint_emitters / sizeof gpulint_emitters[0]);

const Emitter *emitter_by_name(const char *name)
{
    for (int i = 0; i < gpulint_nemitters; i++)
        if (strcmp(gpulint_emitters[i]->name, name) == 0) return gpulint_emitters[i];
    return NULL;
}
