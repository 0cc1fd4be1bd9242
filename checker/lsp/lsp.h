/* lsp.h - `gpulint lsp`: a language server (LSP 3.17 over stdio) that shows
 * gpulint's findings in an editor as the text changes, with quick fixes.
 * See docs/editors.md. */
#ifndef GPULINT_LSP_H
#define GPULINT_LSP_H

#include <stddef.h>

/* How the command line finds its data (the shim headers) and the
 * precompiled shim; main.c has the one implementation. */
typedef void (*LspDataDirFinder)(char *dir, size_t ndir, char *pch, size_t npch);

/* argv[0] is "lsp".  Returns the process's exit status: 0 after shutdown
 * and exit, 1 when the stream ends or exit comes without shutdown, 2 for
 * a usage error. */
int lsp_main(int argc, char **argv, LspDataDirFinder find_data_dir);

#endif
