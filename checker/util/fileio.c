/* fileio.c - see fileio.h. */
#include "util/fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------ removal on a signal */

/* What a signal must not leave behind: private directories and temporary
 * files.  Fixed slots, so that the handler needs no allocation; they are
 * changed only with signals blocked, so it never sees one half written. */
#define CLEANUP_SLOTS 16
static struct {
    char path[PATH_MAX];
    bool dir;
    bool used;
} cleanup_slots[CLEANUP_SLOTS];

static void block_signals(sigset_t *old)
{
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, old);
}

void cleanup_register(const char *path, bool dir)
{
    if (strlen(path) >= PATH_MAX) return;
    sigset_t old;
    block_signals(&old);
    for (int i = 0; i < CLEANUP_SLOTS; i++) {
        if (cleanup_slots[i].used) continue;
        strcpy(cleanup_slots[i].path, path);
        cleanup_slots[i].dir = dir;
        cleanup_slots[i].used = true;
        break;
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void cleanup_forget(const char *path)
{
    sigset_t old;
    block_signals(&old);
    for (int i = 0; i < CLEANUP_SLOTS; i++)
        if (cleanup_slots[i].used && strcmp(cleanup_slots[i].path, path) == 0) cleanup_slots[i].used = false;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

/* Removes NAME (relative to dirfd) and all under it with system calls only
 * (getdents64, not readdir, which allocates).  A worker may still be adding
 * files while this runs: the directory is read again until rmdir succeeds;
 * once it is gone nothing can be created under its path. */
static void remove_at(int dirfd, const char *name, int depth)
{
    if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT || depth > 64) return;
    int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return;
    for (int pass = 0; pass < 16; pass++) {
        alignas(struct dirent64) char buf[2048];
        ssize_t n;
        lseek(fd, 0, SEEK_SET);
        while ((n = getdents64(fd, buf, sizeof buf)) > 0) {
            for (ssize_t off = 0; off < n;) {
                const struct dirent64 *e = (const struct dirent64 *)(const void *)(buf + off);
                off += e->d_reclen;
                if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) remove_at(fd, e->d_name, depth + 1);
            }
        }
        if (unlinkat(dirfd, name, AT_REMOVEDIR) == 0 || errno != ENOTEMPTY) break;
    }
    close(fd);
}

void cleanup_now(void)
{
    int saved = errno;
    for (int i = 0; i < CLEANUP_SLOTS; i++) {
        if (!cleanup_slots[i].used) continue;
        if (cleanup_slots[i].dir) remove_at(AT_FDCWD, cleanup_slots[i].path, 0);
        else unlink(cleanup_slots[i].path);
        cleanup_slots[i].used = false;
    }
    errno = saved;
}

/* ------------------------------------------------------------ files */

char *read_file(const char *path, long *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    long n = -1;
    if (fseek(f, 0, SEEK_END) == 0) n = ftell(f);
    char *buf = n >= 0 && fseek(f, 0, SEEK_SET) == 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = 0;
        if (size) *size = n;
    }
    return buf;
}

long text_offset(const char *src, long size, unsigned line, unsigned col)
{
    long off = 0;
    for (unsigned l = 1; l < line; off++) {
        if (off >= size) return -1;
        if (src[off] == '\n') l++;
    }
    for (unsigned c = 1; c < col; c++, off++)
        if (off >= size || src[off] == '\n') return -1;
    return off;
}

bool write_all(int fd, const char *data, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, data + done, n - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        done += (size_t)w;
    }
    return done == n;
}

bool write_file(const char *path, const char *data, size_t n)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* a device or a FIFO (/dev/null, /dev/stdout): nothing to replace */
        FILE *f = fopen(path, "wb");
        if (!f) return false;
        bool ok = fwrite(data, 1, n, f) == n;
        return fclose(f) == 0 && ok;
    }
    /* through a symbolic link: the file it points to, the link stays */
    char target[PATH_MAX], tmp[PATH_MAX + 32];
    if (!realpath(path, target)) snprintf(target, sizeof target, "%s", path);
    int r = snprintf(tmp, sizeof tmp, "%s.gpulint-tmp-XXXXXX", target);
    if (r < 0 || (size_t)r >= sizeof tmp) {
        errno = ENAMETOOLONG;
        return false;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) return false;
    cleanup_register(tmp, false);
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, stat(target, &st) == 0 ? (st.st_mode & 07777) : (0666 & ~mask));
    int err = write_all(fd, data, n) ? 0 : errno ? errno : EIO;
    if (close(fd) != 0 && !err) err = errno;
    if (!err && rename(tmp, target) != 0) err = errno;
    if (err) unlink(tmp);
    cleanup_forget(tmp);
    errno = err;
    return !err;
}

bool make_private_dir(const char *prefix, char *out, size_t n)
{
    const char *t = getenv("TMPDIR");
    int r = snprintf(out, n, "%s/%s-XXXXXX", t && *t ? t : "/tmp", prefix);
    if (r < 0 || (size_t)r >= n || !mkdtemp(out)) {
        if (n) out[0] = 0;
        return false;
    }
    if (!keep_temporary_files()) cleanup_register(out, true);
    return true;
}

bool keep_temporary_files(void)
{
    const char *keep = getenv("GPULINT_KEEP_TEMP");
    return keep && *keep;
}

void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
            char p[PATH_MAX * 2];
            snprintf(p, sizeof p, "%s/%s", path, e->d_name);
            struct stat st;
            if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) remove_tree(p);
            else unlink(p);
        }
        closedir(d);
    }
    rmdir(path);
    cleanup_forget(path); /* only now: a signal before this still removes it */
}

bool path_is_under(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/') n--;
    return path && strncmp(path, dir, n) == 0 && path[n] == '/';
}

bool is_regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool path_fold_dots(const char *path, char *out, size_t n)
{
    if (!strstr(path, "/../") && !strstr(path, "/./")) return false;
    size_t len = strlen(path);
    if (len >= n || len >= 4096) return false;
    char buf[4096];
    size_t at = 0; /* buf holds the folded prefix */
    for (const char *p = path; *p;) {
        const char *e = strchr(p, '/');
        size_t seg = e ? (size_t)(e - p) : strlen(p);
        if (seg == 1 && p[0] == '.' && p != path) {
            /* "./": dropped */
        } else if (seg == 2 && p[0] == '.' && p[1] == '.' && at > 0) {
            size_t prev = at - 1; /* buf[at-1] is '/' */
            while (prev > 0 && buf[prev - 1] != '/') prev--;
            if ((at - 1 - prev == 2 && buf[prev] == '.' && buf[prev + 1] == '.') || at - 1 == prev) {
                memcpy(buf + at, p, seg); /* "../.." or a leading "/..": kept */
                at += seg;
                if (e) buf[at++] = '/';
            } else {
                at = prev;
            }
        } else {
            memcpy(buf + at, p, seg);
            at += seg;
            if (e) buf[at++] = '/';
        }
        p = e ? e + 1 : p + seg;
    }
    buf[at] = 0;
    struct stat a, b;
    if (!at || stat(path, &a) != 0 || stat(buf, &b) != 0 || a.st_dev != b.st_dev || a.st_ino != b.st_ino) return false;
    memcpy(out, buf, at + 1);
    return true;
}
