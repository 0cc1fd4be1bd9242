/* config.h - .gpulint.yaml files (docs/ci.md).  For each file, the
 * closest .gpulint.yaml (or .gpulint.yml) in its directory or above
 * applies; one with `inherit: true` is layered on the next one above.  Keys
 * mirror the command line's flags; the command line wins. */
#ifndef GPULINT_CONFIG_H
#define GPULINT_CONFIG_H

#include "finding/diagnostics.h"
#include "report/select.h"
#include "finding/finding.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct {
    char *base;              /* the directory the glob is relative to */
    char *glob;
} BasedGlob;

typedef struct {
    char *rule;
    Severity severity;
} SeverityOverride;

typedef struct {
    char *rule, *option;
    long long value;
} OptionSetting;

/* What the config files say for one file (nothing when there are none). */
typedef struct {
    Selection selection;                 /* select/ignore of every layer, root first, then overrides */
    bool has_min_severity;
    Severity min_severity;
    BasedGlob *exclude; int nexclude;
    char **include_paths; int ninclude_paths;   /* absolute */
    char **defines; int ndefines;
    const char *headers;                 /* "auto", "shim", "cuda" or NULL */
    const char *cl_std;                  /* cl-std: OpenCL C version (the closest layer or override), or NULL */
    const char *offload_arch;            /* offload-arch: the GPU architecture (the closest layer or override), or NULL */
    SeverityOverride *severities; int nseverities;  /* the closest layer's wins */
    OptionSetting *options; int noptions;
    char **sources; int nsources;        /* the files used, closest first */
} EffectiveConfig;

typedef struct ConfigSet ConfigSet;

ConfigSet *config_set_new(void);
void config_set_free(ConfigSet *c);
/* The effective config of `path` (owned by the set, valid until it is
 * freed); NULL when a config file that applies has an error, reported
 * once in d as FILE:LINE: error. */
const EffectiveConfig *config_for_file(ConfigSet *c, const char *path, Diagnostics *d);
/* Does one of the config's exclude globs match `path`? */
bool config_excludes(const EffectiveConfig *cfg, const char *path);
/* The severity a finding of `rule` gets (its own when none is set). */
Severity config_severity(const EffectiveConfig *cfg, const char *rule, Severity given);
/* Prints the effective config as YAML (gpulint --show-config FILE). */
void config_print(FILE *out, const EffectiveConfig *cfg);

#endif
