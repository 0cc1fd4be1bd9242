/* options_doc.c USAGE_MD [--update] - docs/usage.md lists each command's
 * options as the option table (checker/cli/options.c) does.
 *
 * Each command's tables stand between <!-- options:begin NAME --> and
 * <!-- options:end --> (NAME: "gpulint", "gpulint lsp", ...).  Fails when a
 * region differs from what the table makes of it, when a command has no
 * region, or a region no command; --update rewrites the regions instead.
 * It also checks the table itself: no spelling twice in one command, and
 * a value's name wherever a value is read. */
#include "cli/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BEGIN "<!-- options:begin "
#define END "<!-- options:end -->"

static int failures;

static void fail(const char *fmt, const char *a, const char *b)
{
    printf("FAIL: ");
    printf(fmt, a, b);
    printf("\n");
    failures++;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *text = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&text, &n);
    char buf[8192];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, got, m);
    fclose(f);
    fclose(m);
    return text;
}

static char *doc_of(const CliCommand *cmd)
{
    char *text = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&text, &n);
    cli_print_doc(cmd, m);
    fclose(m);
    return text;
}

static int line_of(const char *text, const char *at)
{
    int line = 1;
    for (const char *p = text; p < at; p++) line += *p == '\n';
    return line;
}

/* Where a region (have, n bytes of text) differs: its first different line. */
static void show_difference(const char *path, const char *text, const char *have, size_t n, const char *want)
{
    size_t i = 0, start = 0;
    while (i < n && have[i] == want[i]) {
        if (have[i] == '\n') start = i + 1;
        i++;
    }
    int len = (int)strcspn(have + start, "\n");
    if (start + (size_t)len > n) len = (int)(n - start);
    printf("  %s:%d: the docs say:\n    %.*s\n", path, line_of(text, have + start), len, have + start);
    printf("  the option table says:\n    %.*s\n", (int)strcspn(want + start, "\n"), want + start);
}

static void check_table(void)
{
    for (int c = 0; c < cli_ncommands; c++) {
        const CliCommand *cmd = &cli_commands[c];
        for (int i = 0; i < cli_noptions; i++) {
            const CliOption *o = &cli_options[i];
            if (!(o->commands & cmd->id)) continue;
            if ((o->forms || o->alias_forms) && !o->arg && !o->choices) fail("%s %s: a value without a name", cmd->name, o->name);
            for (int j = 0; j < i; j++) {
                const CliOption *p = &cli_options[j];
                if (!(p->commands & cmd->id)) continue;
                const char *mine[] = {o->name, o->alias}, *theirs[] = {p->name, p->alias};
                for (int x = 0; x < 2; x++)
                    for (int y = 0; y < 2; y++)
                        if (mine[x] && theirs[y] && strcmp(mine[x], theirs[y]) == 0) fail("%s: %s is in the table twice", cmd->name, mine[x]);
            }
        }
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s USAGE_MD [--update]\n", argv[0]);
        return 2;
    }
    const char *path = argv[1];
    bool update = argc > 2 && strcmp(argv[2], "--update") == 0;
    char *text = read_all(path);
    if (!text) {
        perror(path);
        return 2;
    }
    check_table();

    char *out = NULL;
    size_t nout = 0;
    FILE *m = open_memstream(&out, &nout);
    const char *p = text;
    int found[64] = {0};
    int regions = 0;
    for (const char *b; (b = strstr(p, BEGIN));) {
        const char *name = b + strlen(BEGIN);
        const char *name_end = strstr(name, " -->");
        const char *body = name_end ? strchr(name_end, '\n') : NULL;
        const char *e = body ? strstr(body, END) : NULL;
        if (!e) {
            fail("%s: a region without its end (%s)", path, END);
            break;
        }
        body++;
        char cmd_name[128];
        snprintf(cmd_name, sizeof cmd_name, "%.*s", (int)(name_end - name), name);
        const CliCommand *cmd = NULL;
        for (int c = 0; c < cli_ncommands; c++)
            if (strcmp(cli_commands[c].name, cmd_name) == 0) cmd = &cli_commands[c], found[c]++;
        char *want = cmd ? doc_of(cmd) : NULL;
        fwrite(p, 1, (size_t)(body - p), m);
        if (!cmd) {
            fail("%s: a region for '%s', which is no command", path, cmd_name);
            fwrite(body, 1, (size_t)(e - body), m);
        } else if (strlen(want) != (size_t)(e - body) || strncmp(body, want, (size_t)(e - body)) != 0) {
            if (!update) {
                fail("%s: the options of '%s' differ from the option table", path, cmd_name);
                show_difference(path, text, body, (size_t)(e - body), want);
            }
            fputs(want, m);
        } else {
            fputs(want, m);
        }
        free(want);
        regions++;
        p = e;
    }
    fputs(p, m);
    fclose(m);
    for (int c = 0; c < cli_ncommands; c++)
        if (found[c] != 1)
            fail("%s: '%s' needs exactly one region <!-- options:begin NAME --> ... <!-- options:end -->", path, cli_commands[c].name);

    if (update && strcmp(out, text) != 0) {
        FILE *f = fopen(path, "w");
        if (!f || fputs(out, f) < 0 || fclose(f) != 0) {
            perror(path);
            return 2;
        }
        printf("updated %s\n", path);
    }
    free(out);
    free(text);
    if (failures) {
        printf("%d failure(s); after changing the option table: %s %s --update\n", failures, argv[0], path);
        return 1;
    }
    printf("ok: %d regions of %s agree with the option table\n", regions, path);
    return 0;
}
