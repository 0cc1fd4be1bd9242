/* options.h - every command's options in one table (options.c).  The table
 * drives the parsers, each command's --help and the option tables of
 * docs/usage.md (the docs.options test fails when the docs differ). */
#ifndef GPULINT_CLI_OPTIONS_H
#define GPULINT_CLI_OPTIONS_H

#include "audit/audit.h"
#include "engine/engine.h"
#include "isolate/worker.h"
#include "lsp/lsp.h"
#include "output/emitter.h"
#include "report/filter.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The commands, as the bits of CliOption.commands. */
enum {
    CMD_LINT = 1 << 0,           /* gpulint [options] PATH... */
    CMD_LSP = 1 << 1,            /* gpulint lsp */
    CMD_AUDIT = 1 << 2,          /* gpulint audit --out DIR PROJECT... */
    CMD_AUDIT_REPORT = 1 << 3,   /* gpulint audit report DIR */
    CMD_AUDIT_MERGE = 1 << 4,    /* gpulint audit merge --out DIR SHARD_DIR... */
};

/* How a value may be written after one spelling of an option. */
enum {
    VALUE_NEXT = 1 << 0,         /* "--name VALUE", "-n VALUE" */
    VALUE_EQUALS = 1 << 1,       /* "--name=VALUE" */
    VALUE_ATTACHED = 1 << 2,     /* "-nVALUE" */
};

/* What the command line asks of a lint run besides the engine's options. */
typedef struct {
    const Emitter *emitter;
    const char *output;      /* -o FILE, or NULL for stdout */
    const char *impact;      /* --impact FILE */
    const char *emit_bench;  /* --emit-bench DIR */
    bool fix;
    const char *data_dir;
    FilterOptions filter;    /* selection, suppressions, config, diff, baseline */
    bool exit_zero;
    Severity min_severity;   /* --min-severity: findings below it are not reported */
    PoolOptions pool;        /* -j, --file-timeout, --file-memory, --no-isolation */
} CliRun;

/* Everything a command line says, whichever command it runs. */
typedef struct {
    /* gpulint [options] PATH... */
    EngineOptions engine;
    CliRun run;
    const char *build_pch;   /* --build-pch FILE: precompile the shim (the build's) */
    const char *show_config; /* --show-config FILE */
    char *rules;             /* --rules ID,... */
    const char **select, **ignore, **exclude;
    int nselect, nignore, nexclude;
    char **owned; int nowned;     /* the copies select and ignore point into */
    /* PATH..., and the SHARD_DIRs or DIR of audit merge and audit report */
    const char **paths; int npaths;
    LspArgs lsp;
    AuditCommandLine audit;  /* also --out of audit merge */
} CliArgs;

typedef struct CliOption CliOption;
typedef struct CliCommand CliCommand;

/* One use of an option on the command line. */
typedef struct {
    const CliCommand *command;
    const CliOption *option;
    const char *arg;         /* as written: "-j4", "--jobs" */
    const char *value;       /* NULL for a flag */
    bool separate;           /* the value was the next argument */
    int argc; char **argv;   /* the command line, */
    int *i;                  /* at this option (its value's index when separate) */
} CliOptionUse;

/* What an option does: -1 to go on, else the exit status to stop with.
 * A usage error exits with status 2 (cli_usage_error). */
typedef int (*CliAction)(CliArgs *args, const CliOptionUse *use);

struct CliOption {
    unsigned commands;       /* CMD_* bits */
    const char *name;        /* "--jobs", "-include", "-I"; "--" ends the options */
    const char *alias;       /* another spelling ("-j"), or NULL */
    const char *arg;         /* the value's name ("N"), or NULL for a flag */
    unsigned forms;          /* VALUE_* bits: how the value follows name */
    unsigned alias_forms;    /* and alias */
    const char *needs;       /* the error for a missing value: "-j needs <needs>" */
    CliAction action;
    size_t field;            /* the CliArgs member the generic actions set */
    /* The value's names when a registry holds them (--format): written
     * into buf joined by sep, with last before the last one. */
    void (*choices)(char *buf, size_t n, const char *sep, const char *last);
    const char *section;     /* its heading in --help and the docs */
    const char *help;        /* --help: plain text, wrapped when printed */
    const char *doc;         /* docs/usage.md: Markdown; NULL: the help text */
    bool hidden;             /* the build's, not the user's: neither listed nor documented */
};

struct CliCommand {
    unsigned id;             /* CMD_* */
    const char *name;        /* "gpulint audit merge": --help's and the docs marker's */
    const char *prog;        /* "gpulint audit": what its errors start with */
    const char *synopsis;    /* --help before the options */
    void (*help_end)(FILE *out);   /* --help after them, or NULL */
    bool usage_on_error;     /* after an error, print the usage instead of a hint */
    /* An argument that is not an option; NULL: an unknown option. */
    void (*positional)(CliArgs *args, const char *arg);
};

extern const CliOption cli_options[];
extern const int cli_noptions;
extern const CliCommand cli_commands[];
extern const int cli_ncommands;
const CliCommand *cli_command(unsigned id);

/* Defaults of every command's settings; cli_args_free releases what the
 * parse allocated. */
void cli_args_init(CliArgs *args);
void cli_args_free(CliArgs *args);

/* Reads argv[1..argc) (argv[0] is the command's name) into args.  Returns
 * -1 to run the command, else its exit status (0 after --help); a usage
 * error exits with status 2. */
int cli_parse(const CliCommand *cmd, int argc, char **argv, CliArgs *args);

/* "PROG: error: MESSAGE" and the hint (or the usage), then exit(2). */
_Noreturn void cli_usage_error(const CliCommand *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

void cli_print_help(const CliCommand *cmd, FILE *out);
/* The command's option tables in Markdown, as docs/usage.md holds them
 * between <!-- options:begin NAME --> and <!-- options:end -->. */
void cli_print_doc(const CliCommand *cmd, FILE *out);

/* The registered output formats' names: "text|json", "text or json". */
void cli_format_names(char *buf, size_t n, const char *sep, const char *last_sep);

#endif
