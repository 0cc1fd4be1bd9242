/* fuzz_compdb.c - libFuzzer target over compile databases and nvcc response
 * files (project/compdb.c).  The input's parts are separated by NUL bytes:
 * the first is a compile_commands.json (compdb_parse: every entry's command
 * or arguments translated); the second, when present, is a response file,
 * written to a private directory as opts.rsp and read as a command line
 * there too, so that "@opts.rsp" or "--options-file opts.rsp" in it reads
 * it again (nesting), and anything else a command names is looked up.
 * Built only with -DGPULINT_FUZZ=ON (ci/fuzz_fast.sh). */
#include "project/compdb.h"
#include "fuzz_common.h"

static char db_path[PATH_MAX], rsp_path[PATH_MAX];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_private_dir("compdb");
    fuzz_path(db_path, sizeof db_path, "compile_commands.json");
    fuzz_path(rsp_path, sizeof rsp_path, "opts.rsp");
    return 0;
}

static void free_entry(CompileEntry *e)
{
    free(e->args);
    free(e->include_dirs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *db_text, *rsp;
    size_t db_len, rsp_len;
    fuzz_next_part(&data, &size, &db_text, &db_len);
    bool has_rsp = fuzz_next_part(&data, &size, &rsp, &rsp_len);

    CompileDb db;
    char err[256];
    if (compdb_parse(&db, db_path, (const char *)db_text, db_len, err, sizeof err)) {
        for (int i = 0; i < db.n; i++) compdb_find(&db, db.entries[i].file);
        compdb_nearest(&db, "/nonexistent/src/k.cu");
        compdb_free(&db);
    }

    if (has_rsp) {
        if (!write_file(rsp_path, (const char *)rsp, rsp_len)) abort();
        char *text = fuzz_strndup(rsp, rsp_len);
        Arena a;
        memset(&a, 0, sizeof a);
        const char **words;
        int n = compdb_split(&a, text, &words);
        /* argv[0] is the compiler */
        int argc = n + 2;
        const char **argv = xmalloc((size_t)argc * sizeof *argv);
        argv[0] = "nvcc";
        for (int i = 0; i < n; i++) argv[i + 1] = words[i];
        argv[n + 1] = "@opts.rsp"; /* and the file itself, spliced as a response file */
        CompileEntry e;
        memset(&e, 0, sizeof e);
        compdb_translate(&a, fuzz_dir, argv, argc, &e);
        free_entry(&e);
        free(argv);
        free(words);
        free(text);
        arena_free(&a);
    }
    return 0;
}
