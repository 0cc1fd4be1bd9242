/* test_language.c - the table of GPU languages: one list of extensions, -x
 * names, and every entry complete. */
#include "model/geometry.h"
#include "model/language.h"
#include "check.h"

#include <string.h>

static void test_extensions(void)
{
    CHECK(language_for_path("a/b.cu")->id == LANG_CUDA);
    CHECK(language_for_path("b.cuh")->id == LANG_CUDA);
    CHECK(language_for_path("k.cl")->id == LANG_OPENCL);
    CHECK(language_for_path("k.clh")->id == LANG_OPENCL);
    CHECK(language_for_path("clblast/k.opencl")->id == LANG_OPENCL);
    CHECK(language_for_path("host.cpp") == NULL);
    CHECK(language_for_path("dir.cu/file") == NULL);
    CHECK(language_for_path("cu") == NULL);
    CHECK(language_for_path("k.CU") == NULL); /* as before: extensions are case-sensitive */
}

static void test_names(void)
{
    CHECK(language_for_editor_id("cuda-cpp")->id == LANG_CUDA);
    CHECK(language_for_editor_id("opencl-c")->id == LANG_OPENCL);
    CHECK(language_for_editor_id("cpp") == NULL);
    CHECK(language_for_editor_id(NULL) == NULL);
    CHECK(language_named("cuda")->id == LANG_CUDA);
    CHECK(language_named("cl")->id == LANG_OPENCL);
    CHECK(language_named("opencl") == NULL);
    CHECK(language_named("hip")->id == LANG_HIP);
    CHECK(language_for_editor_id("hip")->id == LANG_HIP);
    CHECK(language_for_path("k.hip")->id == LANG_HIP);
    CHECK(language_info(LANG_HIP)->amd_default_target && !language_info(LANG_CUDA)->amd_default_target);
    CHECK(language_named(NULL) == NULL);
}

/* A new entry cannot leave a word, an idiom or a list out, nor claim an
 * extension another language has. */
static void test_entries_complete(void)
{
    for (int i = 0; i < LANG_COUNT; i++) {
        const GpuLanguage *l = language_info((Language)i);
        CHECK(l->id == (Language)i);
        CHECK(l->name && l->x_name && l->title && l->editor_ids && l->editor_ids[0] && l->extensions && l->extensions[0] && l->parse_flags);
        const char *const *w = (const char *const *)&l->word;
        for (size_t j = 0; j < sizeof l->word / sizeof *w; j++) CHECK(w[j] != NULL);
        const char *const *d = (const char *const *)&l->idiom;
        for (size_t j = 0; j < sizeof l->idiom / sizeof *d; j++) CHECK(d[j] != NULL);
        for (const char *const *e = l->extensions; *e; e++) {
            char path[64] = "f";
            strncat(path, *e, sizeof path - 2);
            CHECK(language_for_path(path) == l);
        }
    }
}

/* The extensions as the command line's errors list them. */
static void test_extension_text(void)
{
    char buf[128];
    language_extension_text(buf, sizeof buf, NULL, ", ", " and ");
    CHECK(strcmp(buf, ".cu, .cuh, .cl, .clh, .opencl and .hip") == 0);
    language_extension_text(buf, sizeof buf, language_info(LANG_CUDA), " or ", " or ");
    CHECK(strcmp(buf, ".cu or .cuh") == 0);
    language_extension_text(buf, 8, NULL, ", ", " and "); /* truncated, terminated */
    CHECK(strcmp(buf, ".cu, .c") == 0);
    language_x_name_text(buf, sizeof buf, "-x ");
    CHECK(strcmp(buf, "-x hip, -x cl or -x cuda") == 0);
}

int main(void)
{
    test_extensions();
    test_names();
    test_entries_complete();
    test_extension_text();
    return check_summary();
}
