/* test_path_fold.c - util/fileio's path_fold_dots: one spelling per file. */
#include "util/fileio.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void touch(const char *path)
{
    FILE *f = fopen(path, "w");
    if (f) fclose(f);
}

int main(void)
{
    char dir[1024], path[4096], out[4096], want[4096];
    CHECK(make_private_dir("gpulint-fold", dir, sizeof dir));
    snprintf(path, sizeof path, "%s/src", dir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/src/tree", dir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/src/common", dir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/src/common/bits.h", dir);
    touch(path);

    snprintf(path, sizeof path, "%s/src/tree/../common/bits.h", dir);
    snprintf(want, sizeof want, "%s/src/common/bits.h", dir);
    CHECK(path_fold_dots(path, out, sizeof out));
    CHECK(strcmp(out, want) == 0);
    snprintf(path, sizeof path, "%s/src/./tree/.././common/bits.h", dir);
    CHECK(path_fold_dots(path, out, sizeof out));
    CHECK(strcmp(out, want) == 0);
    CHECK(!path_fold_dots(want, out, sizeof out));             /* nothing to fold */
    CHECK(!path_fold_dots(path, out, 8));                       /* does not fit */
    snprintf(path, sizeof path, "%s/src/tree/../common/missing.h", dir);
    CHECK(!path_fold_dots(path, out, sizeof out));              /* no such file */
    /* a symbolic link: link/.. is the link target's parent, not src/ */
    char link[2048], target[2048];
    snprintf(target, sizeof target, "%s/src/tree", dir);
    snprintf(link, sizeof link, "%s/elsewhere", dir);
    mkdir(link, 0700);
    snprintf(link, sizeof link, "%s/elsewhere/tree_link", dir);
    CHECK(symlink(target, link) == 0);
    snprintf(path, sizeof path, "%s/src/common/bits.h", dir);
    touch(path);
    snprintf(path, sizeof path, "%s/elsewhere/tree_link/../common/bits.h", dir);
    CHECK(!path_fold_dots(path, out, sizeof out));              /* folding would name another (absent) file */
    remove_tree(dir);
    return check_summary();
}
