/* engine.h - gpulint's analysis for every client (the command line, an
 * editor's language server, a batch audit): an Engine is set up
 * once from options and lints one file, or one in-memory buffer, at a time
 * into a FileResult: parse -> model -> rules -> findings.  Collecting the
 * files of a run (walking directories) is a separate step, and so is
 * merging the results of several files into one run (run_registry.h). */
#ifndef GPULINT_ENGINE_H
#define GPULINT_ENGINE_H

#include "finding/diagnostics.h"
#include "finding/file_result.h"
#include "finding/finding.h"
#include "frontend/frontend.h"
#include "util/version.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    FrontendOptions frontend;
    const char **rules; int nrules;   /* empty: all rules */
    bool verbose;                     /* each file and its timings, to log */
    bool dump_model;                  /* each file's kernel model, to log */
    FILE *log;                        /* NULL: stderr */
    bool no_project;                  /* --no-project: no compile database, no include discovery */
    const char *compile_db_dir;       /* -p DIR */
    bool no_config;                   /* --no-config: .gpulint.yaml adds no flags or rule options */
    bool show_project;                /* --show-project: the flags each file gets (with verbose) */
    bool replay_facts;                /* --emit-bench: findings carry what a replay of their kernel needs */
    /* The files of the run (engine_collect_files): a fragment whose owner
     * is among them is reported through the owner's analysis and not
     * parsed again (context.h).  Empty: every fragment is parsed through
     * its owner (an editor, an audit). */
    char *const *run_files; int nrun_files;
    /* Owners (real paths) whose analysis failed in an earlier pass: a
     * fragment is analysed through another translation unit that reaches
     * it instead (context.h), or not at all. */
    char *const *failed_owners; int nfailed_owners;
    /* The paths the user named (files are ignored): a file with no project
     * marker above it takes the highest named directory that holds it as
     * its project's root (project.h). */
    const char *const *named_paths; int nnamed_paths;
    /* Project discovery and include graphs the parent built for the run
     * (engine_projects_new), inherited by forked workers; NULL: the engine
     * builds its own. */
    struct EngineProjects *shared_projects;
} EngineOptions;

typedef struct EngineProjects EngineProjects;
/* The run's project discovery and include graphs, with the run files'
 * graphs read (NULL with no_project): built once by the parent, before its
 * workers fork, and handed to them as EngineOptions.shared_projects. */
EngineProjects *engine_projects_new(const EngineOptions *o);
void engine_projects_free(EngineProjects *p);


typedef struct Engine Engine;

/* NULL when the parser cannot be set up (the reason is written to err).
 * The options' strings and arrays must outlive the engine. */
Engine *engine_new(const EngineOptions *o, char *err, int errsize);
void engine_free(Engine *e);
/* Lints `path`, read from disk when contents is NULL, else from `contents`
 * of `size` bytes (an editor's unsaved buffer; path names it).  Always fills
 * `out` (free it with file_result_free); returns false when the file could
 * not be analysed at all (out->problems says why). */
bool engine_lint_file(Engine *e, const char *path, const char *contents, size_t size, FileResult *out);
/* engine_lint_file of a file from disk whose first analysis ended as
 * `first_failure` says (a time or memory limit): parsed again without the
 * include directories discovery added and without the relints of build
 * flags, the parts that make a parse explode.  The result says what was
 * left out (the file is degraded), or fails when there was nothing to
 * leave out. */
bool engine_lint_file_reduced(Engine *e, const char *path, const char *first_failure, FileResult *out);

/* An editor's open document (a language server): engine_lint_file of an
 * in-memory buffer whose parse is kept for the next analysis of the same
 * path (frontend.h: kept documents), at most ENGINE_MAX_DOCUMENTS of
 * them, the least recently analysed dropped first.  `open` are the other
 * documents open in the editor: an included file among them is read from
 * there, not from disk.  The findings are those engine_lint_file gives. */
#define ENGINE_MAX_DOCUMENTS 8
typedef struct {
    bool reused;                       /* the kept parse was reparsed (its preamble reused if unchanged) */
    int kept;                          /* documents kept parsed after this analysis */
    char **included; int nincluded;    /* the files the document includes */
    int declared_files;                /* files whose explicit instantiations clang got as
                                          declarations (instantiation_decls.h) */
    double parse_seconds, model_seconds; /* of the parse the findings come from (the log's phases) */
    HostSliceUse host_slice;           /* how the kept parse used a slice of its host code */
} DocumentInfo;
bool engine_lint_document(Engine *e, const char *path, const char *contents, size_t size, const FrontendBuffer *open,
                          int nopen, FileResult *out, DocumentInfo *info);
/* How a file's context ends when the engine chose not to parse it (no GPU
 * code worth a parse): the language server says so once. */
#define ENGINE_NOT_PARSED "not parsed"
/* The document `path` is parsed without a precompiled preamble from now on
 * (building one crashed libclang: the language server retries so). */
void engine_document_without_preamble(Engine *e, const char *path);
/* Drops the kept parse of `path` (the editor closed it). */
void engine_close_document(Engine *e, const char *path);
int engine_documents_kept(const Engine *e);
void document_info_free(DocumentInfo *info);
/* --show-project: the projects found so far, their databases and the
 * include directories discovery added. */
void engine_describe_projects(const Engine *e, FILE *out);
/* Adds files to the run's files (EngineOptions.run_files). */
void engine_add_run_files(Engine *e, char *const *paths, int n);
/* Finds the projects of these files and their flags without parsing them
 * (for --show-project when the files were analysed in worker processes). */
void engine_discover_projects(Engine *e, const char *const *paths, int n);

/* The files a run analyses: each PATH that is a .cu/.cuh file, and the
 * .cu/.cuh files under each directory (recursively, hidden entries and links
 * to directories skipped, at most 64 levels), in path order, each file once
 * however many names reach it.  A PATH that is missing, not CUDA source, or
 * a directory without any becomes an error in diags; so does what a walk
 * cannot use (an unreadable directory, a FIFO named .cu, a tree too deep),
 * and a note what it leaves on purpose (a link to a directory, a loop, a
 * second name of a file). */
void engine_collect_files(const char *const *paths, int npaths, FileList *out, Diagnostics *diags);
bool is_gpu_source(const char *path);
/* -x LANG: every named file is GPU source ("cl" or "cuda"; NULL: by extension). */
void engine_force_language(const char *language);

/* The flags nvcc needs to build a file as its project does (-I, -D, -std
 * ...; gpulint's stand-in headers left out), for replays: one set per run,
 * engine_build_flags_for matches bench/replay.h's ReplayFlagsFn. */
typedef struct BuildFlags BuildFlags;
BuildFlags *engine_build_flags_new(const EngineOptions *o);
char **engine_build_flags_for(void *build_flags, const char *path, int *n);
void engine_build_flags_free(BuildFlags *b);
const char *engine_forced_language(void);

#endif
