/* audit_worker.c - see audit.h ("workers").  One forked child per file:
 * the engine is set up once in the parent, so a child starts with it
 * (copy-on-write) and only parses.  The parent waits on every child's
 * result and stderr pipes with poll(), kills a child past its deadline and
 * turns a child's death into a "failed" outcome for that file alone.
 *
 * Test hooks (environment, read in the child): GPULINT_TEST_CRASH_ON=S
 * makes the child crash (SIGSEGV) on a file whose path contains S,
 * GPULINT_TEST_HANG_ON=S makes it hang there. */
#include "audit/audit.h"
#include "output/finding_json.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/clock.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define AUDIT_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AUDIT_UNDER_ASAN 1
#endif
#endif

typedef struct {
    bool busy;
    pid_t pid;
    int out_fd, err_fd;      /* -1 once at EOF */
    char *out; size_t nout, capout;
    char err[400]; size_t nerr;
    double start, deadline;
    bool timed_out;
    AuditTask task;
} Slot;

struct AuditPool {
    Engine *engine;
    AuditLimits limits;
    AuditDone done;
    void *ctx;
    Slot *slots;
    int running;
};

/* ------------------------------------------------------------ the child */

static bool env_matches(const char *var, const char *path)
{
    const char *v = getenv(var);
    return v && *v && strstr(path, v);
}

/* Lines [first, last] of the file, for the report's code excerpt. */
static char *excerpt(const char *text, long size, unsigned first, unsigned last)
{
    if (!text || first == 0) return NULL;
    unsigned line = 1;
    long i = 0, start = -1, end = size;
    for (; i < size; i++) {
        if (line == first && start < 0) start = i;
        if (text[i] == '\n') {
            if (line == last) {
                end = i;
                break;
            }
            line++;
        }
    }
    if (start < 0) return NULL;
    if (end - start > 2000) end = start + 2000;
    char *s = xmalloc((size_t)(end - start) + 1);
    memcpy(s, text + start, (size_t)(end - start));
    s[end - start] = 0;
    return s;
}

static cJSON *problems_json(const Problem *p, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        if (p[i].line) cJSON_AddNumberToObject(o, "line", p[i].line);
        cJSON_AddStringToObject(o, "message", p[i].message);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

static cJSON *analyse(Engine *engine, const AuditTask *task, Severity min)
{
    FileResult r;
    bool analysed = engine_lint_file(engine, task->path, NULL, 0, &r);
    engine_filter_result(task->filter, &r, NULL, 0);
    int below = findings_filter_min_severity(&r.findings, min);
    long size = 0;
    char *text = read_file(task->path, &size);
    cJSON *o = cJSON_CreateObject();
    /* the engine's own status (missing headers, parse errors; engine.h),
     * the same the command line's JSON `files` shows */
    FileStatus st = analysed ? r.status : FILE_FAILED;
    cJSON_AddStringToObject(o, "status", file_status_name(st));
    if (st != FILE_OK) {
        const Problem *why = r.problems.nerrors ? &r.problems.errors[0] : r.problems.nnotes ? &r.problems.notes[0] : NULL;
        cJSON_AddStringToObject(o, "reason", r.nreasons ? r.reasons[0] : why ? why->message : "not analysed");
    }
    cJSON_AddNumberToObject(o, "kernels", r.kernels);
    cJSON_AddNumberToObject(o, "below_threshold", below);
    cJSON_AddItemToObject(o, "errors", problems_json(r.problems.errors, r.problems.nerrors));
    cJSON_AddItemToObject(o, "notes", problems_json(r.problems.notes, r.problems.nnotes));
    cJSON *list = cJSON_AddArrayToObject(o, "findings");
    for (int i = 0; i < r.findings.n; i++) {
        const Finding *f = &r.findings.items[i];
        cJSON *j = finding_to_json(f);
        if (f->repo_path) cJSON_AddStringToObject(j, "repo_path", f->repo_path);
        unsigned first = f->range.line > 2 ? f->range.line - 2 : 1;
        unsigned last = (f->range.end_line > f->range.line ? f->range.end_line : f->range.line) + 2;
        if (last > first + 8) last = first + 8;
        char *ex = f->range.file && strcmp(f->range.file, task->path) == 0 ? excerpt(text, size, first, last) : NULL;
        if (ex) {
            cJSON_AddStringToObject(j, "excerpt", ex);
            cJSON_AddNumberToObject(j, "excerpt_line", first);
        }
        free(ex);
        cJSON_AddItemToArray(list, j);
    }
    free(text);
    file_result_free(&r);
    return o;
}

static void write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) _exit(3);
        s += w;
        n -= (size_t)w;
    }
}

static void child_main(AuditPool *p, const AuditTask *task, int out_fd, int err_fd)
{
    dup2(err_fd, 2);
    close(err_fd);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
#ifndef AUDIT_UNDER_ASAN
    /* ASan reserves terabytes of address space: a limit would stop it */
    if (p->limits.memory_mb > 0) {
        struct rlimit rl = {(rlim_t)p->limits.memory_mb << 20, (rlim_t)p->limits.memory_mb << 20};
        setrlimit(RLIMIT_AS, &rl);
    }
#endif
    if (p->limits.timeout_s > 0) {
        /* a backstop for the parent's deadline: CPU seconds */
        rlim_t cpu = (rlim_t)p->limits.timeout_s + 2;
        struct rlimit rl = {cpu, cpu + 1};
        setrlimit(RLIMIT_CPU, &rl);
    }
    if (env_matches("GPULINT_TEST_CRASH_ON", task->path)) {
        /* a hard crash, past any handler (a sanitizer's would abort instead) */
        signal(SIGSEGV, SIG_DFL);
        raise(SIGSEGV);
    }
    if (env_matches("GPULINT_TEST_HANG_ON", task->path))
        for (;;) pause();
    cJSON *o = analyse(p->engine, task, p->limits.min_severity);
    char *text = cJSON_PrintUnformatted(o);
    if (!text) gpulint_out_of_memory();
    write_all(out_fd, text, strlen(text));
    _exit(0);
}

/* ------------------------------------------------------------ the parent */

AuditPool *audit_pool_new(Engine *engine, const AuditLimits *limits, AuditDone done, void *ctx)
{
    AuditPool *p = xcalloc(1, sizeof *p);
    p->engine = engine;
    p->limits = *limits;
    if (p->limits.jobs < 1) p->limits.jobs = 1;
    if (p->limits.jobs > 64) p->limits.jobs = 64; /* pool_step's poll set */
    p->done = done;
    p->ctx = ctx;
    p->slots = xcalloc((size_t)p->limits.jobs, sizeof *p->slots);
    /* a child that dies while we write nothing to it: no SIGPIPE concerns,
     * but a closed pipe must not kill the parent either */
    signal(SIGPIPE, SIG_IGN);
    return p;
}

static void finish(AuditPool *p, Slot *s)
{
    int st = 0;
    while (waitpid(s->pid, &st, 0) < 0 && errno == EINTR) {}
    AuditOutcome o = {"failed", "", monotonic_seconds() - s->start, NULL};
    char reason[600];
    reason[0] = 0;
    s->err[s->nerr] = 0;
    /* the child's last stderr line says most about a death */
    char *last = s->err;
    for (char *q = s->err; *q; q++)
        if (*q == '\n' && q[1]) last = q + 1;
    last[strcspn(last, "\n")] = 0;
    if (s->timed_out) {
        snprintf(reason, sizeof reason, "timed out after %.0f s (--file-timeout)", p->limits.timeout_s);
    } else if (WIFSIGNALED(st)) {
        int sig = WTERMSIG(st);
        snprintf(reason, sizeof reason, "worker killed by signal %d (%s)%s%s%s", sig, strsignal(sig),
                 sig == SIGXCPU ? ": CPU time limit" : sig == SIGKILL ? ": out of memory?" : "", last[0] ? ": " : "", last);
    } else if (WIFEXITED(st) && WEXITSTATUS(st) != 0) {
        snprintf(reason, sizeof reason, "worker exited with status %d%s%s", WEXITSTATUS(st), last[0] ? ": " : "", last);
    } else {
        if (s->nout) s->out[s->nout] = 0;
        o.analysis = s->nout ? cJSON_Parse(s->out) : NULL;
        if (!o.analysis) snprintf(reason, sizeof reason, "worker sent no result");
        else {
            o.status = audit_str(o.analysis, "status", "failed");
            o.reason = audit_str(o.analysis, "reason", "");
        }
    }
    if (!o.analysis) o.reason = reason;
    p->done(p->ctx, &s->task, &o);
    free(s->out);
    memset(s, 0, sizeof *s);
    p->running--;
}

static void read_some(Slot *s, int *fd, bool is_out)
{
    char buf[65536];
    ssize_t n = read(*fd, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
    if (n <= 0) {
        close(*fd);
        *fd = -1;
        return;
    }
    if (is_out) {
        if (s->nout + (size_t)n + 1 > s->capout) {
            s->capout = (s->nout + (size_t)n + 1) * 2;
            s->out = xrealloc(s->out, s->capout);
        }
        memcpy(s->out + s->nout, buf, (size_t)n);
        s->nout += (size_t)n;
    } else {
        /* keep the tail: the end of stderr says why a child died */
        for (ssize_t i = 0; i < n; i++) {
            if (s->nerr + 1 >= sizeof s->err) {
                memmove(s->err, s->err + sizeof s->err / 2, sizeof s->err / 2);
                s->nerr -= sizeof s->err / 2;
            }
            s->err[s->nerr++] = buf[i];
        }
    }
}

/* One round: reads what is ready, finishes children at EOF, kills those
 * past their deadline.  Waits at most `max_wait` seconds. */
static void pool_step(AuditPool *p, double max_wait)
{
    struct pollfd fds[2 * 64];
    int owner[2 * 64], nfds = 0;
    double t = monotonic_seconds(), wait = max_wait;
    for (int i = 0; i < p->limits.jobs; i++) {
        Slot *s = &p->slots[i];
        if (!s->busy) continue;
        if (s->deadline > 0 && s->deadline - t < wait) wait = s->deadline - t;
        if (s->out_fd >= 0) {
            fds[nfds] = (struct pollfd){s->out_fd, POLLIN, 0};
            owner[nfds++] = i;
        }
        if (s->err_fd >= 0) {
            fds[nfds] = (struct pollfd){s->err_fd, POLLIN, 0};
            owner[nfds++] = i;
        }
    }
    if (wait < 0) wait = 0;
    int r = nfds ? poll(fds, (nfds_t)nfds, (int)(wait * 1000) + 1) : 0;
    for (int k = 0; r > 0 && k < nfds; k++) {
        if (!fds[k].revents) continue;
        Slot *s = &p->slots[owner[k]];
        if (fds[k].fd == s->out_fd) read_some(s, &s->out_fd, true);
        else if (fds[k].fd == s->err_fd) read_some(s, &s->err_fd, false);
    }
    t = monotonic_seconds();
    for (int i = 0; i < p->limits.jobs; i++) {
        Slot *s = &p->slots[i];
        if (!s->busy) continue;
        if (s->out_fd < 0 && s->err_fd < 0) {
            finish(p, s);
        } else if (s->deadline > 0 && t >= s->deadline) {
            s->timed_out = true;
            kill(s->pid, SIGKILL);
            if (s->out_fd >= 0) close(s->out_fd);
            if (s->err_fd >= 0) close(s->err_fd);
            s->out_fd = s->err_fd = -1;
            finish(p, s);
        }
    }
}

void audit_lint_file(AuditPool *p, const AuditTask *task)
{
    while (p->running >= p->limits.jobs) pool_step(p, 1.0);
    Slot *s = NULL;
    for (int i = 0; i < p->limits.jobs && !s; i++)
        if (!p->slots[i].busy) s = &p->slots[i];
    int out[2], err[2];
    if (pipe(out) != 0 || pipe(err) != 0) {
        perror("gpulint: error: pipe");
        exit(2);
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        perror("gpulint: error: fork");
        exit(2);
    }
    if (pid == 0) {
        close(out[0]);
        close(err[0]);
        /* other children's pipes are not this child's business */
        for (int i = 0; i < p->limits.jobs; i++) {
            if (p->slots[i].out_fd >= 0 && p->slots[i].busy) close(p->slots[i].out_fd);
            if (p->slots[i].err_fd >= 0 && p->slots[i].busy) close(p->slots[i].err_fd);
        }
        child_main(p, task, out[1], err[1]);
    }
    close(out[1]);
    close(err[1]);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    fcntl(err[0], F_SETFD, FD_CLOEXEC);
    memset(s, 0, sizeof *s);
    s->busy = true;
    s->pid = pid;
    s->out_fd = out[0];
    s->err_fd = err[0];
    s->start = monotonic_seconds();
    s->deadline = p->limits.timeout_s > 0 ? s->start + p->limits.timeout_s : 0;
    s->task = *task;
    p->running++;
}

void audit_pool_drain(AuditPool *p)
{
    while (p->running > 0) pool_step(p, 1.0);
}

void audit_pool_free(AuditPool *p)
{
    if (!p) return;
    audit_pool_drain(p);
    free(p->slots);
    free(p);
}
