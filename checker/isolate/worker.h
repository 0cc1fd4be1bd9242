/* worker.h - linting many files, each in a worker process under a time and
 * a memory limit, several at once (-j).  A file that crashes its worker,
 * runs past the time limit or out of memory gets one error with the reason
 * and costs only that file: the worker is replaced and the run goes on.
 * Results come back in the files' order whatever the number of workers, so
 * a report does not depend on -j.
 *
 * Workers are forked from the calling process before it has started any
 * libclang thread (it must not have an Engine of its own); each creates its
 * own Engine.  In-process clients (the language server, tests) keep using
 * engine_lint_file directly. */
#ifndef GPULINT_WORKER_H
#define GPULINT_WORKER_H

#include "engine/engine.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    int jobs;                          /* files analysed at once (>= 1) */
    double timeout_seconds;            /* per file; 0: no limit */
    unsigned long long memory_bytes;   /* per worker; 0: no limit */
    bool in_process;                   /* no workers, no limits (debugging) */
    /* Called with lint_files's ctx at least once a second while files are
     * being analysed (progress displays), with the file that has run
     * longest of those being analysed (NULL when none) and for how long;
     * NULL: none. */
    void (*waiting)(void *ctx, const char *longest, double seconds);
} PoolOptions;

/* Receives each file's result, in the files' order, as soon as it and every
 * file before it are done; owns `r` (file_result_free it, or keep it). */
typedef void (*FileDoneFn)(void *ctx, FileResult *r);

/* Lints paths[0..n).  False when the parser cannot be set up (the reason in
 * err); the files done before that were passed to `done`. */
bool lint_files(const EngineOptions *eo, const PoolOptions *po, char *const *paths, int n, FileDoneFn done,
                void *ctx, char *err, int errsize);

/* The CPUs this process may run on (the default of -j). */
int pool_default_jobs(void);
/* "512M", "2G", "2GiB", "1048576": bytes (K, M, G, T are powers of 1024). */
bool pool_parse_size(const char *s, unsigned long long *bytes);
/* "2 GiB", "512 MiB", "1000 bytes". */
void pool_format_size(unsigned long long bytes, char *buf, size_t n);
/* How the memory limit is enforced in this build: "address space" (a
 * setrlimit in the worker), or "resident memory" under a sanitizer, which
 * reserves terabytes of address space (checked by the parent every 20 ms). */
const char *pool_memory_limit_kind(void);

#endif
