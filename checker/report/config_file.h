/* config_file.h - one .gpulint.yaml as read (config.c layers them). */
#ifndef GPULINT_CONFIG_FILE_H
#define GPULINT_CONFIG_FILE_H

#include "report/config.h"

typedef struct {
    char **items; int n;
} StrList;

/* The settings a layer (a file, or one of its overrides) can make. */
typedef struct {
    bool has_select;
    StrList select, ignore;
    bool has_min_severity;
    Severity min_severity;
    SeverityOverride *severities; int nseverities;
    char *cl_std;                /* cl-std: the OpenCL C version of the files (NULL: not set) */
    char *offload_arch;          /* offload-arch: the GPU architecture the files are compiled for (NULL: not set) */
} Settings;

typedef struct {
    StrList paths;
    Settings s;
} Override;

typedef struct ConfigFile {
    char *path, *dir;
    bool ok, inherit;
    Settings s;
    StrList exclude, include_paths, defines;
    char *headers;
    OptionSetting *options; int noptions;
    Override *overrides; int noverrides;
} ConfigFile;


/* Reads and checks the file; errors go to d as FILE:LINE:COL and leave
 * ok false. */
ConfigFile *load_config(const char *path, Diagnostics *d);
void free_config(ConfigFile *cf);

#endif
