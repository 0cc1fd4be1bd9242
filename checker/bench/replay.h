/* replay.h - replays of the user's own kernel (--emit-bench): the file as
 * written and with the finding's fix, each built into a shared object with
 * a generated launcher, timed by one generated harness
 * (bench/gpulint_replay.h).  What a replay needs is the finding's replay_*
 * evidence (rules/replay_facts.c). */
#ifndef GPULINT_BENCH_REPLAY_H
#define GPULINT_BENCH_REPLAY_H

#include "bench/emit_io.h"
#include "finding/finding.h"

#include <stdbool.h>
#include <stddef.h>

/* The flags nvcc needs for a file as its project builds it (-I, -D, -std
 * ...), each one argument; NULL when none are known.  Free with
 * replay_flags_free. */
typedef char **(*ReplayFlagsFn)(void *ctx, const char *path, int *n);

typedef struct {
    int dirfd;
    const char *dir;
    Diagnostics *diags;
    ReplayFlagsFn flags_for;
    void *flags_ctx;
    Buf *makefile;       /* the replays' Makefile rules */
    Buf *targets;        /* the Makefile's BENCHES */
    int written;
} ReplayEmit;

/* Writes DIR/<id>.replay/ for the finding and returns its index entry's
 * "replay" object; NULL with *why set when its kernel cannot be replayed
 * (the pattern benchmark stands). */
struct cJSON;
struct cJSON *replay_emit(ReplayEmit *r, const Finding *f, const char **why);

/* The finding's first fix-it applied to src (the text of path) into out. */
bool replay_apply_fixits(const Finding *f, const char *path, const char *src, size_t n, Buf *out, const char **why);
/* The kernel whose name is at kline:kcol with its parameter `param`
 * renamed and a constexpr of that name and value declared first in its
 * body. */
bool replay_specialize(const char *src, size_t n, unsigned kline, unsigned kcol, const char *param,
                       const char *type, const char *value, Buf *out, const char **why);

/* Each access of ranges (line, col, end line, end col: `ptr[index]`) with its
 * index transposed, idx -> (idx % w) * t + idx / w, and the helper that
 * does it first in the file. */
bool replay_transpose(const char *src, size_t n, const long long *ranges, int nranges, long long w, long long t,
                      Buf *out, const char **why);

#endif
