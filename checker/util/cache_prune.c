/* cache_prune.c - see cache_prune.h. */
#include "util/cache_prune.h"
#include "util/oom.h"
#include "util/vec.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void cache_mark_used(const char *path)
{
    struct timespec t[2] = {{0, UTIME_NOW}, {0, UTIME_OMIT}};
    (void)utimensat(AT_FDCWD, path, t, 0);
}

typedef struct {
    char *name;
    struct timespec used;
    uint64_t size;
} Entry;

static bool has_affixes(const char *name, const char *prefix, const char *suffix)
{
    size_t n = strlen(name), p = strlen(prefix), s = strlen(suffix);
    return n > p + s && strncmp(name, prefix, p) == 0 && strcmp(name + n - s, suffix) == 0;
}

/* prefix...".tmp."...: a builder's private file (toolkit-cccl-HASH.tmp.PID) */
static bool is_temporary(const char *name, const char *prefix)
{
    return strncmp(name, prefix, strlen(prefix)) == 0 && strstr(name + strlen(prefix), ".tmp.") != NULL;
}

static int newest_first(const void *a, const void *b)
{
    const Entry *x = a, *y = b;
    if (x->used.tv_sec != y->used.tv_sec) return x->used.tv_sec > y->used.tv_sec ? -1 : 1;
    if (x->used.tv_nsec != y->used.tv_nsec) return x->used.tv_nsec > y->used.tv_nsec ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* dir/base + ext, removed only when nobody holds it locked (for a lock) */
static void remove_companion(const char *dir, const char *base, const char *ext, bool is_lock)
{
    char p[PATH_MAX];
    if (snprintf(p, sizeof p, "%s/%s%s", dir, base, ext) >= (int)sizeof p) return;
    if (!is_lock) {
        unlink(p);
        return;
    }
    int fd = open(p, O_RDWR | O_CLOEXEC);
    if (fd < 0) return;
    if (flock(fd, LOCK_EX | LOCK_NB) == 0) unlink(p);
    close(fd);
}

int cache_prune(const char *dir, const char *prefix, const char *suffix, uint64_t max_bytes, const char *keep)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    Entry *entries = NULL;
    int n = 0, removed = 0;
    time_t now = time(NULL);
    for (struct dirent *e; (e = readdir(d));) {
        char p[PATH_MAX];
        struct stat st;
        if (snprintf(p, sizeof p, "%s/%s", dir, e->d_name) >= (int)sizeof p) continue;
        if (lstat(p, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        if (is_temporary(e->d_name, prefix)) {
            if (now - st.st_mtime > 24 * 3600 && unlink(p) == 0) removed++;
            continue;
        }
        if (!has_affixes(e->d_name, prefix, suffix)) continue;
        Entry *x = VEC_PUSH(entries, n);
        x->name = xstrdup(e->d_name);
        /* a file written after its last use (a rebuild) counts from then */
        x->used = st.st_atim.tv_sec > st.st_mtim.tv_sec ? st.st_atim : st.st_mtim;
        x->size = (uint64_t)st.st_size;
    }
    closedir(d);
    if (n > 0) qsort(entries, (size_t)n, sizeof *entries, newest_first);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) /* the one to keep counts first */
        if (keep && strcmp(entries[i].name, keep) == 0) total += entries[i].size;
    for (int i = 0; i < n; i++) {
        Entry *x = &entries[i];
        if (keep && strcmp(x->name, keep) == 0) continue;
        if (total + x->size <= max_bytes) {
            total += x->size;
            continue;
        }
        char p[PATH_MAX];
        snprintf(p, sizeof p, "%s/%s", dir, x->name);
        if (unlink(p) == 0) {
            removed++;
            x->name[strlen(x->name) - strlen(suffix)] = 0; /* the base name */
            remove_companion(dir, x->name, ".lock", true);
            remove_companion(dir, x->name, ".failed", false);
        }
    }
    for (int i = 0; i < n; i++) free(entries[i].name);
    free(entries);
    return removed;
}
