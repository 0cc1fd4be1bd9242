/* expect_runner.c - runs gpulint on one testdata file and compares its JSON
 * findings with the `// expect: RULE key=value ...` annotations written in
 * the file (docs/dev/testing.md).  Fails on any missing, unexpected or
 * mismatching finding, and on gpulint errors.
 *
 * FILE may be a directory: a multi-file case (OpenCL kernels with the host
 * files that launch them).  gpulint then runs on the directory, and the
 * annotations of every file under it count, each for findings in the file
 * of its own name.
 *
 * usage: expect_runner GPULINT FILE|DIR [DEFAULT-ARGS...] */
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>

typedef struct {
    int line;
    char file[256];          /* the base name of the file the annotation is in */
    char rule[64];
    char keys[16][64];
    char vals[16][256];
    int nkv;
    bool matched;
} Expect;

static Expect expects[4096];
static int nexpects;
static char test_args[1024];

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    fclose(f);
    return buf;
}

/* Reads one token: a quoted string or a run of non-blank characters. */
static const char *token(const char *p, char *out, size_t n)
{
    while (*p == ' ' || *p == '\t') p++;
    size_t k = 0;
    if (*p == '"') {
        p++;
        while (*p && *p != '"' && *p != '\n') {
            if (k + 1 < n) out[k++] = *p;
            p++;
        }
        if (*p == '"') p++;
    } else {
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && !(p[0] == '*' && p[1] == '/')) {
            if (k + 1 < n) out[k++] = *p;
            p++;
        }
    }
    out[k] = 0;
    return p;
}

static void parse_annotations(const char *src, const char *file_base)
{
    int line = 1;
    for (const char *p = src; *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char text[4096];
        if (len >= sizeof text) len = sizeof text - 1;
        memcpy(text, p, len);
        text[len] = 0;
        const char *ta = strstr(text, "gpulint-test:");
        if (ta) snprintf(test_args, sizeof test_args, "%s", ta + 13);
        const char *c = strstr(text, "//");
        if (!c) c = strstr(text, "/*");
        for (const char *e = c ? strstr(c, "expect:") : NULL; e; e = strstr(e, "expect:")) {
            Expect *x = &expects[nexpects < 4095 ? nexpects++ : nexpects];
            memset(x, 0, sizeof *x);
            x->line = line;
            snprintf(x->file, sizeof x->file, "%s", file_base);
            const char *q = token(e + 7, x->rule, sizeof x->rule);
            for (;;) {
                char tok[320];
                const char *next = token(q, tok, sizeof tok);
                if (!tok[0] || strncmp(tok, "expect", 6) == 0) break;
                char *eq = strchr(tok, '=');
                if (eq && x->nkv < 16) {
                    *eq = 0;
                    snprintf(x->keys[x->nkv], sizeof x->keys[0], "%.63s", tok);
                    /* a quoted value: re-read it from the source */
                    if (eq[1] == 0 && *next == '"') next = token(next, x->vals[x->nkv], sizeof x->vals[0]);
                    else snprintf(x->vals[x->nkv], sizeof x->vals[0], "%.255s", eq + 1);
                    if (x->vals[x->nkv][0] == '"') {
                        /* key="a b": token stopped at the blank */
                        const char *start = strstr(q, "=\"") + 2;
                        const char *end = strchr(start, '"');
                        if (end) {
                            snprintf(x->vals[x->nkv], sizeof x->vals[0], "%.*s", (int)(end - start), start);
                            next = end + 1;
                        }
                    }
                    x->nkv++;
                }
                q = next;
            }
            e += 7;
        }
        line++;
        if (!eol) break;
        p = eol + 1;
    }
}

static bool value_matches(const cJSON *v, const char *want)
{
    if (cJSON_IsNumber(v)) return strtoll(want, NULL, 10) == (long long)v->valuedouble && want[0];
    if (cJSON_IsBool(v)) return strcmp(want, cJSON_IsTrue(v) ? "true" : "false") == 0;
    if (cJSON_IsString(v)) return strcmp(v->valuestring, want) == 0;
    return false;
}

static bool finding_matches(const cJSON *f, const Expect *x, char *why, size_t n)
{
    const cJSON *rule = cJSON_GetObjectItem(f, "rule");
    if (!cJSON_IsString(rule) || strcmp(rule->valuestring, x->rule) != 0) return false;
    const cJSON *ev = cJSON_GetObjectItem(f, "evidence");
    for (int i = 0; i < x->nkv; i++) {
        const cJSON *v = strcmp(x->keys[i], "severity") == 0 ? cJSON_GetObjectItem(f, "severity")
                                                              : cJSON_GetObjectItem(ev, x->keys[i]);
        if (!v || !value_matches(v, x->vals[i])) {
            char *have = v ? cJSON_PrintUnformatted(v) : NULL;
            snprintf(why, n, "%s=%s expected, got %s", x->keys[i], x->vals[i], have ? have : "(absent)");
            free(have);
            return false;
        }
    }
    return true;
}

static const char *base(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* The annotations of every file under `dir` (a multi-file case). */
static int parse_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) {
            int n = parse_dir(path);
            files += n > 0 ? n : 0;
        } else if (S_ISREG(st.st_mode)) {
            char *src = read_file(path);
            if (!src) continue;
            parse_annotations(src, e->d_name);
            free(src);
            files++;
        }
    }
    closedir(d);
    return files;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: expect_runner GPULINT FILE [ARGS...]\n");
        return 2;
    }
    const char *gpulint = argv[1], *file = argv[2];
    struct stat st;
    if (stat(file, &st) == 0 && S_ISDIR(st.st_mode)) {
        if (parse_dir(file) <= 0) {
            fprintf(stderr, "%s: no files\n", file);
            return 2;
        }
    } else {
        char *src = read_file(file);
        if (!src) {
            fprintf(stderr, "%s: cannot read\n", file);
            return 2;
        }
        parse_annotations(src, base(file));
        free(src);
    }
    char cmd[8192];
    /* every finding, info included: the annotations say which severity each has */
    size_t len = (size_t)snprintf(cmd, sizeof cmd, "'%s' --format=json --min-severity=info", gpulint);
    if (test_args[0]) {
        len += (size_t)snprintf(cmd + len, sizeof cmd - len, " %s", test_args);
    } else {
        for (int i = 3; i < argc; i++) len += (size_t)snprintf(cmd + len, sizeof cmd - len, " '%s'", argv[i]);
    }
    snprintf(cmd + len, sizeof cmd - len, " '%s'", file);
    FILE *p = popen(cmd, "r");
    if (!p) {
        perror("popen");
        return 2;
    }
    size_t cap = 1 << 16, n = 0;
    char *out = malloc(cap);
    size_t got;
    while ((got = fread(out + n, 1, cap - n - 1, p)) > 0) {
        n += got;
        if (cap - n < 4096) out = realloc(out, cap *= 2);
    }
    out[n] = 0;
    int status = pclose(p);
    int rc = WIFEXITED(status) ? WEXITSTATUS(status) : 99;
    cJSON *doc = cJSON_Parse(out);
    if (!doc) {
        fprintf(stderr, "%s: gpulint output is not JSON (exit %d):\n%s\n", file, rc, out);
        return 1;
    }
    int failures = 0;
    const cJSON *errors = cJSON_GetObjectItem(doc, "errors");
    if (cJSON_GetArraySize(errors) > 0 || rc == 2 || rc > 2) {
        char *e = cJSON_Print(errors);
        fprintf(stderr, "%s: gpulint reported errors (exit %d): %s\n", file, rc, e);
        free(e);
        failures++;
    }
    const cJSON *fs = cJSON_GetObjectItem(doc, "findings");
    int nfind = cJSON_GetArraySize(fs);
    if ((nfind > 0) != (rc == 1) && rc < 2) {
        fprintf(stderr, "%s: exit status %d does not match %d findings\n", file, rc, nfind);
        failures++;
    }
    bool *used = calloc((size_t)nfind + 1, 1);
    for (int i = 0; i < nexpects; i++) {
        Expect *x = &expects[i];
        char why[512] = "";
        for (int j = 0; j < nfind && !x->matched; j++) {
            const cJSON *f = cJSON_GetArrayItem(fs, j);
            if (used[j] || strcmp(base(cJSON_GetObjectItem(f, "file")->valuestring), x->file) != 0) continue;
            if ((int)cJSON_GetObjectItem(f, "line")->valuedouble != x->line) continue;
            if (finding_matches(f, x, why, sizeof why)) {
                x->matched = true;
                used[j] = true;
            }
        }
        if (!x->matched) {
            fprintf(stderr, "%s:%d: missing %s%s%s\n", x->file, x->line, x->rule, why[0] ? ": " : "", why);
            failures++;
        }
    }
    for (int j = 0; j < nfind; j++) {
        if (used[j]) continue;
        const cJSON *f = cJSON_GetArrayItem(fs, j);
        fprintf(stderr, "%s:%d: unexpected %s: %s\n", cJSON_GetObjectItem(f, "file")->valuestring,
                (int)cJSON_GetObjectItem(f, "line")->valuedouble, cJSON_GetObjectItem(f, "rule")->valuestring,
                cJSON_GetObjectItem(f, "message")->valuestring);
        failures++;
    }
    printf("%s: %d expected, %d found, %d problem%s\n", file, nexpects, nfind, failures, failures == 1 ? "" : "s");
    free(used);
    free(out);
    cJSON_Delete(doc);
    return failures ? 1 : 0;
}
