/* toolkit_pch.c - precompiled toolkit preludes (see toolkit_pch.h).
 *
 * A file parsed with the CUDA toolkit's headers spends nearly all its time
 * in those headers (measured on the real-project corpus: 99% of the CPU time
 * is the parse, under 1% the interpretation; thrust/cub alone about 1.5-3 s
 * a file).  The preludes in include/toolkit/ are precompiled once per machine
 * into a user cache directory, keyed by everything the PCH depends on, and a
 * file gets the smallest one its include closure needs. */
#include "frontend/toolkit_pch.h"
#include "util/cache_prune.h"
#include "util/fileio.h"
#include "util/fnv1a.h"
#include "util/oom.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Bump when what goes into a prelude's PCH changes in a way the key does not
 * see (the code below, not the headers: their text is in the key). */
#define TOOLKIT_PCH_FORMAT "gpulint-toolkit-pch-3"

/* The cache's bound: about nine sets of the four preludes (110 MB a set). */
#define TOOLKIT_CACHE_MAX_BYTES (1024ull * 1024 * 1024)

static const char *const prelude_headers[] = {"gpulint_toolkit_runtime.h", "gpulint_toolkit_cxx.h",
                                              "gpulint_toolkit_libs.h", "gpulint_toolkit_cccl.h"};
static const char *const prelude_names[] = {"runtime", "cxx", "libs", "cccl"};

PreludeNeed frontend_prelude_for_include(const char *s)
{
    if (strncmp(s, "thrust/", 7) == 0 || strncmp(s, "cub/", 4) == 0 || strncmp(s, "cuda/", 5) == 0)
        return PRELUDE_CCCL;
    /* the heavier device-side library headers (curand_kernel.h, not the host API's curand.h) */
    static const char *const lib_prefixes[] = {"cooperative_groups", "curand_", "mma.h"};
    for (size_t i = 0; i < sizeof lib_prefixes / sizeof lib_prefixes[0]; i++)
        if (strncmp(s, lib_prefixes[i], strlen(lib_prefixes[i])) == 0) return PRELUDE_LIBS;
    /* the host APIs and the heavy C++ headers of the C++ prelude (the
     * runtime one already has <cmath>, <cstdlib> and the C headers through
     * clang's wrapper) */
    if (strncmp(s, "cublas", 6) == 0 || strcmp(s, "curand.h") == 0 || strncmp(s, "cuda_fp16", 9) == 0 ||
        strncmp(s, "cuda_bf16", 9) == 0)
        return PRELUDE_CXX;
    static const char *const cxx[] = {"algorithm", "array", "functional", "iostream", "limits", "map", "memory",
                                      "sstream", "string", "tuple", "type_traits", "unordered_map", "utility",
                                      "vector", "numeric", "fstream", "iomanip", "set", "unordered_set", "list",
                                      "deque", "random", "chrono", "mutex", "thread", "atomic", "stdexcept",
                                      "iterator", "complex", "optional", "variant"};
    for (size_t i = 0; i < sizeof cxx / sizeof cxx[0]; i++)
        if (strcmp(s, cxx[i]) == 0) return PRELUDE_CXX;
    return PRELUDE_RUNTIME;
}

bool frontend_is_toolkit_config_macro(const char *name)
{
    static const char *const prefixes[] = {
        "THRUST_DEVICE_SYSTEM", "THRUST_HOST_SYSTEM", "THRUST_IGNORE", "THRUST_DEBUG", "THRUST_CPP_DIALECT",
        "THRUST_NS_", "THRUST_WRAPPED", "THRUST_DISABLE", "THRUST_FORCE", "CUB_IGNORE", "CUB_STDERR", "CUB_DEBUG",
        "CUB_CPP_DIALECT", "CUB_NS_", "CUB_WRAPPED", "CUB_DISABLE", "CCCL_", "_CCCL_", "LIBCUDACXX", "_LIBCUDACXX",
        "__CUDA_NO", "CUDA_NO_HALF", "CUDA_API_PER_THREAD", "CUDA_FORCE", "__CUDA_INCLUDE_COMPILER_INTERNAL",
        "__NV_", "NV_IF"};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0) return true;
    return false;
}

const char *toolkit_prelude_name(PreludeNeed need)
{
    return prelude_names[need];
}

const char *toolkit_prelude_header(PreludeNeed need)
{
    return prelude_headers[need];
}

static void hash_bytes(uint64_t *h, const void *data, size_t n)
{
    *h = fnv1a64(*h, data, n);
}

static void hash_str(uint64_t *h, const char *s)
{
    hash_bytes(h, s, strlen(s) + 1);
}

/* A file's identity without reading it: path, size and modification time. */
static void hash_stamp(uint64_t *h, const char *path)
{
    struct stat st;
    hash_str(h, path);
    if (stat(path, &st) == 0) {
        long long v[3] = {(long long)st.st_size, (long long)st.st_mtim.tv_sec, (long long)st.st_mtim.tv_nsec};
        hash_bytes(h, v, sizeof v);
    }
}

static bool cache_dir(char *out, size_t n)
{
    const char *own = getenv("GPULINT_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int r;
    if (own && *own) r = snprintf(out, n, "%s", own);
    else if (xdg && *xdg == '/') r = snprintf(out, n, "%s/gpulint", xdg);
    else if (home && *home == '/') r = snprintf(out, n, "%s/.cache/gpulint", home);
    else return false;
    if (r <= 0 || (size_t)r >= n) return false;
    /* mkdir -p, private to the user */
    for (char *s = strchr(out + 1, '/');; s = strchr(s + 1, '/')) {
        if (s) *s = 0;
        if (mkdir(out, 0700) != 0 && errno != EEXIST) {
            if (s) *s = '/';
            return false;
        }
        if (!s) break;
        *s = '/';
    }
    return access(out, W_OK) == 0;
}

static bool exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* ---- the checksum beside each PCH
 *
 * A PCH damaged after it was written (a disk error, a copy or restore cut
 * short, a bad sector in the middle) is not refused by libclang: it reads
 * it lazily and crashes on the damaged part, file after file, run after
 * run.  So each PCH has `<base>.sum` beside it (its size and a checksum of
 * its bytes), written before the PCH is renamed into place, and a PCH is
 * used only when it matches; one that does not is removed and built again. */

/* 64 bits at a time, each step invertible (xor, odd multiply, xorshift):
 * any one changed word changes the result.  Not a security boundary. */
static uint64_t mix_word(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

/* The size and checksum of an open file, read from its start; false on a
 * read error.  Words are taken at the file's own offsets, whatever the
 * reads return.  About 20 ms of CPU for the 54 MB cccl prelude, once per
 * process that uses it. */
static bool checksum_fd(int fd, long long *size, uint64_t *sum)
{
    enum { CHUNK = 1 << 20 };
    unsigned char *buf = xmalloc(CHUNK);
    uint64_t h = 0x243F6A8885A308D3ull;
    long long total = 0;
    size_t have = 0; /* bytes at buf[0..have) not yet mixed in: fewer than 8 */
    bool ok = lseek(fd, 0, SEEK_SET) == 0;
    while (ok) {
        ssize_t n = read(fd, buf + have, CHUNK - have);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            ok = n == 0;
            break;
        }
        total += n;
        have += (size_t)n;
        size_t i = 0;
        for (; i + 8 <= have; i += 8) {
            uint64_t w;
            memcpy(&w, buf + i, 8);
            h = mix_word(h, w);
        }
        memmove(buf, buf + i, have - i);
        have -= i;
    }
    for (size_t i = 0; i < have; i++) h = mix_word(h, buf[i]);
    free(buf);
    *size = total;
    *sum = mix_word(h, (uint64_t)total);
    return ok;
}

/* Whether `pch` is what its builder wrote: the size and checksum in `sumfile`. */
static bool pch_intact(const char *pch, const char *sumfile)
{
    long long want_size = -1, size;
    unsigned long long want_sum = 0;
    uint64_t sum;
    FILE *f = fopen(sumfile, "r");
    if (!f) return false;
    bool read_ok = fscanf(f, "gpulint-pch-sum %lld %llx", &want_size, &want_sum) == 2;
    fclose(f);
    if (!read_ok) return false;
    int fd = open(pch, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat st;
    bool ok = fstat(fd, &st) == 0 && st.st_size == want_size && checksum_fd(fd, &size, &sum) &&
              size == want_size && sum == want_sum;
    close(fd);
    return ok;
}

/* Writes the checksum of `pch` (the builder's temporary file) to `sumfile`,
 * through a temporary file of its own. */
static bool write_sum(const char *pch, const char *sumfile)
{
    long long size;
    uint64_t sum;
    int fd = open(pch, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    bool ok = checksum_fd(fd, &size, &sum);
    close(fd);
    char tmp[PATH_MAX + 200];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", sumfile, (long)getpid());
    FILE *f = ok ? fopen(tmp, "w") : NULL;
    if (!f) return false;
    ok = fprintf(f, "gpulint-pch-sum %lld %016llx\n", size, (unsigned long long)sum) > 0;
    if (fclose(f) != 0) ok = false;
    if (ok && rename(tmp, sumfile) != 0) ok = false;
    if (!ok) unlink(tmp);
    return ok;
}

/* cache_prune removes a PCH with its .lock and .failed; its .sum goes here,
 * unless a build of it is under way (its lock is held). */
static void remove_orphan_sums(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (strncmp(e->d_name, "toolkit-", 8) != 0 || n < 12 || strcmp(e->d_name + n - 4, ".sum") != 0) continue;
        char base[PATH_MAX], p[PATH_MAX + 16];
        if (snprintf(base, sizeof base, "%s/%.*s", dir, (int)(n - 4), e->d_name) >= (int)sizeof base) continue;
        snprintf(p, sizeof p, "%s.pch", base);
        if (exists(p)) continue;
        snprintf(p, sizeof p, "%s.lock", base);
        int fd = open(p, O_RDWR | O_CLOEXEC);
        if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0) {
            close(fd);
            continue;
        }
        snprintf(p, sizeof p, "%s.pch", base);
        if (!exists(p)) {
            snprintf(p, sizeof p, "%s.sum", base);
            unlink(p);
        }
        if (fd >= 0) close(fd);
    }
    closedir(d);
}

/* Parses the prelude and writes it to `tmp` (libclang's own PCH writer, as
 * for the shim: CXTranslationUnit_ForSerialization). */
static bool build(CXIndex index, const char *header, const char *const *args, int nargs, const char *tmp, char *err,
                  size_t errsize)
{
    /* The templates the prelude uses are instantiated once, here: without
     * this flag every file that loads the PCH instantiated them again at its
     * end (about 0.13 CPU s a file for the cccl prelude, most of a small
     * file's parse). */
    const char **all = xmalloc(sizeof *all * (size_t)(nargs + 1));
    for (int i = 0; i < nargs; i++) all[i] = args[i];
    all[nargs] = "-fpch-instantiate-templates";
    CXTranslationUnit tu = NULL;
    enum CXErrorCode e = clang_parseTranslationUnit2(index, header, all, nargs + 1, NULL, 0,
                                                     CXTranslationUnit_Incomplete | CXTranslationUnit_ForSerialization,
                                                     &tu);
    free(all);
    if (e != CXError_Success || !tu) {
        snprintf(err, errsize, "libclang could not parse %.900s (error %d)", header, e);
        return false;
    }
    bool ok = true;
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n && ok; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
            CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation);
            snprintf(err, errsize, "%s", clang_getCString(s));
            clang_disposeString(s);
            ok = false;
        }
        clang_disposeDiagnostic(d);
    }
    if (ok && clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu)) != CXSaveError_None) {
        snprintf(err, errsize, "could not write %.900s", tmp);
        ok = false;
    }
    clang_disposeTranslationUnit(tu);
    return ok;
}

ToolkitPchState toolkit_pch_get(const ToolkitPchRequest *rq, char *out, size_t n)
{
    char header[PATH_MAX + 64], dir[PATH_MAX];
    snprintf(header, sizeof header, "%s/include/toolkit/%s", rq->data_dir, prelude_headers[rq->need]);
    if (!exists(header)) return TOOLKIT_PCH_NONE;
    /* without a cache the prelude still applies (what a cached run would
     * report), parsed from source in each file */
    if (!cache_dir(dir, sizeof dir)) return TOOLKIT_PCH_UNCACHED;
    uint64_t h = FNV1A64_SEED;
    hash_str(&h, TOOLKIT_PCH_FORMAT);
    hash_str(&h, rq->libclang_version);
    hash_str(&h, prelude_names[rq->need]);
    for (size_t i = 0; i < sizeof prelude_headers / sizeof prelude_headers[0]; i++) {
        char p[PATH_MAX + 64];
        snprintf(p, sizeof p, "%s/include/toolkit/%s", rq->data_dir, prelude_headers[i]);
        long size = 0;
        char *text = read_file(p, &size);
        if (text) hash_bytes(&h, text, (size_t)size);
        free(text);
        /* and its time: clang refuses a PCH whose input files changed time
         * (a reinstall, a checkout), even with the same text */
        hash_stamp(&h, p);
    }
    for (int i = 0; i < rq->nargs; i++) hash_str(&h, rq->args[i]);
    /* the toolkit: a new version or a reinstall changes these files */
    static const char *const stamps[] = {"include/cuda.h", "include/cuda_runtime_api.h", "include/cuda_fp16.h",
                                         "include/cccl/thrust/version.h", "include/cccl/cub/version.cuh",
                                         "include/cccl/cuda/std/__cccl/version.h"};
    for (size_t i = 0; i < sizeof stamps / sizeof stamps[0]; i++) {
        char p[PATH_MAX + 64];
        snprintf(p, sizeof p, "%s/%s", rq->cuda_path, stamps[i]);
        hash_stamp(&h, p);
    }
    char base[PATH_MAX + 128];
    snprintf(base, sizeof base, "%s/toolkit-%s-%016llx", dir, prelude_names[rq->need], (unsigned long long)h);
    int r = snprintf(out, n, "%s.pch", base);
    if (r <= 0 || (size_t)r >= n) return TOOLKIT_PCH_UNCACHED;
    char failed[PATH_MAX + 160], sum[PATH_MAX + 160];
    snprintf(failed, sizeof failed, "%s.failed", base);
    snprintf(sum, sizeof sum, "%s.sum", base);
    /* checked once per process and prelude (the caller keeps the answer) */
    bool damaged = false;
    if (exists(out)) {
        if (pch_intact(out, sum)) {
            cache_mark_used(out); /* for the pruning after the next build */
            return TOOLKIT_PCH_READY;
        }
        damaged = true;
    }
    if (!damaged && exists(failed)) return TOOLKIT_PCH_NONE;

    /* One process builds, in the background: a detached process that holds
     * the lock, writes to a private name and renames the PCH into place, so
     * a reader never sees half a file.  Until it is there, files parse the
     * headers from source (no wait: a build of 3 CPU s must not count
     * against a file's --file-timeout on a loaded machine). */
    char lock[PATH_MAX + 160];
    snprintf(lock, sizeof lock, "%s.lock", base);
    int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return TOOLKIT_PCH_UNCACHED;
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        /* being built by another process (also after removing a damaged
         * one), or just finished */
        close(fd);
        return exists(out) && pch_intact(out, sum) ? TOOLKIT_PCH_READY : TOOLKIT_PCH_PENDING;
    }
    /* With the lock no builder is writing: another process may have built
     * it since, or the damaged PCH is still there (checked again). */
    if (exists(out) && pch_intact(out, sum)) {
        close(fd);
        cache_mark_used(out);
        return TOOLKIT_PCH_READY;
    }
    if (exists(out)) {
        unlink(out);
        unlink(sum);
        if (rq->verbose)
            fprintf(stderr, "gpulint: the precompiled toolkit prelude %s is damaged (its size or checksum is not what "
                            "was written); removed, to be precompiled again\n", out);
    } else if (exists(failed)) {
        close(fd);
        return TOOLKIT_PCH_NONE;
    }
    if (rq->verbose)
        fprintf(stderr, "gpulint: precompiling the CUDA toolkit prelude '%s' into %s (once per machine, in the "
                        "background)\n", prelude_names[rq->need], out);
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        /* the child only starts the builder and exits, so nobody waits for it */
        if (fork() == 0) {
            setsid();
            /* nothing of the run's: no socket to the pool, no pipe a caller
             * reads to its end (only the lock stays open) */
            int null = open("/dev/null", O_RDWR);
            if (null >= 0) {
                dup2(null, 0);
                dup2(null, 1);
                dup2(null, 2);
                if (null > 2 && null != fd) close(null);
            }
            if (fd > 3) close_range(3, (unsigned)fd - 1, 0);
            close_range((unsigned)fd + 1, ~0u, 0);
            char tmp[PATH_MAX + 160], err[1024] = "";
            snprintf(tmp, sizeof tmp, "%s.tmp.%ld", base, (long)getpid());
            bool ok = build(rq->index, header, rq->args, rq->nargs, tmp, err, sizeof err);
            /* the checksum first: a reader that sees the PCH sees its checksum */
            if (ok && !write_sum(tmp, sum)) {
                snprintf(err, sizeof err, "could not write %.900s", sum);
                ok = false;
            }
            if (ok && rename(tmp, out) != 0) {
                snprintf(err, sizeof err, "could not rename %.900s", tmp);
                ok = false;
            }
            /* each new toolkit, libclang, gpulint or flag set adds a set of
             * preludes: the least recently used go when they pass the bound */
            if (ok) {
                cache_prune(dir, "toolkit-", ".pch", TOOLKIT_CACHE_MAX_BYTES, strrchr(out, '/') + 1);
                remove_orphan_sums(dir);
            }
            if (!ok) {
                unlink(tmp);
                unlink(sum);
                /* remembered, so that later runs do not pay for the attempt again */
                FILE *f = fopen(failed, "w");
                if (f) {
                    fprintf(f, "%s\n", err);
                    fclose(f);
                }
            }
            _exit(ok ? 0 : 1); /* the lock goes with the process */
        }
        _exit(0);
    }
    close(fd); /* the builder holds the lock (the same open file) */
    if (child > 0) waitpid(child, NULL, 0);
    return TOOLKIT_PCH_PENDING;
}

void toolkit_pch_discard(const char *path)
{
    unlink(path);
    /* and its checksum, toolkit-NAME-KEY.sum beside toolkit-NAME-KEY.pch */
    size_t n = strlen(path);
    char sum[PATH_MAX + 192];
    if (n > 4 && n < sizeof sum && strcmp(path + n - 4, ".pch") == 0) {
        snprintf(sum, sizeof sum, "%.*s.sum", (int)(n - 4), path);
        unlink(sum);
    }
}
