/* worker.c - the parent's side of the worker pool (see worker.h): hands out
 * files, enforces the time limit (and, under a sanitizer, the memory limit),
 * turns a dead worker into the file's error, and delivers results in file
 * order.  The worker's side is worker_child.c. */
#include "isolate/result_wire.h"
#include "isolate/worker_proto.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"
#include "util/clock.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* -------------------------------------------------------------- options */

int pool_default_jobs(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

bool pool_parse_size(const char *s, unsigned long long *bytes)
{
    char *end;
    errno = 0;
    if (!isdigit((unsigned char)s[0])) return false;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno) return false;
    int shift = 0;
    switch (toupper((unsigned char)*end)) {
    case 'K': shift = 10; break;
    case 'M': shift = 20; break;
    case 'G': shift = 30; break;
    case 'T': shift = 40; break;
    case 0: break;
    default: return false;
    }
    if (shift) {
        end++;
        if (strcmp(end, "iB") == 0 || strcmp(end, "B") == 0) end += strlen(end);
    }
    if (*end || (shift && v > (~0ull >> shift))) return false;
    *bytes = v << shift;
    return true;
}

void pool_format_size(unsigned long long bytes, char *buf, size_t n)
{
    static const char *const units[] = {"TiB", "GiB", "MiB", "KiB"};
    for (int i = 0; i < 4; i++) {
        int shift = 40 - 10 * i;
        if (bytes && bytes % (1ull << shift) == 0) {
            snprintf(buf, n, "%llu %s", bytes >> shift, units[i]);
            return;
        }
    }
    snprintf(buf, n, "%llu bytes", bytes);
}

const char *pool_memory_limit_kind(void)
{
    return worker_under_sanitizer() ? "resident memory" : "address space";
}

/* ------------------------------------------------------------ the pool */

#define NO_DEADLINE 1e300 /* no time limit */

typedef struct {
    pid_t pid;               /* 0: no process */
    int fd;
    int file;                /* the file it analyses, -1: idle */
    bool second;             /* ... a second, leaner analysis of it */
    double started;          /* when that file was handed over */
    double queued_before;    /* the worker's time waiting for a CPU until then */
    WireBuf in;              /* bytes received for that file */
} Slot;

typedef struct {
    const EngineOptions *eo;
    const PoolOptions *po;
    char *const *paths;
    Slot *slots; int nslots;
    FileResult **results;    /* per file, NULL until done */
    char **logs;             /* per file: what its worker logged */
    char **first_failure;    /* per file: how its first analysis ended, when a second was asked for */
    int *again; int nagain;  /* files waiting for their second analysis */
    pid_t *retired; int nretired;   /* workers that said they end */
    char *err; int errsize;
    bool failed;             /* the run cannot go on (err says why) */
    char run_dir[PATH_MAX];  /* the workers' TMPDIR: removed at the end even when one was killed */
} Pool;

static void fail_run(Pool *p, const char *fmt, const char *arg)
{
    if (!p->failed) snprintf(p->err, (size_t)p->errsize, fmt, arg);
    p->failed = true;
}

static bool start_worker(Pool *p, Slot *s)
{
    int *others = xcalloc((size_t)p->nslots, sizeof *others);
    for (int i = 0; i < p->nslots; i++) others[i] = p->slots[i].pid ? p->slots[i].fd : -1;
    int fd = -1;
    pid_t pid = worker_spawn(p->eo, p->po, p->run_dir, others, p->nslots, &fd);
    int why = errno;
    free(others);
    errno = why;
    if (!pid) return false;
    s->pid = pid;
    s->fd = fd;
    s->file = -1;
    s->in.len = 0;
    return true;
}

/* The file's result when its worker could not produce one. */
static void set_failure(Pool *p, int file, double seconds, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void set_failure(Pool *p, int file, double seconds, const char *fmt, ...)
{
    FileResult *r = xcalloc(1, sizeof *r);
    findings_init(&r->findings);
    r->path = xstrdup(p->paths[file]);
    r->read = true;
    r->seconds = seconds; /* how long it ran before it was lost */
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(&r->problems, r->path, 0, 0, "%s", msg);
    file_status_compute(r, false); /* failed, with the message as the reason */
    p->results[file] = r;
}

static void close_slot(Slot *s)
{
    if (s->pid) close(s->fd);
    s->pid = 0;
    s->fd = -1;
    s->file = -1;
    s->second = false;
    s->in.len = 0;
}

static int reap(pid_t pid)
{
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return status;
}

/* The worker of slot s is gone or must go: kill it (when asked), reap it,
 * and give its file the reason.  A file that ran out of time or memory is
 * analysed a second time, leaner (engine_lint_file_reduced): discovery's
 * include directories are what makes a parse explode, and the kernels of
 * the file itself are worth more than its failure. */
static void worker_lost(Pool *p, Slot *s, bool timed_out, bool out_of_memory)
{
    if (timed_out || out_of_memory) kill(s->pid, SIGKILL);
    int status = reap(s->pid);
    if (out_of_memory) status = WORKER_EXIT_OUT_OF_MEMORY << 8; /* as if it had exited so */
    bool limit = timed_out || (WIFEXITED(status) && WEXITSTATUS(status) == WORKER_EXIT_OUT_OF_MEMORY);
    char why[256];
    worker_describe_end(status, timed_out, p->po->timeout_seconds, p->po->memory_bytes, why, sizeof why);
    if (s->file >= 0 && s->second)
        set_failure(p, s->file, monotonic_seconds() - s->started,
                    "%s; analysed again without the include directories project discovery added: %s",
                    p->first_failure[s->file], why);
    else if (s->file >= 0 && limit && !p->eo->no_project) {
        p->first_failure[s->file] = xstrdup(why);
        *VEC_PUSH(p->again, p->nagain) = s->file;
    } else if (s->file >= 0)
        set_failure(p, s->file, monotonic_seconds() - s->started, "%s", why);
    close_slot(s);
}

/* REQUEST_FILE, or for a second analysis REQUEST_FILE_REDUCED with the
 * first one's end. */
static bool send_request(Pool *p, Slot *s)
{
    const char *path = p->paths[s->file], *first = s->second ? p->first_failure[s->file] : NULL;
    size_t len = strlen(path);
    errno = 0;
    if (len == 0 || len > WORKER_MAX_PATH) return false;
    if (!first) return worker_send_request(s->fd, REQUEST_FILE, path, len);
    size_t why = strnlen(first, WORKER_MAX_REASON);
    char *payload = xmalloc(len + 1 + why);
    memcpy(payload, path, len + 1);
    memcpy(payload + len + 1, first, why);
    bool sent = worker_send_request(s->fd, REQUEST_FILE_REDUCED, payload, len + 1 + why);
    free(payload);
    return sent;
}

/* A frame complete in s->in: take it.  Returns false on a corrupt one. */
static bool take_frame(Pool *p, Slot *s, const Frame *f)
{
    const char *payload = s->in.data + sizeof *f;
    if (f->kind == FRAME_SETUP_FAILED) {
        char msg[600];
        snprintf(msg, sizeof msg, "%.*s", (int)(f->length < 512 ? f->length : 512), payload);
        fail_run(p, "cannot set up the parser: %s", msg);
        return true;
    }
    if (f->kind != FRAME_RESULT) return false;
    FileResult *r = xcalloc(1, sizeof *r);
    char *log;
    size_t log_len;
    if (!result_decode(payload, (size_t)f->length, r, &log, &log_len)) {
        free(r);
        return false;
    }
    p->results[s->file] = r;
    p->logs[s->file] = log;
    s->file = -1;
    s->in.len = 0;
    if (f->flags & FRAME_LAST) {
        /* it ends on its own: reaped later, without waiting here */
        close(s->fd);
        *VEC_PUSH(p->retired, p->nretired) = s->pid;
        s->pid = 0;
        s->fd = -1;
    }
    return true;
}

static void read_from(Pool *p, Slot *s)
{
    Frame f;
    FrameStatus st = frame_read(s->fd, &s->in, &f);
    if (st == FRAME_MORE) return;
    if (st == FRAME_GONE) {
        worker_lost(p, s, false, false);
        return;
    }
    int file = s->file;
    if (st == FRAME_CORRUPT || !take_frame(p, s, &f)) {
        kill(s->pid, SIGKILL);
        reap(s->pid);
        set_failure(p, file, 0, "internal error: a corrupt %s from the worker process",
                    st == FRAME_CORRUPT ? "message" : "result");
        close_slot(s);
    }
}

/* Resident memory of a worker, in bytes (0 when unknown). */
static unsigned long long resident_bytes(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    unsigned long long size = 0, resident = 0;
    int got = fscanf(f, "%llu %llu", &size, &resident);
    fclose(f);
    return got == 2 ? resident * (unsigned long long)sysconf(_SC_PAGESIZE) : 0;
}

/* How long a worker has waited for a CPU, all its threads together
 * (Linux's /proc/PID/task/TID/schedstat: run time, run-queue wait, in ns);
 * 0 when unknown. */
static double queued_seconds(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *d = opendir(path);
    if (!d) return 0;
    double total = 0;
    for (struct dirent *t; (t = readdir(d));) {
        if (t->d_name[0] == '.') continue;
        char stat[128];
        snprintf(stat, sizeof stat, "/proc/%d/task/%.20s/schedstat", (int)pid, t->d_name);
        FILE *f = fopen(stat, "r");
        if (!f) continue;
        unsigned long long ran = 0, waited = 0;
        if (fscanf(f, "%llu %llu", &ran, &waited) == 2) total += (double)waited * 1e-9;
        fclose(f);
    }
    closedir(d);
    return total;
}

/* The time a file's analysis is charged against --file-timeout: wall-clock
 * time without the time its worker waited for a CPU, so that a busy machine
 * does not fail files an idle one analyses in time (a worker blocked on
 * input is charged: it is not waiting for a CPU). */
static double charged_seconds(const Slot *s, double now)
{
    double queued = queued_seconds(s->pid) - s->queued_before;
    double charged = now - s->started - (queued > 0 ? queued : 0);
    return charged > 0 ? charged : 0;
}

/* One wait for whatever happens first: a result, a dead worker, a file's
 * time running out. */
static void wait_for_workers(Pool *p)
{
    struct pollfd *fds = xcalloc((size_t)p->nslots, sizeof *fds);
    int *slot_of = xcalloc((size_t)p->nslots, sizeof *slot_of);
    int nfds = 0;
    double now = monotonic_seconds(), timeout = p->po->timeout_seconds, first_left = NO_DEADLINE;
    for (int i = 0; i < p->nslots; i++) {
        Slot *s = &p->slots[i];
        if (!s->pid || s->file < 0) continue;
        fds[nfds].fd = s->fd;
        fds[nfds].events = POLLIN;
        slot_of[nfds++] = i;
        /* charged time grows at most as fast as the clock: waiting for
         * what is left cannot oversleep */
        double left = timeout > 0 ? timeout - charged_seconds(s, now) : NO_DEADLINE;
        if (left < first_left) first_left = left;
    }
    bool watch_memory = worker_under_sanitizer() && p->po->memory_bytes;
    int timeout_ms = -1;
    if (first_left < NO_DEADLINE) {
        double ms = first_left * 1000.0 + 1.0; /* +1: wake after it, not just before */
        timeout_ms = ms < 0 ? 0 : ms > 3600e3 ? 3600000 : (int)ms;
    }
    if (watch_memory && (timeout_ms < 0 || timeout_ms > 20)) timeout_ms = 20;
    if (p->po->waiting && (timeout_ms < 0 || timeout_ms > 1000)) timeout_ms = 1000;
    int ready = nfds ? poll(fds, (nfds_t)nfds, timeout_ms) : 0;
    for (int k = 0; ready > 0 && k < nfds; k++)
        if (fds[k].revents) read_from(p, &p->slots[slot_of[k]]);
    now = monotonic_seconds();
    for (int i = 0; i < p->nslots; i++) {
        Slot *s = &p->slots[i];
        if (!s->pid || s->file < 0) continue;
        if (timeout > 0 && charged_seconds(s, now) >= timeout) worker_lost(p, s, true, false);
        else if (watch_memory && resident_bytes(s->pid) > p->po->memory_bytes) worker_lost(p, s, false, true);
    }
    free(fds);
    free(slot_of);
}

static void reap_retired(Pool *p, bool block)
{
    int kept = 0;
    for (int i = 0; i < p->nretired; i++) {
        int status = 0;
        pid_t r;
        while ((r = waitpid(p->retired[i], &status, block ? 0 : WNOHANG)) < 0 && errno == EINTR) {}
        if (r == 0) {
            p->retired[kept++] = p->retired[i];
            continue;
        }
        if (r > 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
            /* e.g. a leak report of a sanitizer build at the worker's end */
            char why[256];
            worker_describe_end(status, false, 0, p->po->memory_bytes, why, sizeof why);
            fail_run(p, "a worker process did not end cleanly: %s", why);
        }
    }
    p->nretired = kept;
}

static void deliver(Pool *p, int file, FileDoneFn done, void *ctx)
{
    if (p->logs[file]) {
        fputs(p->logs[file], p->eo->log ? p->eo->log : stderr);
        free(p->logs[file]);
        p->logs[file] = NULL;
    }
    done(ctx, p->results[file]);
    free(p->results[file]);
    p->results[file] = NULL;
}

/* Hands the progress hook the file that has run longest. */
static void report_waiting(Pool *p, void *ctx)
{
    const Slot *longest = NULL;
    for (int i = 0; i < p->nslots; i++) {
        const Slot *s = &p->slots[i];
        if (s->pid && s->file >= 0 && (!longest || s->started < longest->started)) longest = s;
    }
    p->po->waiting(ctx, longest ? p->paths[longest->file] : NULL,
                   longest ? monotonic_seconds() - longest->started : 0);
}

static bool lint_in_process(const EngineOptions *eo, char *const *paths, int n, FileDoneFn done, void *ctx,
                            char *err, int errsize)
{
    char why[512];
    Engine *engine = engine_new(eo, why, sizeof why);
    if (!engine) {
        snprintf(err, (size_t)errsize, "cannot set up the parser: %s", why);
        return false;
    }
    for (int i = 0; i < n; i++) {
        FileResult r;
        engine_lint_file(engine, paths[i], NULL, 0, &r);
        done(ctx, &r);
    }
    engine_free(engine);
    return true;
}

bool lint_files(const EngineOptions *eo, const PoolOptions *po, char *const *paths, int n, FileDoneFn done,
                void *ctx, char *err, int errsize)
{
    if (po->in_process) return lint_in_process(eo, paths, n, done, ctx, err, errsize);
    if (n <= 0) return true;
    /* discovery and include graphs once, here: every worker (and every
     * replacement of one) inherits them */
    EngineOptions shared = *eo;
    EngineProjects *made = shared.shared_projects ? NULL : engine_projects_new(eo);
    if (made) shared.shared_projects = made;
    eo = &shared;
    Pool p = {.eo = eo, .po = po, .paths = paths, .err = err, .errsize = errsize};
    make_private_dir("gpulint-run", p.run_dir, sizeof p.run_dir); /* without one, each worker makes its own */
    p.nslots = po->jobs < 1 ? 1 : po->jobs > n ? n : po->jobs;
    p.slots = xcalloc((size_t)p.nslots, sizeof *p.slots);
    for (int i = 0; i < p.nslots; i++) close_slot(&p.slots[i]);
    p.results = xcalloc((size_t)n, sizeof *p.results);
    p.logs = xcalloc((size_t)n, sizeof *p.logs);
    p.first_failure = xcalloc((size_t)n, sizeof *p.first_failure);
    int next = 0, delivered = 0;
    while (delivered < n && !p.failed) {
        for (int i = 0; i < p.nslots && (next < n || p.nagain); i++) {
            Slot *s = &p.slots[i];
            if (s->pid && s->file >= 0) continue;
            bool second = p.nagain > 0; /* second analyses first: delivery waits for them */
            int file = second ? p.again[--p.nagain] : next++;
            if (!s->pid && !start_worker(&p, s)) {
                set_failure(&p, file, 0, "cannot start a worker process: %s", strerror(errno));
                continue;
            }
            s->file = file;
            s->second = second;
            s->started = monotonic_seconds();
            s->queued_before = po->timeout_seconds > 0 ? queued_seconds(s->pid) : 0;
            /* A worker that died while idle (killed from outside) is not the
             * file's fault: one fresh worker more before giving up. */
            for (int attempt = 0; s->pid && !send_request(&p, s); attempt++) {
                int why = errno;
                kill(s->pid, SIGKILL); /* it may be alive, waiting: never wait for it */
                reap(s->pid);
                close_slot(s);
                if (attempt == 1 || !why || !start_worker(&p, s)) {
                    set_failure(&p, file, 0, "cannot hand the file to a worker process: %s",
                                why ? strerror(why) : "path too long");
                    break;
                }
                s->file = file;
                s->second = second;
                s->queued_before = po->timeout_seconds > 0 ? queued_seconds(s->pid) : 0;
            }
        }
        while (delivered < n && p.results[delivered]) deliver(&p, delivered++, done, ctx);
        if (delivered < n) wait_for_workers(&p);
        if (po->waiting) report_waiting(&p, ctx);
        reap_retired(&p, false);
    }
    /* No more files: each worker sees the end of its socket and exits. */
    for (int i = 0; i < p.nslots; i++) {
        Slot *s = &p.slots[i];
        if (!s->pid) continue;
        if (s->file >= 0) kill(s->pid, SIGKILL); /* only after a failed run */
        close(s->fd);
        *VEC_PUSH(p.retired, p.nretired) = s->pid;
        s->pid = 0;
    }
    bool failed_before = p.failed;
    reap_retired(&p, true);
    if (failed_before) p.failed = true;
    for (int i = 0; i < n; i++) {
        if (p.results[i]) file_result_free(p.results[i]);
        free(p.results[i]);
        free(p.logs[i]);
        free(p.first_failure[i]);
    }
    for (int i = 0; i < p.nslots; i++) wire_buf_free(&p.slots[i].in);
    free(p.slots);
    free(p.results);
    free(p.logs);
    free(p.first_failure);
    free(p.again);
    free(p.retired);
    if (p.run_dir[0] && !keep_temporary_files()) remove_tree(p.run_dir);
    engine_projects_free(made);
    return !p.failed;
}
