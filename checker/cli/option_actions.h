/* option_actions.h - what the options of the table (options.c) do
 * (option_actions.c).  Each returns -1 to go on parsing, or the exit
 * status to stop with. */
#ifndef GPULINT_CLI_OPTION_ACTIONS_H
#define GPULINT_CLI_OPTION_ACTIONS_H

#include "cli/options.h"

/* Any command: set the option's field (bool true or false, or the value),
 * nothing, or --help. */
int opt_set_true(CliArgs *a, const CliOptionUse *u);
int opt_set_false(CliArgs *a, const CliOptionUse *u);
int opt_set_value(CliArgs *a, const CliOptionUse *u);
int opt_ignore(CliArgs *a, const CliOptionUse *u);
int opt_help(CliArgs *a, const CliOptionUse *u);
void opt_path(CliArgs *a, const char *arg);

/* gpulint [options] PATH... */
int opt_lint_format(CliArgs *a, const CliOptionUse *u);
int opt_lint_verbose(CliArgs *a, const CliOptionUse *u);
int opt_lint_list_rules(CliArgs *a, const CliOptionUse *u);
int opt_lint_version(CliArgs *a, const CliOptionUse *u);
int opt_lint_min_severity(CliArgs *a, const CliOptionUse *u);
int opt_lint_rules(CliArgs *a, const CliOptionUse *u);
int opt_lint_select(CliArgs *a, const CliOptionUse *u);
int opt_lint_ignore(CliArgs *a, const CliOptionUse *u);
int opt_lint_exclude(CliArgs *a, const CliOptionUse *u);
int opt_lint_no_config(CliArgs *a, const CliOptionUse *u);
int opt_lint_clang_flag(CliArgs *a, const CliOptionUse *u);
int opt_lint_clang_args(CliArgs *a, const CliOptionUse *u);
int opt_lint_language(CliArgs *a, const CliOptionUse *u);
int opt_lint_offload_arch(CliArgs *a, const CliOptionUse *u);
int opt_lint_opencl_fp64(CliArgs *a, const CliOptionUse *u);
int opt_lint_headers(CliArgs *a, const CliOptionUse *u);
int opt_lint_jobs(CliArgs *a, const CliOptionUse *u);
int opt_lint_file_timeout(CliArgs *a, const CliOptionUse *u);
int opt_lint_file_memory(CliArgs *a, const CliOptionUse *u);
void lint_help_end(FILE *out);

/* gpulint lsp */
int opt_lsp_rules(CliArgs *a, const CliOptionUse *u);
int opt_lsp_clang_flag(CliArgs *a, const CliOptionUse *u);
int opt_lsp_clang_args(CliArgs *a, const CliOptionUse *u);

/* gpulint audit */
int opt_audit_projects_file(CliArgs *a, const CliOptionUse *u);
int opt_audit_jobs(CliArgs *a, const CliOptionUse *u);
int opt_audit_shard(CliArgs *a, const CliOptionUse *u);
int opt_audit_file_timeout(CliArgs *a, const CliOptionUse *u);
int opt_audit_file_memory(CliArgs *a, const CliOptionUse *u);
int opt_audit_min_severity(CliArgs *a, const CliOptionUse *u);
int opt_audit_emit_bench(CliArgs *a, const CliOptionUse *u);
int opt_audit_progress(CliArgs *a, const CliOptionUse *u);
int opt_audit_progress_interval(CliArgs *a, const CliOptionUse *u);
int opt_audit_clang_flag(CliArgs *a, const CliOptionUse *u);
void opt_audit_project(CliArgs *a, const char *arg);

#endif
