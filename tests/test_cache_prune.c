/* test_cache_prune.c - util/cache_prune: the prelude cache stays under its
 * bound, least recently used first, without touching a build under way. */
#include "util/cache_prune.h"
#include "util/fileio.h"
#include "check.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char dir[4096];

static void make(const char *name, long size, time_t used)
{
    char p[4200];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    CHECK(f != NULL);
    if (!f) return;
    for (long i = 0; i < size; i++) fputc('x', f);
    fclose(f);
    struct timespec t[2] = {{used, 0}, {used, 0}};
    CHECK(utimensat(AT_FDCWD, p, t, 0) == 0);
}

static bool present(const char *name)
{
    char p[4200];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return access(p, F_OK) == 0;
}

int main(void)
{
    CHECK(make_private_dir("gpulint-test-cache", dir, sizeof dir));
    time_t now = time(NULL);
    make("toolkit-a.pch", 400, now - 4000);
    make("toolkit-a.lock", 0, now - 4000);
    make("toolkit-a.failed", 10, now - 4000);
    make("toolkit-b.pch", 400, now - 1000);
    make("toolkit-c.pch", 400, now - 2000);
    make("toolkit-c.lock", 0, now - 2000);
    make("toolkit-d.pch", 400, now - 9000);    /* the one just built: kept whatever its time */
    make("other.pch", 5000, now - 9000);        /* not ours */
    make("toolkit-x.tmp.123", 50, now - 3 * 24 * 3600); /* a killed build */
    make("toolkit-y.tmp.456", 50, now);     /* a build under way */

    char lock[4200];
    snprintf(lock, sizeof lock, "%s/toolkit-c.lock", dir);
    int held = open(lock, O_RDWR);
    CHECK(held >= 0 && flock(held, LOCK_EX | LOCK_NB) == 0);

    /* d (kept) and b (newest) fit in 900 bytes; c and a do not */
    CHECK_EQ_LL(cache_prune(dir, "toolkit-", ".pch", 900, "toolkit-d.pch"), 3);
    CHECK(present("toolkit-d.pch"));
    CHECK(present("toolkit-b.pch"));
    CHECK(!present("toolkit-c.pch"));
    CHECK(present("toolkit-c.lock"));           /* held by a builder */
    CHECK(!present("toolkit-a.pch"));
    CHECK(!present("toolkit-a.lock"));
    CHECK(!present("toolkit-a.failed"));
    CHECK(present("other.pch"));
    CHECK(!present("toolkit-x.tmp.123"));
    CHECK(present("toolkit-y.tmp.456"));
    close(held);

    /* a use makes the older file the newest */
    char d[4200];
    snprintf(d, sizeof d, "%s/toolkit-d.pch", dir);
    cache_mark_used(d);
    CHECK_EQ_LL(cache_prune(dir, "toolkit-", ".pch", 400, NULL), 1);
    CHECK(present("toolkit-d.pch"));
    CHECK(!present("toolkit-b.pch"));
    /* under the bound: nothing goes; a missing directory is no error */
    CHECK_EQ_LL(cache_prune(dir, "toolkit-", ".pch", 1 << 20, NULL), 0);
    CHECK_EQ_LL(cache_prune("/nonexistent/gpulint", "toolkit-", ".pch", 0, NULL), 0);

    remove_tree(dir);
    return check_summary();
}
