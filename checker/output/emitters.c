/* emitters.c - the output formats, one line each; the first is the default. */
#include "output/emitter.h"

#include <string.h>

const Emitter *const gpulint_emitters[] = {
    &text_emitter,
    &json_emitter,
    &sarif_emitter,
    &github_emitter,
    &gitlab_emitter,
    &rdjsonl_emitter,
};
const int gpulint_nemitters = (int)(sizeof gpulint_emitters / sizeof gpulint_emitters[0]);

const Emitter *emitter_by_name(const char *name)
{
    for (int i = 0; i < gpulint_nemitters; i++)
        if (strcmp(gpulint_emitters[i]->name, name) == 0) return gpulint_emitters[i];
    return NULL;
}
