/* worker_link.c - the parent's end of one worker process: starting it,
 * sending a request, reading its frames, saying how it ended.  Shared by
 * the pool of the command line and audits (worker.c) and the language
 * server's document worker (document_worker.c). */
#include "isolate/worker_proto.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

pid_t worker_spawn(const EngineOptions *eo, const PoolOptions *po, const char *tmpdir, const int *close_fds,
                   int nclose, int *fd)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) return 0;
    fflush(NULL); /* nothing buffered in this process may be written twice */
    pid_t pid = fork();
    if (pid < 0) {
        int why = errno;
        close(sv[0]);
        close(sv[1]);
        errno = why;
        return 0;
    }
    if (pid == 0) {
        close(sv[0]);
        for (int i = 0; i < nclose; i++)
            if (close_fds[i] >= 0) close(close_fds[i]);
        if (tmpdir && tmpdir[0]) setenv("TMPDIR", tmpdir, 1);
        worker_child_main(sv[1], eo, po);
    }
    close(sv[1]);
    *fd = sv[0];
    return pid;
}

bool worker_send_request(int fd, uint32_t kind, const void *payload, size_t len)
{
    errno = 0;
    if (len > WORKER_MAX_REQUEST) {
        errno = EMSGSIZE;
        return false;
    }
    Request rq = {WIRE_MAGIC, kind, len};
    size_t done = 0, total = sizeof rq + len;
    while (done < total) {
        /* the header, then the payload, from where the last send stopped */
        const char *from = done < sizeof rq ? (const char *)&rq + done : (const char *)payload + (done - sizeof rq);
        size_t n = done < sizeof rq ? sizeof rq - done : total - done;
        ssize_t w = send(fd, from, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        done += (size_t)w;
    }
    return true;
}

FrameStatus frame_read(int fd, WireBuf *in, Frame *f)
{
    char buf[65536];
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return FRAME_MORE;
    if (n <= 0) return FRAME_GONE;
    wire_buf_append(in, buf, (size_t)n);
    if (in->len < sizeof *f) return FRAME_MORE;
    memcpy(f, in->data, sizeof *f);
    if (f->magic != WIRE_MAGIC || f->length > WORKER_MAX_FRAME) return FRAME_CORRUPT;
    return in->len < sizeof *f + f->length ? FRAME_MORE : FRAME_READY;
}

void frame_consume(WireBuf *in, const Frame *f)
{
    size_t used = sizeof *f + (size_t)f->length;
    memmove(in->data, in->data + used, in->len - used);
    in->len -= used;
}

void worker_describe_end(int status, bool timed_out, double timeout, unsigned long long memory, char *buf, size_t n)
{
    char limit[64];
    pool_format_size(memory, limit, sizeof limit);
    if (timed_out) {
        snprintf(buf, n, "timed out after %g s (--file-timeout)", timeout);
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == WORKER_EXIT_OUT_OF_MEMORY) {
        snprintf(buf, n, "ran out of memory (limit %s, --file-memory)", limit);
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
        snprintf(buf, n, "analysis killed by signal 9 (from outside gpulint: possibly the system ran out of memory)");
    } else if (WIFSIGNALED(status)) {
        snprintf(buf, n, "analysis killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
    } else if (WIFEXITED(status)) {
        snprintf(buf, n, "analysis stopped unexpectedly (worker exit status %d)", WEXITSTATUS(status));
    } else {
        snprintf(buf, n, "analysis stopped unexpectedly");
    }
}
