/* emit_io.c - writing generated benchmarks: a growable text buffer, text
 * from the analysed files escaped for the place it lands, and files
 * written inside the output directory only (never through a link). */
#include "bench/emit_io.h"
#include "util/fileio.h"
#include "util/oom.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool safe_name(const char *s)
{
    if (!s[0] || strcmp(s, ".") == 0 || strcmp(s, "..") == 0) return false;
    for (const char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
              *p == '-' || *p == '.'))
            return false;
    return true;
}

bool make_dir(const char *path)
{
    if (mkdir(path, 0777) == 0) return true;
    struct stat st;
    return errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* ------------------------------------------------ a growable text buffer */


void buf_reserve(Buf *b, size_t more)
{
    if (b->len + more + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 1024;
    while (cap < b->len + more + 1) cap *= 2;
    b->data = xrealloc(b->data, cap);
    b->cap = cap;
}

void buf_add(Buf *b, const char *s, size_t n)
{
    buf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}

void buf_char(Buf *b, char c) { buf_add(b, &c, 1); }

void buf_printf(Buf *b, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        buf_reserve(b, (size_t)n);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
}

/* ------------------------- text from the analysed files in generated code */

/* Text inside a block comment: printable ASCII only, and never a comment
 * delimiter (a directory named `a*` followed by `/` would otherwise close
 * the comment and the rest of the path would become code).  Other bytes are
 * shown as \xNN. */
void buf_comment_text(Buf *b, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((p[0] == '*' && p[1] == '/') || (p[0] == '/' && p[1] == '*')) {
            buf_char(b, (char)p[0]);
            buf_char(b, ' ');
        } else if (*p >= 32 && *p < 127) {
            buf_char(b, (char)*p);
        } else {
            buf_printf(b, "\\x%02X", *p);
        }
    }
}

/* A C string literal, quotes included: octal escapes (always three digits,
 * so a following digit is not taken into the escape) for every byte outside
 * printable ASCII; `?` escaped so that no trigraph can form. */
void buf_c_string(Buf *b, const char *s)
{
    buf_char(b, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\' || *p == '?') {
            buf_char(b, '\\');
            buf_char(b, (char)*p);
        } else if (*p >= 32 && *p < 127) {
            buf_char(b, (char)*p);
        } else {
            buf_printf(b, "\\%03o", *p);
        }
    }
    buf_char(b, '"');
}

/* ---------------------------------------- writing inside DIR, never beyond */

/* Writes NAME in the directory DIRFD: a new temporary file (O_EXCL,
 * O_NOFOLLOW) renamed over NAME.  rename replaces a symbolic link NAME
 * instead of writing where it points, and no reader sees half a file. */
bool write_at(int dirfd, const char *name, const char *data, size_t n, mode_t mode)
{
    char tmp[256];
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; attempt++) {
        snprintf(tmp, sizeof tmp, ".%s.gpulint-%ld-%d", name, (long)getpid(), attempt);
        fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) return false;
    }
    if (fd < 0) return false;
    bool ok = write_all(fd, data, n) && (mode == 0 || fchmod(fd, mode) == 0);
    if (close(fd) != 0) ok = false;
    if (ok && renameat(dirfd, tmp, dirfd, name) == 0) return true;
    int saved = errno;
    unlinkat(dirfd, tmp, 0);
    errno = saved;
    return false;
}

/* Opens (creating it if needed) the subdirectory NAME of DIRFD; a symbolic
 * link there is refused, so nothing is written outside DIR through it. */
int open_subdir(int dirfd, const char *dir, const char *name, Diagnostics *diags)
{
    if (mkdirat(dirfd, name, 0777) != 0 && errno != EEXIST) {
        diag_error(diags, NULL, 0, 0, "--emit-bench: cannot create %s/%s: %s", dir, name, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode)) {
        diag_error(diags, NULL, 0, 0, "--emit-bench: %s/%s is a symbolic link: not writing through it (remove it)",
                dir, name);
        return -1;
    }
    int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        diag_error(diags, NULL, 0, 0, "--emit-bench: cannot open %s/%s as a directory: %s", dir, name,
                errno == ELOOP ? "it is a symbolic link" : strerror(errno));
    return fd;
}

/* Copies a harness file from the installed data into DIRFD. */
bool copy_in(const char *from, int dirfd, const char *name)
{
    long n;
    char *buf = read_file(from, &n);
    if (!buf) return false;
    bool ok = write_at(dirfd, name, buf, (size_t)n, 0);
    free(buf);
    return ok;
}


void buf_finding_defines(Buf *b, const Finding *f)
{
    buf_printf(b, "#define GL_FINDING_ID ");
    buf_c_string(b, f->id);
    buf_printf(b, "\n#define GL_RULE ");
    buf_c_string(b, f->rule);
    buf_printf(b, "\n#define GL_LOCATION ");
    Buf loc = {0};
    buf_printf(&loc, "%s:%u", f->range.file, f->range.line);
    buf_c_string(b, loc.data);
    free(loc.data);
    buf_printf(b, "\n");
}
