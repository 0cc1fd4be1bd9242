/* output_guard.c - see output_guard.h. */
#include "cli/output_guard.h"

#include "util/repo.h"
#include "util/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

void standard_fds_open(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        /* the lowest free number: fd itself, as the lower ones are open */
        int got = open("/dev/null", fd == STDOUT_FILENO ? O_RDONLY : O_RDWR);
        if (got >= 0 && got != fd) {
            dup2(got, fd);
            close(got);
        }
    }
}

/* ------------------------------------------------------------ signals */

static pid_t run_pid;

/* Kills and reaps this process's children (the workers), so that none adds
 * to a private directory while it is removed.  System calls only: the list
 * is read from /proc (without it, the workers die with this process). */
static void kill_children(void)
{
    char path[64] = "/proc/self/task/", digits[16];
    int nd = 0;
    for (long v = getpid(); v > 0 && nd < 15; v /= 10) digits[nd++] = (char)('0' + v % 10);
    size_t len = strlen(path);
    while (nd > 0) path[len++] = digits[--nd];
    memcpy(path + len, "/children", sizeof "/children");
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    pid_t pids[4096];
    int n = 0;
    long cur = 0;
    char buf[1024];
    ssize_t r;
    while ((r = read(fd, buf, sizeof buf)) > 0) {
        for (ssize_t i = 0; i < r; i++) {
            if (buf[i] >= '0' && buf[i] <= '9') {
                cur = cur * 10 + (buf[i] - '0');
            } else if (cur > 0) {
                if (n < 4096) pids[n++] = (pid_t)cur;
                cur = 0;
            }
        }
    }
    close(fd);
    if (cur > 0 && n < 4096) pids[n++] = (pid_t)cur;
    for (int i = 0; i < n; i++) kill(pids[i], SIGKILL);
    /* a second at most: a process stuck in the kernel must not hold us */
    struct timespec tick = {0, 10 * 1000 * 1000};
    for (int i = 0, tries = 0; i < n && tries < 100;) {
        if (waitpid(pids[i], NULL, WNOHANG) != 0) i++;
        else {
            nanosleep(&tick, NULL);
            tries++;
        }
    }
}

static void on_ending_signal(int sig)
{
    /* a child forked before it reset its handlers leaves the run's files to
     * the run */
    if (getpid() == run_pid) {
        kill_children();
        cleanup_now();
    }
    signal(sig, SIG_DFL);
    raise(sig); /* delivered on return: the exit status says which signal */
}

void run_signals_install(void)
{
    static const int ending[] = {SIGINT, SIGTERM, SIGHUP};
    run_pid = getpid();
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_ending_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof ending / sizeof *ending; i++) sigaddset(&sa.sa_mask, ending[i]);
    for (size_t i = 0; i < sizeof ending / sizeof *ending; i++) {
        struct sigaction old;
        if (sigaction(ending[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(ending[i], &sa, NULL);
    }
}

/* ------------------------------------------------------ output targets */

/* One file by two names?  Devices are shared freely (-o /dev/null twice);
 * files not there yet are compared by their absolute paths. */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    bool ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if (ea && eb) return S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    if (ea || eb) return false;
    char *x = absolute_path(a), *y = absolute_path(b);
    bool same = strcmp(x, y) == 0;
    free(x);
    free(y);
    return same;
}

bool output_target_safe(const char *path, const char *what, const FileList *files, const ReadFile *reads,
                         int nreads, Diagnostics *d)
{
    struct stat out_st, st;
    /* a dangling link's target could be anywhere */
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && stat(path, &out_st) != 0) {
        diag_error(d, path, 0, 0,
                   "cannot write the %s: a symbolic link to a missing file (remove the link or name its target)", what);
        return false;
    }
    for (int i = 0; i < nreads; i++) {
        if (reads[i].path && same_file(path, reads[i].path)) {
            diag_error(d, path, 0, 0, "cannot write the %s: it is also %s", what, reads[i].what);
            return false;
        }
    }
    if (stat(path, &out_st) != 0) return true;
    for (int i = 0; i < files->n; i++) {
        if (stat(files->paths[i], &st) == 0 && st.st_dev == out_st.st_dev && st.st_ino == out_st.st_ino) {
            diag_error(d, path, 0, 0, "cannot write the %s: it is the input file %s", what, files->paths[i]);
            return false;
        }
    }
    return true;
}

FILE *output_open(const char *path, char *tmp, size_t n, char *target, size_t ntarget)
{
    struct stat st;
    tmp[0] = 0;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) return fopen(path, "w");
    /* -o through a symlink writes the file it points to */
    char resolved[PATH_MAX];
    snprintf(target, ntarget, "%s", realpath(path, resolved) ? resolved : path);
    snprintf(tmp, n, "%s.gpulint-tmp-XXXXXX", target);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        tmp[0] = 0;
        return NULL;
    }
    cleanup_register(tmp, false); /* the report is written while files are analysed */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, stat(target, &st) == 0 ? (st.st_mode & 07777) : (0666 & ~mask));
    return fdopen(fd, "w");
}

/* ------------------------------------------------------ standard output */

static FILE *report_out;
static int report_errno;     /* of the first write that failed */

static ssize_t write_stdout(void *cookie, const char *buf, size_t n)
{
    (void)cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(STDOUT_FILENO, buf + done, n - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            if (!report_errno) report_errno = w < 0 ? errno : EIO;
            break;
        }
        done += (size_t)w;
    }
    return (ssize_t)done; /* short: stdio marks the stream failed */
}

FILE *report_stdout(void)
{
    if (report_out) return report_out;
    cookie_io_functions_t io = {NULL, write_stdout, NULL, NULL};
    report_out = fopencookie(NULL, "w", io);
    if (!report_out) return report_out = stdout;
    if (isatty(STDOUT_FILENO)) setvbuf(report_out, NULL, _IOLBF, 0);
    return report_out;
}

int report_stdout_error(void)
{
    if (report_errno) return report_errno;
    return report_out && ferror(report_out) ? EIO : 0;
}

void report_stdout_check(void)
{
    int err = report_stdout_error();
    if (!err) return;
    fprintf(stderr, "gpulint: error: cannot write the report to standard output: %s\n", strerror(err));
    kill_children();
    cleanup_now();
    _exit(2);
}

bool report_stdout_close(void)
{
    if (!report_out) return true;
    fflush(report_out);
    int err = report_stdout_error();
    if (report_out != stdout) fclose(report_out);
    report_out = NULL;
    /* a file system may report a failed write only when the file is closed */
    if (fclose(stdout) != 0 && !err) err = errno;
    errno = err;
    return !err;
}
