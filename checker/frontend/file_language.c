/* file_language.c - a file's language and target (see file_language.h). */
#include "frontend/file_language.h"

#include "util/fileio.h"

#include <stdlib.h>
#include <string.h>

bool text_includes_hip_header(const char *text, size_t size)
{
    const char *end = text + size;
    for (const char *p = text; p && p < end;) {
        const char *q = p;
        while (q < end && (*q == ' ' || *q == '\t')) q++;
        if (q < end && *q == '#') {
            q++;
            while (q < end && (*q == ' ' || *q == '\t')) q++;
            if (end - q > 7 && strncmp(q, "include", 7) == 0) {
                q += 7;
                while (q < end && (*q == ' ' || *q == '\t')) q++;
                if (end - q > 5 && (*q == '<' || *q == '"') && strncmp(q + 1, "hip/", 4) == 0) return true;
            }
        }
        p = memchr(p, '\n', (size_t)(end - p));
        if (p) p++;
    }
    return false;
}

/* Does `text` (of the file `path`) include a HIP header, itself or through
 * the headers it includes with quotes, found beside their includer (a
 * project's "util.hpp" that includes <hip/hip_runtime.h>)?  At most
 * `*budget` more files are read, 3 levels deep. */
static bool includes_hip_near(const char *text, size_t size, const char *path, int depth, int *budget)
{
    if (text_includes_hip_header(text, size)) return true;
    if (depth >= 3 || !path) return false;
    const char *slash = strrchr(path, '/');
    int dir_len = slash ? (int)(slash - path + 1) : 0;
    const char *end = text + size;
    for (const char *p = text; p && p < end && *budget > 0;) {
        const char *q = p;
        while (q < end && (*q == ' ' || *q == '\t')) q++;
        if (q < end && *q == '#') {
            q++;
            while (q < end && (*q == ' ' || *q == '\t')) q++;
            if (end - q > 9 && strncmp(q, "include", 7) == 0) {
                q += 7;
                while (q < end && (*q == ' ' || *q == '\t')) q++;
                const char *close = q < end && *q == '"' ? memchr(q + 1, '"', (size_t)(end - q - 1)) : NULL;
                char near[4096];
                if (close && close > q + 1 && q[1] != '/' &&
                    snprintf(near, sizeof near, "%.*s%.*s", dir_len, path, (int)(close - q - 1), q + 1) <
                        (int)sizeof near) {
                    long n = 0;
                    char *t = (*budget)-- > 0 ? read_file(near, &n) : NULL;
                    bool hip = t && n <= (1 << 20) && includes_hip_near(t, (size_t)n, near, depth + 1, budget);
                    free(t);
                    if (hip) return true;
                }
            }
        }
        p = memchr(p, '\n', (size_t)(end - p));
        if (p) p++;
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
