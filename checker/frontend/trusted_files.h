/* trusted_files.h - which files' text may appear in gpulint's output.
 *
 * clang's diagnostics quote the tokens of the file they are in.  An
 * analysed repository can name any readable file, by `#include
 * "/abs/path"`, a symbolic link, `../../..` or a compile database's
 * `-include`, and so copy the first tokens of a file that is none of its
 * business (a key, a token, another user's data) into a report uploaded
 * from CI.  Diagnostics are therefore shown only for files under the
 * directories the analysis has reason to read: the file's own directory
 * and project, the include directories the build or the user names (-I,
 * -isystem, -idirafter, -iquote, from the compile database, discovery or
 * the command line), the CUDA toolkit, gpulint's own headers and the
 * system's.  Paths are compared after symbolic links are resolved. */
#ifndef GPULINT_TRUSTED_FILES_H
#define GPULINT_TRUSTED_FILES_H

#include <stdbool.h>

typedef struct {
    char **dirs;  /* real paths, without a trailing '/' */
    int n;
    char *last_file; /* the last file asked about, and the answer */
    bool last_answer;
} TrustedDirs;

void trusted_dirs_add(TrustedDirs *t, const char *dir);
/* The directory of `file` (not the file itself). */
void trusted_dirs_add_dir_of(TrustedDirs *t, const char *file);
/* Every include directory a clang argument list names. */
void trusted_dirs_add_include_args(TrustedDirs *t, const char *const *args, int n);
/* Is `file` under one of the directories?  A name that is not a file on
 * disk (an editor's buffer, a virtual header) has no text to leak: true. */
bool trusted_dirs_contain(TrustedDirs *t, const char *file);
void trusted_dirs_free(TrustedDirs *t);

#endif
