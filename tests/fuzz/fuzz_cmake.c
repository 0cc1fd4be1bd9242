/* fuzz_cmake.c - libFuzzer target over the CMake facts reader
 * (project/cmake_facts.c): CMake code read as text for configure_file()
 * templates, definitions, optional sources and source templates.  The
 * input's parts are separated by NUL bytes: a top-level CMakeLists.txt, a
 * sub/CMakeLists.txt, and a template file, written to a private directory
 * as config.h.in (the reader finds templates on disk): configure_file() of
 * it and file(READ) of it reach the template code.
 * Built only with -DGPULINT_FUZZ=ON (ci/fuzz_fast.sh). */
#include "project/cmake_facts.h"
#include "fuzz_common.h"

static char lists[2][PATH_MAX], template_path[PATH_MAX], sources[3][PATH_MAX];
static const char *list_paths[2] = {lists[0], lists[1]};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_private_dir("cmake");
    fuzz_path(lists[0], sizeof lists[0], "CMakeLists.txt");
    fuzz_path(lists[1], sizeof lists[1], "sub/CMakeLists.txt");
    fuzz_path(template_path, sizeof template_path, "config.h.in");
    fuzz_path(sources[0], sizeof sources[0], "k.cu");
    fuzz_path(sources[1], sizeof sources[1], "sub/k.cu");
    fuzz_path(sources[2], sizeof sources[2], "src/kernels.cuh");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *part;
    size_t len;
    char *texts[2] = {NULL, NULL};
    int n = 0;
    while (n < 2 && fuzz_next_part(&data, &size, &part, &len)) texts[n++] = fuzz_strndup(part, len);
    fuzz_next_part(&data, &size, &part, &len); /* the template (empty when absent) */
    if (!write_file(template_path, (const char *)part, len)) abort();

    CmakeFacts *f = cmake_facts_read_texts(list_paths, (const char *const *)texts, n);
    static const char *const spellings[] = {"config.h", "version.h", "gen/config.h", "h"};
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
        cmake_template_for(f, spellings[i]);
        free(cmake_configure(f, spellings[i]));
    }
    const char *const *linux_defs;
    cmake_linux_definitions(f, &linux_defs);
    for (int i = 0; i < 3; i++) {
        const char **defs;
        cmake_definitions_for(f, sources[i], &defs);
        free(defs);
        cmake_vendor_definitions_for(f, sources[i], i == 1, &defs);
        free(defs);
        cmake_optional_switch(f, sources[i]);
    }
    const char *dir, *definition, *vendor;
    for (int i = 0; cmake_directory_definitions(f, i, &dir, &definition, &vendor); i++) {
    }
    char *note = NULL;
    free(cmake_source_template(f, template_path, &note));
    free(note);
    cmake_facts_free(f);
    for (int i = 0; i < n; i++) free(texts[i]);
    return 0;
}
