/* config_choice_variant.c - a file that stops on #error unless its build
 * picks one of its alternatives: the choice made from the text before the
 * parse when no flag makes it, or the parse repeated with one more -D for
 * each #error that stops it, while that removes the #error (config_choice.h). */
#include "variants/variant.h"
#include "variants/config_choice.h"
#include "util/fileio.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CONFIG_CHOICES 4

typedef struct {
    ConfigChoice chosen[MAX_CONFIG_CHOICES];
    int nchosen;
} ChoiceState;

typedef struct {
    const VariantEnv *env;
    const char *const *args;
    int nargs;
} DefinedQuery;

static bool defined_for_parse(void *ctx, const char *name)
{
    DefinedQuery *q = ctx;
    return variant_defined(q->env, q->args, q->nargs, name);
}

/* The choices config_choice_prescan makes for the file's own text. */
static void choice_before_parse(void *state, const VariantEnv *env, FileParse *p)
{
    ChoiceState *s = state;
    if (!p->may_prechoose) return; /* an editor's document too: its kept parse then has the choice */
    long n = 0;
    char *owned = NULL;
    const char *text = p->prescan_contents ? p->prescan_contents : (owned = read_file(p->tu, &n));
    size_t len = p->prescan_contents ? p->size : (size_t)n;
    if (!text) return;
    DefinedQuery q = {env, p->args, p->nargs};
    int k = config_choice_prescan(p->tu, text, len, defined_for_parse, &q, s->chosen, MAX_CONFIG_CHOICES);
    free(owned);
    for (int i = 0; i < k; i++) file_parse_add(p, "-D", s->chosen[i].name);
    s->nchosen = k;
}

/* Parses again with one more -D for each #error that ends a set of
 * alternatives, while the choice removes that #error; the last good parse
 * stays.  CUDA and HIP only: an OpenCL file's options come from its host. */
static void choice_after_parse(void *state, const VariantEnv *env, FileParse *p)
{
    ChoiceState *s = state;
    if (!p->analysed || p->editor || !model_language(&p->m)->host_code_in_gpu_files) return;
    if (!p->with_args) p->fa.real_headers = p->pr.used_real_headers;
    while (s->nchosen < MAX_CONFIG_CHOICES &&
           config_choice_for(&p->pr, p->tu, p->contents, p->size, p->fa.project_root, &s->chosen[s->nchosen])) {
        file_parse_add(p, "-D", s->chosen[s->nchosen].name);
        Model m2;
        FrontendReport pr2;
        if (!file_parse_again(env, p, &m2, &pr2)) break;
        if (config_choice_still_fails(&pr2, &s->chosen[s->nchosen])) {
            file_parse_drop(&m2, &pr2);
            break;
        }
        file_parse_keep(p, &m2, &pr2);
        s->nchosen++;
    }
}

static void choice_report(void *state, const FileParse *p, Diagnostics *d)
{
    ChoiceState *s = state;
    for (int i = 0; i < s->nchosen; i++) {
        const ConfigChoice *c = &s->chosen[i];
        bool here = strcmp(c->file, p->tu) == 0;
        diag_note(d, p->tu, 0, 0,
                  "configuration chosen: -D%s, one of the alternatives the #if at %s%sline %u offers before "
                  "`#error %s`; pass -D to analyse another",
                  c->name, here ? "" : c->file, here ? "" : ", ", c->if_line, c->message);
        d->notes[d->nnotes - 1].informational = true;
    }
}

const ParseVariant config_choice_variant = {
    .name = "configuration choice",
    .state_size = sizeof(ChoiceState),
    .before_parse = choice_before_parse,
    .after_parse = choice_after_parse,
    .report = choice_report,
};
