/* file_language.c - a file's language and target (see file_language.h). */
#include "frontend/file_language.h"

#include "util/fileio.h"

#include <stdlib.h>
#include <string.h>

/* The next #include from *p on: its delimiter ('<' or '"') and the name
 * between the delimiters; false at the end.  *p moves past its line. */
static bool next_include(const char **p, const char *end, char *delim, const char **name, size_t *len)
{
    while (*p < end) {
        const char *q = *p, *nl = memchr(q, '\n', (size_t)(end - q));
        const char *line_end = nl ? nl : end;
        *p = nl ? nl + 1 : end;
        while (q < line_end && (*q == ' ' || *q == '\t')) q++;
        if (q == line_end || *q++ != '#') continue;
        while (q < line_end && (*q == ' ' || *q == '\t')) q++;
        if (line_end - q < 7 || strncmp(q, "include", 7) != 0) continue;
        for (q += 7; q < line_end && (*q == ' ' || *q == '\t'); q++) {}
        if (q == line_end || (*q != '<' && *q != '"')) continue;
        const char *close = memchr(q + 1, *q == '<' ? '>' : '"', (size_t)(line_end - q - 1));
        if (!close) continue;
        *delim = *q;
        *name = q + 1;
        *len = (size_t)(close - q - 1);
        return true;
    }
    return false;
}

/* Does `text` (of the file `path`) include a HIP header, itself or through
 * the headers it includes with quotes, found beside their includer (a
 * project's "util.hpp" that includes <hip/hip_runtime.h>)?  At most
 * `*budget` more files are read, 3 levels deep. */
static bool includes_hip_near(const char *text, size_t size, const char *path, int depth, int *budget)
{
    const char *end = text + size, *p = text, *name;
    char delim;
    size_t len;
    while (next_include(&p, end, &delim, &name, &len))
        if (len > 4 && strncmp(name, "hip/", 4) == 0) return true;
    if (depth >= 3 || !path) return false;
    const char *slash = strrchr(path, '/');
    int dir_len = slash ? (int)(slash - path + 1) : 0;
    for (p = text; *budget > 0 && next_include(&p, end, &delim, &name, &len);) {
        char near[4096];
        if (delim != '"' || !len || name[0] == '/' ||
            snprintf(near, sizeof near, "%.*s%.*s", dir_len, path, (int)len, name) >= (int)sizeof near)
            continue;
        (*budget)--;
        long n = 0;
        char *t = read_file(near, &n);
        bool hip = t && n <= (1 << 20) && includes_hip_near(t, (size_t)n, near, depth + 1, budget);
        free(t);
        if (hip) return true;
    }
    return false;
}

bool source_includes_hip_header(const char *text, size_t size, const char *path)
{
    int budget = 16;
    return includes_hip_near(text, size, path, 0, &budget);
}

const char *file_offload_arch(const FrontendOptions *o, const FileArgs *fa)
{
    if (o && o->offload_arch) return o->offload_arch;
    return fa ? fa->offload_arch : NULL;
}

static bool compiled_for_amd(const FrontendOptions *o, const FileArgs *fa)
{
    return target_arch_is_amd(file_offload_arch(o, fa)) || (fa && fa->hip);
}

const GpuLanguage *file_language(const FrontendOptions *o, const FileArgs *fa, const char *path, const char *text,
                                 size_t size)
{
    const GpuLanguage *lang = o && o->language ? language_named(o->language) : language_for_path(path);
    if (!lang) {
        bool hip = false;
        if (text) {
            hip = source_includes_hip_header(text, size, path);
        } else {
            long n = 0;
            char *t = read_file(path, &n);
            hip = t && source_includes_hip_header(t, (size_t)n, path);
            free(t);
        }
        lang = language_info(hip ? LANG_HIP : LANG_CUDA);
    }
    if (lang->id == LANG_CUDA && compiled_for_amd(o, fa)) lang = language_info(LANG_HIP);
    return lang;
}

const GpuTarget *file_target(const FrontendOptions *o, const FileArgs *fa, const GpuLanguage *lang, bool *assumed,
                             const char **arch)
{
    const char *name = file_offload_arch(o, fa);
    const GpuTarget *named = target_for_arch(name);
    *assumed = false;
    if (named && (lang->amd_default_target || !named->amd)) { /* HIP for NVIDIA too (hipcc's nvcc platform) */
        *arch = name;
        return named;
    }
    if (!lang->amd_default_target) {
        *arch = target_nvidia()->arch;
        return target_nvidia();
    }
    *assumed = true;
    *arch = target_amd_default()->arch;
    return target_amd_default();
}
