/* dialect.c - the dialect of each language of the table (model/language.h). */
#include "frontend/dialect.h"

static const Dialect *const dialects[LANG_COUNT] = {
    [LANG_CUDA] = &dialect_cuda,
    [LANG_OPENCL] = &dialect_opencl,
    [LANG_HIP] = &dialect_hip,
};

const Dialect *dialect_for_language(Language id)
{
    return id >= 0 && id < LANG_COUNT && dialects[id] ? dialects[id] : &dialect_cuda;
}

bool is_opencl_path(const char *path)
{
    const GpuLanguage *lang = language_for_path(path);
    return lang && lang->id == LANG_OPENCL;
}
