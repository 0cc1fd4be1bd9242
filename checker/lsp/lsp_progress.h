/* lsp_progress.h - "analysing FILE" in the editor's progress area while an
 * analysis runs over a second (LSP work done progress, when the client
 * supports window.workDoneProgress): the last results stay shown
 * meanwhile, and the user sees that newer ones are coming. */
#ifndef GPULINT_LSP_PROGRESS_H
#define GPULINT_LSP_PROGRESS_H

#include <stdbool.h>

typedef enum { PROGRESS_IDLE, PROGRESS_CREATING, PROGRESS_ACTIVE, PROGRESS_FINISHED } ProgressState;

typedef struct {
    ProgressState state;
    int request;        /* our window/workDoneProgress/create request */
    char token[48];
    char message[300];
} Progress;

struct Server;
/* While an analysis of `name` runs: asks for a progress token once it has
 * run long enough. */
void progress_tick(struct Server *s, const char *name, double elapsed);
/* The client answered our request number `request` (ok: not an error). */
void progress_answered(struct Server *s, int request, bool ok);
/* The analysis ended (done, failed or stopped). */
void progress_end(struct Server *s);

#endif
