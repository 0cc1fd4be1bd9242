/* worker_child.c - the worker process: its limits, its loop (a path or an
 * editor's document in, a FileResult out), and how it ends.  See worker.h,
 * document_worker.h and worker_proto.h. */
#include "isolate/result_wire.h"
#include "isolate/worker_proto.h"
#include "util/clock.h"
#include "util/oom.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define GPULINT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GPULINT_ASAN 1
#endif
#endif

bool worker_under_sanitizer(void)
{
#ifdef GPULINT_ASAN
    return true;
#else
    return false;
#endif
}

bool worker_write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n > 0) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        c += w;
        n -= (size_t)w;
    }
    return true;
}

bool worker_read_all(int fd, void *p, size_t n)
{
    char *c = p;
    while (n > 0) {
        ssize_t r = read(fd, c, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        c += r;
        n -= (size_t)r;
    }
    return true;
}

/* ------------------------------------------------------------- memory */

static unsigned long long memory_limit;   /* the address-space limit set, 0: none */
static unsigned long long memory_base;    /* the address space in use when it was set */
static unsigned long long peak_before;    /* VmPeak when the current file began */

/* A field of /proc/self/status in bytes (0 when unknown).  Async-signal-
 * safe: it also runs in the fatal-signal handler.  key: "\nVmPeak:". */
static unsigned long long proc_status_bytes(const char *key)
{
    int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char buf[8192];
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return 0;
    buf[n] = 0;
    size_t klen = strlen(key);
    for (ssize_t i = 0; i + (ssize_t)klen <= n; i++) {
        if (memcmp(buf + i, key, klen) != 0) continue;
        unsigned long long kb = 0;
        for (const char *p = buf + i + klen; *p == ' ' || *p == '\t' || (*p >= '0' && *p <= '9'); p++)
            if (*p >= '0' && *p <= '9') kb = kb * 10 + (unsigned long long)(*p - '0');
        return kb * 1024;
    }
    return 0;
}

static unsigned long long vm_peak_bytes(void)
{
    return proc_status_bytes("\nVmPeak:");
}

/* Whether this file's failure is the memory limit: the address space grew
 * during the file to near the limit.  An allocation that fails is refused
 * whole, so a doubling buffer fails with the space only half used: for an
 * abort (what libclang does on a failed allocation) half the limit counts. */
static bool hit_memory_limit(bool abort_like)
{
    if (!memory_limit) return false;
    unsigned long long peak = vm_peak_bytes();
    unsigned long long room = memory_limit - memory_base;
    unsigned long long threshold = memory_base + (abort_like ? room / 2 : room / 10 * 9);
    return peak > peak_before && peak >= threshold;
}

static void exit_out_of_memory(void)
{
    _exit(WORKER_EXIT_OUT_OF_MEMORY);
}

static void on_fatal_signal(int sig)
{
    if (hit_memory_limit(sig == SIGABRT)) _exit(WORKER_EXIT_OUT_OF_MEMORY);
    raise(sig); /* SA_RESETHAND: the default action now, so the parent sees the signal */
}

static void set_limits(const PoolOptions *po)
{
    /* A sanitizer reserves terabytes of address space: the parent watches
     * resident memory instead (worker.c). */
    if (worker_under_sanitizer() || !po->memory_bytes) return;
    /* The limit is what one file's analysis may add to the worker as it
     * starts: gpulint and libclang alone map about 200 MiB of address space,
     * and a limit on the total failed even an empty file below that. */
    unsigned long long base = proc_status_bytes("\nVmSize:"), limit = base + po->memory_bytes;
    if (limit < base) limit = po->memory_bytes; /* cannot overflow in practice; never a smaller limit */
    struct rlimit rl = {(rlim_t)limit, (rlim_t)limit};
    if (setrlimit(RLIMIT_AS, &rl) != 0) return;
    memory_limit = limit;
    memory_base = limit > base ? base : 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sa.sa_flags = SA_RESETHAND | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    const int fatal[] = {SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE};
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) sigaction(fatal[i], &sa, NULL);
}

/* -------------------------------------------------------- test hooks */

/* Only for the tests of worker processes (tests/isolation_test.sh, the
 * language server's test): make the worker of a file whose path (or, for
 * an editor's document, whose text) contains the variable's value crash,
 * hang (its first analysis only), allocate until the memory limit stops
 * it, spin on the CPU (its first analysis only, as a parse that explodes),
 * or spend half a second of CPU time before the analysis (a slow parse). */
static bool test_hook(const char *name, const char *path, const char *text)
{
    const char *v = getenv(name);
    return v && *v && (strstr(path, v) || (text && strstr(text, v)));
}

static void run_test_hooks(const char *path, const char *text, bool second_analysis)
{
    if (!second_analysis && test_hook("GPULINT_TEST_SPIN_ONCE_ON", path, text))
        for (volatile unsigned long spin = 0;; spin++) {}
    if (test_hook("GPULINT_TEST_SLOW_ON", path, text))
        for (double start = process_cpu_seconds(); process_cpu_seconds() - start < 0.5;) {}
    if (test_hook("GPULINT_TEST_CRASH_ON", path, text) ||
        (!second_analysis && test_hook("GPULINT_TEST_CRASH_ONCE_ON", path, text))) {
        signal(SIGSEGV, SIG_DFL);
        raise(SIGSEGV);
    }
    if (!second_analysis && test_hook("GPULINT_TEST_HANG_ON", path, text))
        for (;;) pause();
    if (test_hook("GPULINT_TEST_ALLOC_ON", path, text)) {
        /* until an allocation fails (the address-space limit), or up to four
         * times the limit, then wait for the parent's resident-memory check */
        const size_t chunk = 16u << 20;
        unsigned long long cap = 4 * (memory_limit ? memory_limit : (512ull << 20));
        for (unsigned long long total = 0; total < cap; total += chunk) memset(xmalloc(chunk), 1, chunk);
        for (;;) pause();
    }
}

/* ------------------------------------------------------------ the loop */

/* The text the engine logs for one file (-v, --dump-model), sent with its
 * result so that the parent prints it in file order. */
typedef struct {
    char *data;
    size_t len, cap;
} LogText;

static ssize_t log_write(void *cookie, const char *buf, size_t n)
{
    LogText *t = cookie;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->len + n + 1) cap *= 2;
        t->data = xrealloc(t->data, cap);
        t->cap = cap;
    }
    memcpy(t->data + t->len, buf, n);
    t->len += n;
    return (ssize_t)n;
}

static bool send_frame(int fd, uint32_t kind, uint32_t flags, const void *payload, size_t len)
{
    Frame f = {WIRE_MAGIC, kind, flags, 0, len};
    return worker_write_all(fd, &f, sizeof f) && worker_write_all(fd, payload, len);
}

/* The next request's kind and payload (malloc'd, NUL-terminated); false at
 * the end of the input or on a malformed request. */
static bool read_request(int fd, uint32_t *kind, char **payload, size_t *len)
{
    Request rq;
    if (!worker_read_all(fd, &rq, sizeof rq)) return false;
    if (rq.magic != WIRE_MAGIC || rq.length > WORKER_MAX_REQUEST) return false;
    if ((rq.kind == REQUEST_FILE || rq.kind == REQUEST_CLOSE) && (rq.length == 0 || rq.length > WORKER_MAX_PATH))
        return false;
    if (rq.kind == REQUEST_FILE_REDUCED && (rq.length < 2 || rq.length > WORKER_MAX_PATH + 1 + WORKER_MAX_REASON))
        return false;
    char *p = xmalloc((size_t)rq.length + 1);
    if (!worker_read_all(fd, p, (size_t)rq.length)) {
        free(p);
        return false;
    }
    p[rq.length] = 0;
    *kind = rq.kind;
    *payload = p;
    *len = (size_t)rq.length;
    return true;
}

typedef struct {
    int fd;
    const EngineOptions *eo;
    const PoolOptions *po;
} WorkerArgs;

enum { WORKER_STACK_BYTES = 512 << 20 };

static void *worker_loop(void *arg);

_Noreturn void worker_child_main(int fd, const EngineOptions *eo, const PoolOptions *po)
{
    /* The parent's handlers remove its temporary report file: not ours. */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    /* Nothing of the report is ever written from here, and the parent's
     * input (the language server's protocol) is never read from here. */
    int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (devnull >= 0) {
        dup2(devnull, STDIN_FILENO);
        dup2(devnull, STDOUT_FILENO);
        close(devnull);
    }
    /* clang's parser recurses once per nesting level: a 10,000-deep else-if
     * chain or a 100,000-term sum overflows the 8 MiB stack of the thread
     * libclang parses on, and the whole file is lost.  So libclang parses on
     * the calling thread (LIBCLANG_NOTHREADS) and that thread has a stack of
     * WORKER_STACK_BYTES (address space only: pages are used as touched). */
    setenv("LIBCLANG_NOTHREADS", "1", 1);
    WorkerArgs args = {fd, eo, po};
    pthread_attr_t attr;
    pthread_t thread;
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, WORKER_STACK_BYTES) == 0 &&
        pthread_create(&thread, &attr, worker_loop, &args) == 0) {
        pthread_join(thread, NULL); /* worker_loop ends the process */
    }
    unsetenv("LIBCLANG_NOTHREADS"); /* no big stack: libclang's own thread */
    worker_loop(&args);
    _exit(0);
}

/* Whether the next request gets a fresh process: after a failure (libclang
 * may have crashed and recovered), or close to the memory limit. */
static bool worker_should_end(bool ok)
{
    return !ok || (memory_limit && vm_peak_bytes() >= memory_base + (memory_limit - memory_base) / 10 * 9);
}

/* One file of the pool (a second, leaner analysis when `first_failure`
 * says how the first ended): false when this worker ends after it. */
static bool lint_one_file(Engine *engine, int fd, const char *path, const char *first_failure, FILE *log,
                          LogText *text)
{
    peak_before = vm_peak_bytes();
    run_test_hooks(path, NULL, first_failure != NULL);
    FileResult r;
    bool ok = first_failure ? engine_lint_file_reduced(engine, path, first_failure, &r)
                            : engine_lint_file(engine, path, NULL, 0, &r);
    if (log) fflush(log);
    if (!ok && hit_memory_limit(true)) _exit(WORKER_EXIT_OUT_OF_MEMORY);
    bool last = worker_should_end(ok);
    WireBuf wire = {0};
    result_encode(&r, text->data, text->len, &wire);
    bool sent = send_frame(fd, FRAME_RESULT, last ? FRAME_LAST : 0, wire.data, wire.len);
    wire_buf_free(&wire);
    file_result_free(&r);
    text->len = 0;
    return sent && !last;
}

/* One editor's document: its kept parse stays for the next edit, so only
 * memory pressure ends the worker (a file that fails to parse is an
 * ordinary state of a buffer being typed). */
static bool lint_one_document(Engine *engine, int fd, const char *payload, size_t len, FILE *log, LogText *text)
{
    DocumentRequest rq;
    if (!document_request_decode(payload, len, &rq)) return false;
    peak_before = vm_peak_bytes();
    run_test_hooks(rq.path, rq.text, rq.no_preamble); /* the retry after a crash has none */
    if (rq.no_preamble) engine_document_without_preamble(engine, rq.path);
    FileResult r;
    DocumentInfo info;
    bool ok = engine_lint_document(engine, rq.path, rq.text, rq.len, rq.open, rq.nopen, &r, &info);
    if (log) fflush(log);
    if (!ok && hit_memory_limit(true)) _exit(WORKER_EXIT_OUT_OF_MEMORY);
    bool last = worker_should_end(true);
    WireBuf wire = {0};
    document_answer_encode(ok, &info, &r, text->data, text->len, &wire);
    bool sent = send_frame(fd, FRAME_DOCUMENT, last ? FRAME_LAST : 0, wire.data, wire.len);
    wire_buf_free(&wire);
    document_info_free(&info);
    file_result_free(&r);
    document_request_free(&rq);
    text->len = 0;
    return sent && !last;
}

static void *worker_loop(void *arg)
{
    const WorkerArgs *wa = arg;
    int fd = wa->fd;
    const EngineOptions *eo = wa->eo;
    const PoolOptions *po = wa->po;
    gpulint_out_of_memory_hook = exit_out_of_memory;
    set_limits(po);

    LogText text = {0};
    cookie_io_functions_t io = {NULL, log_write, NULL, NULL};
    FILE *log = fopencookie(&text, "w", io);
    EngineOptions o = *eo;
    if (log) o.log = log;
    char err[512];
    Engine *engine = engine_new(&o, err, sizeof err);
    if (!engine) {
        send_frame(fd, FRAME_SETUP_FAILED, 0, err, strlen(err));
        _exit(0);
    }
    for (;;) {
        uint32_t kind;
        char *payload;
        size_t len;
        if (!read_request(fd, &kind, &payload, &len)) break; /* no more work */
        bool sent = kind == REQUEST_CLOSE;
        if (kind == REQUEST_CLOSE) engine_close_document(engine, payload);
        else if (kind == REQUEST_FILE) sent = lint_one_file(engine, fd, payload, NULL, log, &text);
        else if (kind == REQUEST_FILE_REDUCED) {
            size_t path_len = strnlen(payload, len);
            sent = path_len > 0 && path_len + 1 < len &&
                   lint_one_file(engine, fd, payload, payload + path_len + 1, log, &text);
        }
        else if (kind == REQUEST_DOCUMENT) sent = lint_one_document(engine, fd, payload, len, log, &text);
        free(payload);
        if (!sent) break;
    }
    /* An orderly end, so that a leak checker (ASan builds) sees this process. */
    engine_free(engine);
    if (log) fclose(log);
    free(text.data);
    close(fd);
    exit(0);
}
