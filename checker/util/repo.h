/* repo.h - where the repository of a file is, and paths relative to it:
 * the fingerprints, SARIF, GitHub, GitLab and reviewdog outputs all name
 * files relative to the repository root, so that they are the same on
 * every machine and checkout. */
#ifndef GPULINT_REPO_H
#define GPULINT_REPO_H

/* The absolute, normalised form of `path` (symlinks resolved when the file
 * exists; otherwise made absolute against the current directory with . and
 * .. removed).  Free it. */
char *absolute_path(const char *path);
/* The nearest directory at or above `dir` that holds `.git` (a directory,
 * or the file of a worktree); NULL when none.  Free it. */
char *find_repo_root(const char *dir);
/* `path` relative to `root` (both made absolute), with forward slashes;
 * NULL when the path is not inside root.  Free it. */
char *path_relative_to(const char *root, const char *path);
/* The root for a run started here: `given` when set, else the repository of
 * the current directory, else the current directory.  Free it. */
char *run_repo_root(const char *given);
/* The root a run's report names files from (SARIF's %SRCROOT%): `given`
 * when set; else run_repo_root's when it holds every named path; else the
 * repository of the named paths, or without one the deepest directory that
 * holds them all (a file's own directory when it is the only one).  Free
 * it. */
char *report_root(const char *given, const char *const *paths, int npaths);

#endif
