/* context.h - in what context the engine analyses a file (fragments.h):
 * as its own translation unit (modelling the fragments it owns too), or,
 * for a fragment, through its owner: not at all when the owner is analysed
 * in the same run (the owner's result reports the fragment's findings),
 * else by parsing the owner and keeping the findings located in the
 * fragment.  A fragment no translation unit reaches is analysed alone, as
 * before, and says why. */
#ifndef GPULINT_CONTEXT_H
#define GPULINT_CONTEXT_H

#include "project/fragments.h"
#include "finding/finding.h"
#include "model/model.h"
#include "util/arena.h"
#include "util/strmap.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *parse_path;          /* what is parsed: the file itself or its owner */
    bool owner_in_run;               /* the owner's own analysis reports it: nothing to parse */
    const char *through;             /* the owner as the report names it; NULL: analysed as itself */
    const char *focus;               /* real path of the fragment when its owner is parsed for it */
    const char *const *model_files;  /* fragments modelled with this translation unit */
    int nmodel_files;
    int nlauncher_files;             /* the last of them: other files' generic launchers its lambdas go through */
    const char *alone_reason;        /* a fragment-like file analysed alone, and why */
    Arena arena;
} FileContext;

/* `run` holds the real paths of the run's files (1) and of owners that
 * failed (2; file_context_mark_failed) (NULL: an editor or an
 * audit, where every fragment is parsed through its owner).  `fs` NULL
 * (--no-project): every file is its own translation unit.  `contents`: an
 * editor's buffer; one that differs from the file on disk is analysed
 * alone. */
void file_context_plan(FragmentSet *fs, StrMap *run, const char *path, const char *contents, size_t size,
                       FileContext *out);
/* Marks owners whose analysis failed (real paths) in `run`: a fragment
 * they own is planned through the next translation unit that reaches it,
 * or, with none, as reported by them (nothing parsed).  True when any. */
bool file_context_mark_failed(StrMap *run, char *const *owners, int n);
/* After the rules: with a focus, keeps the findings located in the
 * fragment (named as `path`) and returns how many of the model's kernels
 * are its own; names a fragment's findings by its real path (two includers
 * spell it alike) and adds its other includers as related locations;
 * marks the findings of device-function roots. */
int file_context_finish(FragmentSet *fs, const FileContext *c, const char *path, const Model *m, FindingList *l);
void file_context_free(FileContext *c);

#endif
