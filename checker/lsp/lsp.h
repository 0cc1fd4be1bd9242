/* lsp.h - `gpulint lsp`: a language server (LSP 3.17 over stdio) that shows
 * gpulint's findings in an editor as the text changes, with quick fixes.
 * See docs/editors.md. */
#ifndef GPULINT_LSP_H
#define GPULINT_LSP_H

#include <stddef.h>

/* How the command line finds its data (the shim headers) and the
 * precompiled shim; main.c has the one implementation. */
typedef void (*LspDataDirFinder)(char *dir, size_t ndir, char *pch, size_t npch);

/* What `gpulint lsp` was given on its command line (cli/options.c reads
 * it; the editor's settings come later and may replace the rules). */
typedef struct {
    const char *log_path;                        /* --log FILE, or NULL */
    const char **rules; int nrules;              /* each --rules= list, in order */
    const char **extra; int nextra;              /* -I/-D flags for every parse */
    const char **clang_args; int nclang_args;    /* after "--" */
} LspArgs;

/* Returns the process's exit status: 0 after shutdown and exit, 1 when
 * the stream ends or exit comes without shutdown. */
int lsp_main(const LspArgs *args, LspDataDirFinder find_data_dir);

#endif
