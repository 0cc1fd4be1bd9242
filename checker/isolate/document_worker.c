/* document_worker.c - see document_worker.h. */
#include "isolate/document_worker.h"
#include "isolate/worker_proto.h"
#include "util/fileio.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void document_answer_free(DocumentAnswer *a)
{
    document_info_free(&a->info);
    file_result_free(&a->result);
    free(a->log);
    memset(a, 0, sizeof *a);
}

void document_worker_init(DocumentWorker *w, const PoolOptions *po)
{
    memset(w, 0, sizeof *w);
    w->fd = -1;
    w->po = *po;
}

bool document_worker_start(DocumentWorker *w, const EngineOptions *eo, char *err, size_t nerr)
{
    if (w->pid) return true;
    /* a worker that is killed cannot clean up after itself: its temporary
     * files go in a directory this process removes */
    if (!w->run_dir[0]) make_private_dir("gpulint-lsp", w->run_dir, sizeof w->run_dir);
    int fd = -1;
    pid_t pid = worker_spawn(eo, &w->po, w->run_dir, NULL, 0, &fd);
    if (!pid) {
        snprintf(err, nerr, "cannot start a worker process: %s", strerror(errno));
        return false;
    }
    w->pid = pid;
    w->fd = fd;
    w->busy = false;
    w->in.len = 0;
    return true;
}

bool document_worker_send(DocumentWorker *w, const char *path, const char *text, size_t len, const FrontendBuffer *open,
                          int nopen, bool no_preamble, char *err, size_t nerr)
{
    if (!w->pid || w->busy) {
        snprintf(err, nerr, "%s", w->pid ? "the worker is busy" : "no worker runs");
        return false;
    }
    WireBuf rq = {0};
    document_request_encode(path, text, len, open, nopen, no_preamble, &rq);
    bool sent = worker_send_request(w->fd, REQUEST_DOCUMENT, rq.data, rq.len);
    int why = errno;
    wire_buf_free(&rq);
    if (!sent) {
        char how[300];
        document_worker_stop(w, true, how, sizeof how);
        snprintf(err, nerr, "cannot hand the document to the worker process: %s%s%s",
                 why == EMSGSIZE ? "the open documents are too large together" : strerror(why), how[0] ? "; it " : "",
                 how);
        return false;
    }
    w->busy = true;
    w->in.len = 0;
    return true;
}

bool document_worker_close_document(DocumentWorker *w, const char *path)
{
    if (!w->pid) return true; /* no worker: no kept parse */
    size_t len = strlen(path);
    if (len == 0 || len > WORKER_MAX_PATH) return true;
    if (worker_send_request(w->fd, REQUEST_CLOSE, path, len)) return true;
    document_worker_stop(w, true, NULL, 0);
    return false;
}

int document_worker_fd(const DocumentWorker *w)
{
    return w->pid && w->busy ? w->fd : -1;
}

void document_worker_stop(DocumentWorker *w, bool kill_it, char *how, size_t nhow)
{
    if (how && nhow) how[0] = 0;
    if (!w->pid) return;
    if (kill_it) kill(w->pid, SIGKILL);
    close(w->fd);
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {}
    if (how && nhow && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
        worker_describe_end(status, false, 0, w->po.memory_bytes, how, nhow);
    w->pid = 0;
    w->fd = -1;
    w->busy = false;
    w->in.len = 0;
}

DocumentStatus document_worker_receive(DocumentWorker *w, DocumentAnswer *a, char *how, size_t nhow)
{
    memset(a, 0, sizeof *a);
    if (!w->pid || !w->busy) {
        snprintf(how, nhow, "no analysis was running");
        return DOCUMENT_LOST;
    }
    Frame f;
    FrameStatus st = frame_read(w->fd, &w->in, &f);
    if (st == FRAME_MORE) return DOCUMENT_PENDING;
    if (st == FRAME_GONE) {
        document_worker_stop(w, false, how, nhow);
        if (!how[0]) snprintf(how, nhow, "analysis stopped unexpectedly (worker exit status 0)");
        return DOCUMENT_LOST;
    }
    size_t log_len;
    bool good = st == FRAME_READY && f.kind == FRAME_DOCUMENT &&
                document_answer_decode(w->in.data + sizeof f, (size_t)f.length, &a->ok, &a->info, &a->result, &a->log,
                                       &log_len);
    if (!good) {
        bool setup = st == FRAME_READY && f.kind == FRAME_SETUP_FAILED;
        char why[600];
        snprintf(why, sizeof why, "%.*s", setup ? (int)(f.length < 512 ? f.length : 512) : 0,
                 setup ? w->in.data + sizeof f : "");
        document_worker_stop(w, true, NULL, 0);
        if (setup) snprintf(how, nhow, "cannot set up the parser: %s", why);
        else snprintf(how, nhow, "internal error: a corrupt answer from the worker process");
        return DOCUMENT_LOST;
    }
    w->busy = false;
    bool last = f.flags & FRAME_LAST;
    frame_consume(&w->in, &f);
    if (last) document_worker_stop(w, false, NULL, 0); /* close to its memory limit: the next one starts afresh */
    return DOCUMENT_DONE;
}

void document_worker_free(DocumentWorker *w)
{
    document_worker_stop(w, w->busy, NULL, 0);
    wire_buf_free(&w->in);
    if (w->run_dir[0] && !keep_temporary_files()) remove_tree(w->run_dir);
    w->run_dir[0] = 0;
}
