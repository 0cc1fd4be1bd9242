/* fuzz_config.c - libFuzzer target: the input is a .gpulint.yaml (the YAML
 * reader, config_file.c) and is applied to files below it (config.c:
 * layering, overrides, excludes, severities, --show-config).  The reader
 * takes a path only, so the input is written to a private directory first.
 * Built only with -DGPULINT_FUZZ=ON (ci/fuzz_fast.sh). */
#include "report/config.h"
#include "fuzz_common.h"
#include "rules/rules.h"

static char config_path[PATH_MAX], files[2][PATH_MAX];
static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_private_dir("config");
    fuzz_path(config_path, sizeof config_path, ".gpulint.yaml");
    /* neither exists: the reader must not need them to */
    fuzz_path(files[0], sizeof files[0], "kernels/k.cu");
    fuzz_path(files[1], sizeof files[1], "third_party/lib/x.cuh");
    devnull = fopen("/dev/null", "w");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!write_file(config_path, (const char *)data, size)) abort();
    ConfigSet *c = config_set_new();
    Diagnostics d;
    memset(&d, 0, sizeof d);
    for (int i = 0; i < 2; i++) {
        const EffectiveConfig *e = config_for_file(c, files[i], &d);
        if (!e) continue;
        config_excludes(e, files[i]);
        for (int r = 0; r < gpulint_nrules; r++) {
            selection_enabled(&e->selection, gpulint_rules[r]->id);
            config_severity(e, gpulint_rules[r]->id, gpulint_rules[r]->default_severity);
        }
        config_print(devnull, e);
    }
    config_set_free(c);
    diagnostics_free(&d);
    return 0;
}
