/* replay_main.c - a main() for a fast fuzz target (fuzz_<name>.c) without
 * libFuzzer, so that every build (the plain one with gcc, the ASan one) can
 * run its seeds and past reproducers as tests: each argument is an input
 * file or a directory of them, each fed once to LLVMFuzzerTestOneInput.
 * A crash or a sanitizer report ends the process, failing the test. */
#include "util/fileio.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replayed;

static void replay_file(const char *path)
{
    long size;
    char *data = read_file(path, &size);
    if (!data) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        exit(2);
    }
    LLVMFuzzerTestOneInput((const uint8_t *)data, (size_t)size);
    free(data);
    replayed++;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory's files, in name order (README.md is a note, not an input). */
static void replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "README.md") == 0) continue;
        names = realloc(names, (n + 1) * sizeof *names);
        if (!names) abort();
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (is_regular_file(path)) replay_file(path);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) replay_dir(argv[i]);
        else replay_file(argv[i]);
    }
    printf("%s: %d inputs replayed, no crash\n", argv[0], replayed);
    return 0;
}
