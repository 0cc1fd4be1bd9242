/* project.c - see project.h. */
#include "project/project.h"
#include "project/cmake_facts.h"
#include "project/cmake_standard.h"
#include "project/compdb.h"
#include "project/include_scan.h"
#include "project/instantiation_decls.h"
#include "util/arena.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_INDEXED_FILES 200000
#define MAX_WALK_DEPTH 32


typedef struct {
    char *root;
    CompileDb db;
    bool has_db;
    bool indexed;                 /* the header index is built when first needed */
    const char **files; int nfiles;
    int *next_same_name, *next_same_lower;
    StrMap by_name, by_lower;     /* basename (lower-cased) -> first file + 1 */
    const char *forward_dir;      /* its forwarding headers, made on demand */
    StrMap forwards;              /* spelling -> 1 once a forwarding header exists */
    StrMap dirs_added;            /* for --show-project: directory -> files that needed it */
    StrMap unresolved;            /* spelling -> files that include it */
    const char **cmake_files; int ncmake_files;  /* CMakeLists.txt and *.cmake, for cmake_facts.h */
    CmakeFacts *cmake;            /* read when first needed */
    StrMap configured;            /* spelling -> files that needed its configure_file() stand-in */
    int files_seen, files_with_db;
} Project;

struct ProjectSet {
    ProjectOptions o;
    Arena arena;
    Project **projects; int nprojects;
    StrMap project_of_dir;        /* directory -> project + 1 */
    StrMap scanned;               /* header path -> include list + 1 */
    IncludeList *lists; int nlists;
    const char *system_dirs[8]; int nsystem;
    const char *toolkit_dirs[2]; int ntoolkit;
    char tmpdir[PATH_MAX];
    CompileDb shared_db; bool has_shared_db;   /* -p DIR */
    /* the last file's flags, and the names its closure's files #define */
    const char **args; int nargs;
    StrMap closure_defines;
    int *closure_settled; int nclosure_settled; /* the settled headers it spliced in (include_scan.h) */
    ClosureMemo *closures;        /* settled headers' closures, worked out once */
    const char **instantiating; int ninstantiating; /* the last file's closure: files that instantiate */
    const char **named_dirs; int nnamed_dirs;   /* ProjectOptions.named_dirs, real paths */
};

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool file_in(const char *dir, const char *name)
{
    char p[PATH_MAX * 2];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return is_regular_file(p);
}

static bool entry_in(const char *dir, const char *name)
{
    char p[PATH_MAX * 2];
    struct stat st;
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return stat(p, &st) == 0;
}

/* The newest numbered subdirectory of `dir` ("12" of /usr/include/c++). */
static const char *newest_version_dir(Arena *a, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return NULL;
    struct dirent *e;
    int best = -1;
    while ((e = readdir(d)))
        if (isdigit((unsigned char)e->d_name[0]) && atoi(e->d_name) > best) best = atoi(e->d_name);
    closedir(d);
    return best < 0 ? NULL : arena_printf(a, "%s/%d", dir, best);
}

static void add_system_dir(ProjectSet *ps, const char *dir)
{
    if (dir && is_dir(dir) && ps->nsystem < (int)(sizeof ps->system_dirs / sizeof ps->system_dirs[0]))
        ps->system_dirs[ps->nsystem++] = dir;
}

ProjectSet *projects_new(const ProjectOptions *o)
{
    ProjectSet *ps = xcalloc(1, sizeof *ps);
    ps->o = *o;
    ps->closures = closure_memo_new();
    for (int i = 0; i < o->nnamed_dirs; i++) {
        char real[PATH_MAX];
        if (realpath(o->named_dirs[i], real) && is_dir(real))
            *VEC_PUSH(ps->named_dirs, ps->nnamed_dirs) = arena_strdup(&ps->arena, real);
    }
    add_system_dir(ps, o->shim_dir);
    add_system_dir(ps, "/usr/local/include");
    add_system_dir(ps, "/usr/include");
    add_system_dir(ps, newest_version_dir(&ps->arena, "/usr/include/c++"));
    DIR *d = opendir("/usr/include");
    struct dirent *e;
    while (d && (e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n > 10 && strcmp(e->d_name + n - 10, "-linux-gnu") == 0) {
            const char *multiarch = arena_printf(&ps->arena, "/usr/include/%s", e->d_name);
            add_system_dir(ps, multiarch);
            add_system_dir(ps, newest_version_dir(&ps->arena, arena_printf(&ps->arena, "%s/c++", multiarch)));
        }
    }
    if (d) closedir(d);
    if (o->cuda_path && o->cuda_path[0] && !o->headers_shim_only) {
        ps->toolkit_dirs[ps->ntoolkit++] = arena_printf(&ps->arena, "%s/include", o->cuda_path);
        ps->toolkit_dirs[ps->ntoolkit++] = arena_printf(&ps->arena, "%s/include/cccl", o->cuda_path);
    }
    if (o->compile_db_dir) {
        char err[512];
        const char *p = is_dir(o->compile_db_dir)
                            ? arena_printf(&ps->arena, "%s/compile_commands.json", o->compile_db_dir)
                            : o->compile_db_dir;
        ps->has_shared_db = compdb_load(&ps->shared_db, p, err, sizeof err);
        if (!ps->has_shared_db) fprintf(stderr, "gpulint: warning: -p: %s\n", err);
    }
    return ps;
}

void projects_free(ProjectSet *ps)
{
    if (!ps) return;
    strmap_free(&ps->closure_defines);
    free(ps->closure_settled);
    closure_memo_free(ps->closures);
    for (int i = 0; i < ps->nprojects; i++) {
        Project *p = ps->projects[i];
        if (p->has_db) compdb_free(&p->db);
        free(p->files);
        free(p->next_same_name);
        free(p->next_same_lower);
        free(p->cmake_files);
        cmake_facts_free(p->cmake);
        strmap_free(&p->configured);
        strmap_free(&p->by_name);
        strmap_free(&p->by_lower);
        strmap_free(&p->forwards);
        strmap_free(&p->dirs_added);
        strmap_free(&p->unresolved);
        free(p->root);
        free(p);
    }
    free(ps->projects);
    for (int i = 0; i < ps->nlists; i++) {
        free(ps->lists[i].items);
        free(ps->lists[i].defines);
        free(ps->lists[i].gpu_macros);
    }
    free(ps->lists);
    strmap_free(&ps->project_of_dir);
    strmap_free(&ps->scanned);
    if (ps->has_shared_db) compdb_free(&ps->shared_db);
    if (ps->tmpdir[0] && !keep_temporary_files()) remove_tree(ps->tmpdir);
    free(ps->args);
    free(ps->instantiating);
    free(ps->named_dirs);
    arena_free(&ps->arena);
    free(ps);
}

/* ------------------------------------------------------------- the root */

static bool has_build_file(const char *dir)
{
    static const char *const names[] = {"CMakeLists.txt", "Makefile", "meson.build", "configure", "setup.py",
                                        "pyproject.toml", "SConstruct", "BUILD", "WORKSPACE"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (file_in(dir, names[i])) return true;
    return false;
}

static void parent_dir(char *dir)
{
    char *slash = strrchr(dir, '/');
    if (!slash) return;
    if (slash == dir) dir[1] = 0;
    else *slash = 0;
}

/* The highest directory the user named that holds `dir` (ProjectOptions.
 * named_dirs); root stays empty when none does. */
static void named_root(const ProjectSet *ps, const char *dir, char *root, size_t n)
{
    const char *best = NULL;
    for (int i = 0; i < ps->nnamed_dirs; i++) {
        const char *d = ps->named_dirs[i];
        bool holds = strcmp(dir, d) == 0 || strcmp(d, "/") == 0 || path_is_under(dir, d);
        if (holds && (!best || strlen(d) < strlen(best))) best = d;
    }
    if (best) snprintf(root, n, "%s", best);
}

/* Walks up from `dir`: a compile_commands.json (here or in build/) or a
 * .git ends the walk; otherwise the highest directory with a build file,
 * else the highest directory the user named that holds it. */
static Project *find_project(ProjectSet *ps, const char *dir)
{
    int *cached = strmap_get(&ps->project_of_dir, dir);
    if (*cached) return ps->projects[*cached - 1];
    char d[PATH_MAX], root[PATH_MAX] = "", db_path[PATH_MAX * 2] = "";
    snprintf(d, sizeof d, "%s", dir);
    for (;;) {
        if (!ps->o.compile_db_dir) {
            snprintf(db_path, sizeof db_path, "%s/compile_commands.json", d);
            if (is_regular_file(db_path)) {
                snprintf(root, sizeof root, "%s", d);
                break;
            }
            snprintf(db_path, sizeof db_path, "%s/build/compile_commands.json", d);
            if (is_regular_file(db_path)) {
                snprintf(root, sizeof root, "%s", d);
                break;
            }
            db_path[0] = 0;
        }
        if (entry_in(d, ".git")) {
            snprintf(root, sizeof root, "%s", d);
            break;
        }
        db_path[0] = 0;
        if (has_build_file(d)) snprintf(root, sizeof root, "%s", d);
        size_t len = strlen(d);
        parent_dir(d);
        if (strlen(d) == len) break; /* "/" (or a relative name: never loop) */
    }
    if (!root[0]) named_root(ps, dir, root, sizeof root);
    if (!root[0]) snprintf(root, sizeof root, "%s", dir);
    for (int i = 0; i < ps->nprojects; i++)
        if (strcmp(ps->projects[i]->root, root) == 0) {
            *strmap_get(&ps->project_of_dir, dir) = i + 1;
            return ps->projects[i];
        }
    Project *p = xcalloc(1, sizeof *p);
    p->root = xstrdup(root);
    if (db_path[0]) {
        char err[512];
        p->has_db = compdb_load(&p->db, db_path, err, sizeof err);
        if (!p->has_db) fprintf(stderr, "gpulint: warning: %s\n", err);
    }
    *VEC_PUSH(ps->projects, ps->nprojects) = p;
    *strmap_get(&ps->project_of_dir, dir) = ps->nprojects;
    return p;
}

/* ------------------------------------------------------- the header index */

/* Files an include may name, and the host sources (.c too: the C host code
 * that builds an OpenCL kernel names its file and options, jit_names.h). */
static bool is_header_name(const char *name)
{
    static const char *const exts[] = {".h", ".hh", ".hpp", ".hxx", ".h++", ".cuh", ".inl", ".ipp", ".tcc",
                                       ".tpp", ".inc", ".def", ".cu", ".hip", ".cl", ".cpp", ".cc", ".cxx", ".c"};
    const char *dot = strrchr(name, '.');
    if (!dot) return false;
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++)
        if (strcmp(dot, exts[i]) == 0) return true;
    return false;
}

static bool is_cmake_name(const char *name)
{
    size_t n = strlen(name);
    return strcmp(name, "CMakeLists.txt") == 0 || (n > 6 && strcmp(name + n - 6, ".cmake") == 0);
}

static void lower_copy(char *dst, size_t n, const char *src)
{
    size_t i = 0;
    for (; src[i] && i + 1 < n; i++) dst[i] = (char)tolower((unsigned char)src[i]);
    dst[i] = 0;
}

static void index_dir(ProjectSet *ps, Project *p, const char *dir, int depth)
{
    if (depth > MAX_WALK_DEPTH || p->nfiles >= MAX_INDEXED_FILES) return;
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) && p->nfiles < MAX_INDEXED_FILES) {
        if (e->d_name[0] == '.') continue;
        const char *path = arena_printf(&ps->arena, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", e->d_name);
        struct stat st;
        if (lstat(path, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) index_dir(ps, p, path, depth + 1);
        else if (S_ISREG(st.st_mode) && is_header_name(e->d_name)) *VEC_PUSH(p->files, p->nfiles) = path;
        else if (S_ISREG(st.st_mode) && is_cmake_name(e->d_name)) *VEC_PUSH(p->cmake_files, p->ncmake_files) = path;
    }
    closedir(d);
}

static void build_index(ProjectSet *ps, Project *p)
{
    p->indexed = true;
    index_dir(ps, p, p->root, 0);
    p->next_same_name = xmalloc(((size_t)p->nfiles + 1) * sizeof *p->next_same_name);
    p->next_same_lower = xmalloc(((size_t)p->nfiles + 1) * sizeof *p->next_same_lower);
    for (int i = p->nfiles - 1; i >= 0; i--) {
        const char *base = strrchr(p->files[i], '/') + 1;
        int *slot = strmap_get(&p->by_name, base);
        p->next_same_name[i] = *slot - 1;
        *slot = i + 1;
        char lower[NAME_MAX + 1];
        lower_copy(lower, sizeof lower, base);
        slot = strmap_get(&p->by_lower, lower);
        p->next_same_lower[i] = *slot - 1;
        *slot = i + 1;
    }
}

/* The project's CMake facts (cmake_facts.h), read once. */
static CmakeFacts *cmake_of(ProjectSet *ps, Project *p)
{
    if (!p->indexed) build_index(ps, p);
    if (!p->cmake) p->cmake = cmake_facts_read(p->cmake_files, p->ncmake_files);
    return p->cmake;
}

/* ------------------------------------------------------ include closure */

static const IncludeList *includes_of(ProjectSet *ps, const char *path)
{
    int *slot = strmap_get(&ps->scanned, path);
    if (*slot) return &ps->lists[*slot - 1];
    IncludeList *l = VEC_PUSH(ps->lists, ps->nlists);
    *slot = ps->nlists;
    long size;
    char *text = read_file(path, &size);
    if (!text) return l;
    size_t *offsets; /* counted before the scan cuts the text's lines */
    int instantiations = explicit_instantiation_offsets(text, (size_t)size, &offsets);
    free(offsets);
    scan_includes(&ps->arena, text, l);
    l->explicit_instantiations = instantiations;
    free(text);
    return l;
}

/* UNSETTLED: not found before the discovered directories (resolve goes on) */
typedef enum { FOUND, SYSTEM, TOOLKIT, NOT_FOUND, UNSETTLED } Resolution;

/* Per-file state of the closure walk. */
typedef struct {
    const char **dirs; int ndirs;        /* searched in order: user -I, database dirs, discovered */
    int first_discovered;
    StrMap seen;                         /* files already walked */
    const char **queue; int nqueue;
    const char *context;                 /* the directories searched before the system's, as one string */
    /* of its system and toolkit includes; one under `#ifdef X` (guarded)
     * counts when X is defined (by the flags or a file of the closure) */
    LibraryNeeds needs;
    bool defines_toolkit_config;
    bool kernel_code;                    /* a file of the closure has a kernel or a launch (gpu_markers) */
    bool main_instantiates;              /* the file itself has explicit instantiation definitions */
    const char **gpu_macros; int ngpu_macros; /* the closure's macros with GPU code (include_scan.h) */
    int forwarded;
    StrMap defined;                      /* names the closure's files #define */
    /* headers whose closure is settled, taken from the memo instead of
     * walked (include_scan.h), and what their closures hold */
    int *settled; int nsettled;
    bool settled_gpu_macros;
    PreludeNeed settled_guarded_need;
} Walk;

static bool dir_has(const char *dir, const char *spelling, char *out, size_t n)
{
    int r = snprintf(out, n, "%s/%s", dir, spelling);
    return r > 0 && (size_t)r < n && is_regular_file(out);
}

static size_t shared_prefix(const char *a, const char *b)
{
    size_t last = 0;
    for (size_t i = 0; a[i] && a[i] == b[i]; i++)
        if (a[i] == '/') last = i + 1;
    return last;
}

static bool ends_with_path(const char *path, const char *spelling, bool fold_case)
{
    size_t n = strlen(path), m = strlen(spelling);
    if (m >= n || path[n - m - 1] != '/') return false;
    return fold_case ? strcasecmp(path + n - m, spelling) == 0 : strcmp(path + n - m, spelling) == 0;
}

/* Among the files named like the include, the nearest: a path-suffix match
 * before a name match; then the longest directory prefix shared with the
 * translation unit (a common header's <backend.hpp> is the one of the
 * backend whose file is compiled: its include path chose it), then with the
 * includer, then the shorter path. */
static int nearest_candidate(const Project *p, int first, const int *next, const char *spelling,
                             const char *main_file, const char *includer, bool fold_case, bool *suffix)
{
    int best = -1;
    size_t best_main = 0, best_prefix = 0;
    bool best_suffix = false;
    for (int i = first; i >= 0; i = next[i]) {
        bool suf = ends_with_path(p->files[i], spelling, fold_case);
        size_t in_main = main_file ? shared_prefix(p->files[i], main_file) : 0;
        size_t pre = shared_prefix(p->files[i], includer);
        bool better = best < 0 || (suf && !best_suffix);
        if (!better && suf == best_suffix) {
            if (in_main != best_main) better = in_main > best_main;
            else if (pre != best_prefix) better = pre > best_prefix;
            else better = strlen(p->files[i]) < strlen(p->files[best]);
        }
        if (better) {
            best = i;
            best_main = in_main;
            best_prefix = pre;
            best_suffix = suf;
        }
    }
    *suffix = best_suffix;
    return best;
}

static void mkdirs_for(char *path)
{
    for (char *s = strchr(path + 1, '/'); s; s = strchr(s + 1, '/')) {
        *s = 0;
        mkdir(path, 0700);
        *s = '/';
    }
}

/* A header of `text` at <private dir>/<spelling>, made once; the private
 * directory, or NULL. */
static const char *private_header(ProjectSet *ps, Project *p, const char *spelling, const char *text)
{
    if (strstr(spelling, "..") || spelling[0] == '/') return NULL;
    if (!ps->tmpdir[0] && !make_private_dir("gpulint", ps->tmpdir, sizeof ps->tmpdir)) return NULL;
    if (!p->forward_dir) {
        int idx = 0;
        while (idx < ps->nprojects && ps->projects[idx] != p) idx++;
        p->forward_dir = arena_printf(&ps->arena, "%s/%d", ps->tmpdir, idx);
        mkdir(p->forward_dir, 0700);
    }
    int *made = strmap_get(&p->forwards, spelling);
    if (!*made) {
        char path[PATH_MAX * 2];
        snprintf(path, sizeof path, "%s/%s", p->forward_dir, spelling);
        mkdirs_for(path);
        FILE *f = fopen(path, "wx");
        if (!f) return NULL;
        bool ok = fputs(text, f) >= 0;
        if (fclose(f) != 0 || !ok) return NULL;
        *made = 1;
    }
    return p->forward_dir;
}

/* A header at <private dir>/<spelling> that includes `target`. */
static const char *forward(ProjectSet *ps, Project *p, const char *spelling, const char *target)
{
    char *text = NULL;
    size_t len = 0;
    FILE *s = open_memstream(&text, &len);
    if (!s) return NULL;
    fprintf(s, "/* gpulint: %s is %s in this project */\n#include \"%s\"\n", spelling, target, target);
    fclose(s);
    const char *dir = private_header(ps, p, spelling, text);
    free(text);
    return dir;
}

/* The stand-in for a header the project's CMake configure step makes
 * (cmake_facts.h): its private directory, or NULL. */
static const char *configured_header(ProjectSet *ps, Project *p, const char *spelling, char *out, size_t n)
{
    CmakeFacts *facts = cmake_of(ps, p);
    if (!cmake_template_for(facts, spelling)) return NULL;
    const char *dir;
    if (*strmap_get(&p->forwards, spelling)) {
        dir = private_header(ps, p, spelling, ""); /* made for an earlier file */
    } else {
        char *text = cmake_configure(facts, spelling);
        dir = text ? private_header(ps, p, spelling, text) : NULL;
        free(text);
    }
    if (dir) snprintf(out, n, "%s/%s", dir, spelling);
    return dir;
}

static void add_dir(Walk *w, Project *p, const char *dir)
{
    for (int i = 0; i < w->ndirs; i++)
        if (strcmp(w->dirs[i], dir) == 0) return;
    *VEC_PUSH(w->dirs, w->ndirs) = dir;
    strmap_increment(&p->dirs_added, dir);
}

/* The part of resolve that is the same for every file searching `dirs`
 * first (its user and database include directories): an absolute path,
 * the includer's directory, those, the system's and the toolkit's. */
static Resolution resolve_settled(const ProjectSet *ps, const char *const *dirs, int ndirs, const char *includer,
                                  const Include *inc, char *out, size_t n)
{
    const char *s = inc->spelling;
    if (s[0] == '/') return is_regular_file(s) ? (snprintf(out, n, "%s", s), FOUND) : NOT_FOUND;
    if (!inc->angled) {
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%s", includer);
        parent_dir(dir);
        if (dir_has(dir, s, out, n)) return FOUND;
    }
    for (int i = 0; i < ndirs; i++)
        if (dir_has(dirs[i], s, out, n)) return FOUND;
    for (int i = 0; i < ps->nsystem; i++)
        if (dir_has(ps->system_dirs[i], s, out, n)) return SYSTEM;
    for (int i = 0; i < ps->ntoolkit; i++)
        if (dir_has(ps->toolkit_dirs[i], s, out, n)) return TOOLKIT;
    return UNSETTLED;
}

static Resolution resolve(ProjectSet *ps, Project *p, Walk *w, const char *includer, const Include *inc, char *out,
                          size_t n)
{
    const char *s = inc->spelling;
    Resolution settled = resolve_settled(ps, w->dirs, w->first_discovered, includer, inc, out, n);
    if (settled != UNSETTLED) return settled;
    for (int i = w->first_discovered; i < w->ndirs; i++)
        if (dir_has(w->dirs[i], s, out, n)) return FOUND;
    if (!p->indexed) build_index(ps, p);
    const char *base = strrchr(s, '/') ? strrchr(s, '/') + 1 : s;
    bool suffix = false;
    int first = *strmap_get(&p->by_name, base) - 1;
    const char *main_file = w->nqueue ? w->queue[0] : NULL;
    int c = first >= 0 ? nearest_candidate(p, first, p->next_same_name, s, main_file, includer, false, &suffix) : -1;
    if (c >= 0 && suffix) {
        size_t dirlen = strlen(p->files[c]) - strlen(s) - 1;
        add_dir(w, p, arena_strndup(&ps->arena, p->files[c], dirlen ? dirlen : 1));
        snprintf(out, n, "%s", p->files[c]);
        return FOUND;
    }
    /* made by the build from a template in the project: before a header
     * that only shares the name */
    const char *cdir = configured_header(ps, p, s, out, n);
    if (cdir) {
        add_dir(w, p, cdir);
        strmap_increment(&p->configured, s);
        return FOUND;
    }
    if (c < 0) {
        char lower[NAME_MAX + 1];
        lower_copy(lower, sizeof lower, base);
        first = *strmap_get(&p->by_lower, lower) - 1;
        c = first >= 0 ? nearest_candidate(p, first, p->next_same_lower, s, main_file, includer, true, &suffix) : -1;
    }
    if (c < 0) return NOT_FOUND;
    /* found under another directory or another case: a forwarding header */
    const char *fdir = forward(ps, p, s, p->files[c]);
    if (!fdir) return NOT_FOUND;
    add_dir(w, p, fdir);
    w->forwarded++;
    snprintf(out, n, "%s", p->files[c]);
    return FOUND;
}

typedef struct {
    ProjectSet *ps;
    const char *const *dirs; int ndirs;  /* searched before the system's */
} HeaderEnv;

/* A header's own part of its closure (include_scan.h HeaderExpandFn). */
static void expand_header(void *env, const char *path, HeaderLocal *out)
{
    HeaderEnv *he = env;
    out->text = *includes_of(he->ps, path);
    out->settled = out->text.explicit_instantiations == 0; /* their order in FileFlags is the walk's */
    for (int i = 0; i < out->text.n && out->settled; i++) {
        const Include *inc = &out->text.items[i];
        char found[PATH_MAX * 2];
        Resolution r = resolve_settled(he->ps, he->dirs, he->ndirs, path, inc, found, sizeof found);
        if (r == FOUND && !inc->guard) *VEC_PUSH(out->children, out->nchildren) = arena_strdup(&he->ps->arena, found);
        else if (r == SYSTEM || r == TOOLKIT) library_needs_add(&out->needs, inc->spelling, inc->guard, r == TOOLKIT);
        else out->settled = false; /* under #ifdef, not found, or found by discovery: walked per file */
    }
}

/* A header reached with no guard whose closure is settled: its facts from
 * the memo, instead of a walk of all it includes for each file.  The flags
 * come out the same: a settled closure holds only sets and maxima, and the
 * lists whose order counts (discovered directories, instantiating files,
 * unresolved includes) come from headers that are not settled, walked in
 * the same order as before. */
static bool splice_settled(ProjectSet *ps, Walk *w, const char *header)
{
    HeaderEnv env = {ps, w->dirs, w->first_discovered};
    int node;
    const ClosureFacts *f = closure_memo_facts(ps->closures, w->context, header, expand_header, &env, &node);
    if (!f->settled) return false;
    w->kernel_code |= f->kernel_code;
    w->defines_toolkit_config |= f->defines_toolkit_config;
    w->needs.real_headers |= f->real_headers;
    if (f->prelude > w->needs.prelude) w->needs.prelude = f->prelude;
    if (f->shim_pch > w->needs.shim_pch) w->needs.shim_pch = f->shim_pch;
    if (f->guarded_need > w->settled_guarded_need) w->settled_guarded_need = f->guarded_need;
    w->settled_gpu_macros |= f->gpu_macros;
    *VEC_PUSH(w->settled, w->nsettled) = node;
    return true;
}

typedef struct {
    const char *file, *guard;
} Deferred;

/* The closure, breadth first.  Files reached through an include under
 * `#ifdef X` are walked after all the others, and what they include counts
 * for the prelude only when X is defined (their directories are kept: a
 * discovered directory only fills a gap). */
static void walk(ProjectSet *ps, Project *p, Walk *w, const char *file, const IncludeList *main_includes)
{
    const char **qguard = NULL; /* the guard each queued file was reached under (NULL: none) */
    int nqguard = 0;
    Deferred *deferred = NULL;
    int ndeferred = 0;
    *VEC_PUSH(w->queue, w->nqueue) = file;
    *VEC_PUSH(qguard, nqguard) = NULL;
    *strmap_get(&w->seen, file) = 1;
    for (int qi = 0;;) {
        for (; qi < w->nqueue; qi++) {
            const char *cur = w->queue[qi];
            /* a copy: the memo's scans may move the list */
            const IncludeList own = qi == 0 && main_includes ? *main_includes : *includes_of(ps, cur), *l = &own;
            if (l->defines_toolkit_config) w->defines_toolkit_config = true;
            if (l->kernel_code) w->kernel_code = true;
            for (int i = 0; i < l->ngpu_macros; i++) *VEC_PUSH(w->gpu_macros, w->ngpu_macros) = l->gpu_macros[i];
            if (l->explicit_instantiations) *VEC_PUSH(ps->instantiating, ps->ninstantiating) = cur;
            if (qi == 0 && l->explicit_instantiations) w->main_instantiates = true;
            for (int i = 0; i < l->ndefines; i++) *strmap_get(&w->defined, l->defines[i]) = 1;
            for (int i = 0; i < l->n; i++) {
                char found[PATH_MAX * 2];
                Include inc = l->items[i];
                const char *guard = inc.guard ? inc.guard : qguard[qi];
                Resolution r = resolve(ps, p, w, cur, &inc, found, sizeof found);
                switch (r) {
                case FOUND: {
                    int *seen = strmap_get(&w->seen, found);
                    if (*seen) break;
                    const char *key = arena_strdup(&ps->arena, found);
                    if (guard) {
                        *VEC_PUSH(deferred, ndeferred) = (Deferred){key, guard};
                        break;
                    }
                    *seen = 1;
                    /* an editor's buffer may be in its headers' closure with other text */
                    if (!main_includes && splice_settled(ps, w, key)) break;
                    *VEC_PUSH(w->queue, w->nqueue) = key;
                    *VEC_PUSH(qguard, nqguard) = NULL;
                    break;
                }
                case TOOLKIT:
                case SYSTEM: library_needs_add(&w->needs, inc.spelling, guard, r == TOOLKIT); break;
                case NOT_FOUND:
                case UNSETTLED: strmap_increment(&p->unresolved, inc.spelling); break;
                }
            }
        }
        int moved = 0;
        for (int d = 0; d < ndeferred; d++) {
            int *seen = strmap_get(&w->seen, deferred[d].file);
            if (*seen) continue;
            *seen = 1;
            *VEC_PUSH(w->queue, w->nqueue) = deferred[d].file;
            *VEC_PUSH(qguard, nqguard) = deferred[d].guard;
            moved++;
        }
        ndeferred = 0;
        if (!moved) break;
    }
    free(deferred);
    free(qguard);
}

/* ------------------------------------------------------------ per file */

static bool is_cuda_source_name(const char *path)
{
    const char *dot = strrchr(path, '.');
    return dot && (strcmp(dot, ".cu") == 0 || strcmp(dot, ".hip") == 0);
}

/* The database entry for a file: its own, else a CUDA neighbour's (headers
 * and fragments have none).  Entries of C/C++ files never lend their flags
 * to a CUDA file. */
static const CompileEntry *entry_for(CompileDb *db, const char *file, bool *own)
{
    const CompileEntry *e = compdb_find(db, file);
    *own = e != NULL;
    if (e) return e;
    const CompileEntry *best = NULL;
    size_t best_len = 0;
    for (int i = 0; i < db->n; i++) {
        if (!is_cuda_source_name(db->entries[i].file)) continue;
        size_t len = shared_prefix(db->entries[i].file, file);
        if (!best || len > best_len) {
            best = &db->entries[i];
            best_len = len;
        }
    }
    return best;
}

static bool std_changes_pch(const char *std)
{
    /* the precompiled shim is C++17; older standards parse as C++17 */
    const char *v = strstr(std, "++");
    return v && atoi(v + 2) > 17 && atoi(v + 2) < 98;
}

bool projects_args_define(const char *const *args, int nargs, const char *name)
{
    size_t n = strlen(name);
    for (int i = 0; i < nargs; i++) {
        const char *d = NULL;
        if (strcmp(args[i], "-D") == 0 && i + 1 < nargs) d = args[++i];
        else if (strncmp(args[i], "-D", 2) == 0) d = args[i] + 2;
        if (d && strncmp(d, name, n) == 0 && (d[n] == 0 || d[n] == '=')) return true;
    }
    return false;
}

/* The directories a file searches before the system's, as a memo context. */
static const char *context_of(ProjectSet *ps, const char *const *dirs, int ndirs)
{
    size_t len = 1;
    for (int i = 0; i < ndirs; i++) len += strlen(dirs[i]) + 1;
    char *c = arena_alloc(&ps->arena, len), *at = c;
    for (int i = 0; i < ndirs; i++) at += sprintf(at, "%s\n", dirs[i]);
    *at = 0;
    return c;
}

typedef struct {
    Walk *w;
    bool guarded, gpu_macros;
} SettledLists;

static void add_settled_lists(void *env, const HeaderLocal *h)
{
    SettledLists *s = env;
    for (int i = 0; s->gpu_macros && i < h->text.ngpu_macros; i++)
        *VEC_PUSH(s->w->gpu_macros, s->w->ngpu_macros) = h->text.gpu_macros[i];
    for (int i = 0; s->guarded && i < h->needs.nguarded; i++)
        *VEC_PUSH(s->w->needs.guarded, s->w->needs.nguarded) = h->needs.guarded[i];
}

/* The settled closures' guarded library includes and GPU macros, listed
 * only when they can change the file's flags (they seldom exist). */
static void settled_lists(ProjectSet *ps, Walk *w)
{
    SettledLists s = {w, w->settled_guarded_need > w->needs.prelude, w->settled_gpu_macros};
    if (s.guarded || s.gpu_macros) closure_memo_visit(ps->closures, w->settled, w->nsettled, add_settled_lists, &s);
}

void projects_flags_for(ProjectSet *ps, const char *path, const char *contents, size_t size, FileFlags *out)
{
    memset(out, 0, sizeof *out);
    ps->nargs = 0;
    ps->ninstantiating = 0;
    char abs[PATH_MAX], cwd[PATH_MAX];
    if (!realpath(path, abs)) { /* an editor's buffer not saved yet */
        if (path[0] != '/' && getcwd(cwd, sizeof cwd)) snprintf(abs, sizeof abs, "%.*s/%s", PATH_MAX / 2, cwd, path);
        else snprintf(abs, sizeof abs, "%s", path);
    }
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", abs);
    parent_dir(dir);
    Project *p = find_project(ps, dir);
    p->files_seen++;
    out->root = p->root;

    Walk w;
    memset(&w, 0, sizeof w);
    for (int i = 0; i < ps->o.nuser_include_dirs; i++) *VEC_PUSH(w.dirs, w.ndirs) = ps->o.user_include_dirs[i];
    CompileDb *db = ps->has_shared_db ? &ps->shared_db : p->has_db ? &p->db : NULL;
    const CompileEntry *e = db ? entry_for(db, abs, &out->from_database) : NULL;
    if (e) {
        out->compile_db = db->path;
        p->files_with_db += out->from_database;
        for (int i = 0; i < e->nargs; i++) *VEC_PUSH(ps->args, ps->nargs) = e->args[i];
        for (int i = 0; i < e->ninclude_dirs; i++) *VEC_PUSH(w.dirs, w.ndirs) = e->include_dirs[i];
        out->fast_math = e->fast_math;
        out->offload_arch = e->offload_arch;
        out->hip = e->hip;
        if (e->std && std_changes_pch(e->std)) {
            *VEC_PUSH(ps->args, ps->nargs) = arena_printf(&ps->arena, "-std=%s", e->std);
            out->changes_pch = true;
        }
    }
    if (!e) { /* what the project's CMake files define for this file (cmake_facts.h) */
        const char **defs;
        int ndefs = cmake_definitions_for(cmake_of(ps, p), abs, &defs);
        for (int i = 0; i < ndefs; i++) *VEC_PUSH(ps->args, ps->nargs) = arena_printf(&ps->arena, "-D%s", defs[i]);
        free(defs);
        out->cmake_definitions = ndefs;
        for (int v = 0; v < 2; v++) {
            ndefs = cmake_vendor_definitions_for(cmake_of(ps, p), abs, v == 1, &defs);
            out->vendor_args[v] = arena_alloc(&ps->arena, sizeof(char *) * (size_t)(ndefs ? ndefs : 1));
            for (int i = 0; i < ndefs; i++) out->vendor_args[v][i] = arena_printf(&ps->arena, "-D%s", defs[i]);
            out->nvendor_args[v] = ndefs;
            free(defs);
        }
        const char *std = cmake_cxx_standard_for(p->root, abs);
        if (std) {
            *VEC_PUSH(ps->args, ps->nargs) = arena_printf(&ps->arena, "-std=%s", std);
            out->changes_pch = true;
        }
        out->build_option = cmake_optional_switch(cmake_of(ps, p), abs);
        char *note = NULL, *instance = contents ? NULL : cmake_source_template(cmake_of(ps, p), abs, &note);
        if (instance) {
            out->template_size = strlen(instance);
            out->template_text = arena_strndup(&ps->arena, instance, out->template_size);
            out->template_note = arena_strdup(&ps->arena, note);
        }
        free(instance);
        free(note);
    }
    w.first_discovered = w.ndirs;
    w.context = context_of(ps, w.dirs, w.ndirs);
    IncludeList buffer_includes = {NULL, 0, false, NULL, 0, false, 0, false, false, NULL, 0};
    if (contents) { /* an editor's buffer: its includes, not the file's on disk */
        char *text = xmalloc(size + 1);
        memcpy(text, contents, size);
        text[size] = 0;
        size_t *offsets;
        int instantiations = explicit_instantiation_offsets(text, size, &offsets);
        free(offsets);
        scan_includes(&ps->arena, text, &buffer_includes);
        buffer_includes.explicit_instantiations = instantiations;
        free(text);
    }
    const char *key = arena_strdup(&ps->arena, abs);
    walk(ps, p, &w, key, contents ? &buffer_includes : NULL);
    out->has_error_directive = contents ? buffer_includes.has_error : includes_of(ps, key)->has_error;
    free(buffer_includes.items);
    free(buffer_includes.defines);
    free(buffer_includes.gpu_macros);
    /* a library include under an #ifdef of a name nothing defines (caffe's
     * cudnn_*.cu: all of the file under USE_CUDNN) does not choose the
     * prelude; when a -D the project cannot see (.gpulint.yaml's) defines
     * it, its headers are parsed after the smaller prelude */
    strmap_free(&ps->closure_defines);
    ps->closure_defines = w.defined;
    free(ps->closure_settled);
    ps->closure_settled = w.settled;
    ps->nclosure_settled = w.nsettled;
    settled_lists(ps, &w);
    for (int i = 0; i < w.needs.nguarded; i++) {
        const GuardedNeed *g = &w.needs.guarded[i];
        if (g->need > w.needs.prelude &&
            (projects_closure_defines(ps, g->guard) || projects_args_define(ps->args, ps->nargs, g->guard) ||
             projects_args_define(ps->o.user_args, ps->o.nuser_args, g->guard)))
            w.needs.prelude = g->need;
    }
    free(w.needs.guarded);
    for (int i = w.first_discovered; i < w.ndirs; i++) {
        *VEC_PUSH(ps->args, ps->nargs) = "-idirafter";
        *VEC_PUSH(ps->args, ps->nargs) = w.dirs[i];
    }
    out->discovered_dirs = w.ndirs - w.first_discovered;
    out->forwarded = w.forwarded;
    out->real_headers = w.needs.real_headers;
    out->prelude = w.needs.prelude;
    out->shim_pch = w.needs.shim_pch;
    out->defines_toolkit_config = w.defines_toolkit_config;
    /* the file's own device functions are analysed as roots; a header's,
     * through the files with kernels that include it; headers and host
     * files (OpenCL kernels in strings) are never judged by their text.  A
     * file that explicitly instantiates what its closure's kernels are
     * made of (`template void launch<half>(...);`) makes instances no
     * other file does: its own GPU code too. */
    out->own_gpu_code = !is_cuda_source_name(abs) ||
                        (contents ? buffer_includes.gpu_code : includes_of(ps, key)->gpu_code) ||
                        (w.main_instantiates && w.kernel_code);
    out->gpu_macros = w.ngpu_macros && text_uses_words(abs, contents, size, w.gpu_macros, w.ngpu_macros);
    free(w.gpu_macros);
    out->gpu_code = out->own_gpu_code || w.kernel_code;
    for (int i = 0; i < ps->nargs && !out->gpu_code; i++) /* a database's -include: not walked */
        out->gpu_code = strncmp(ps->args[i], "-include", 8) == 0;
    out->args = ps->args;
    out->nargs = ps->nargs;
    out->instantiating = ps->instantiating;
    out->ninstantiating = ps->ninstantiating;
    free(w.dirs);
    free(w.queue);
    strmap_free(&w.seen);
}

bool projects_closure_defines(ProjectSet *ps, const char *name)
{
    if (*strmap_get(&ps->closure_defines, name)) return true;
    for (int i = 0; i < ps->nclosure_settled; i++)
        if (closure_memo_defines(ps->closures, ps->closure_settled[i], name)) return true;
    return false;
}

/* ------------------------------------------------ for the include graph */

const char *projects_root_of(ProjectSet *ps, const char *abs_path)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", abs_path);
    parent_dir(dir);
    return find_project(ps, dir)->root;
}

static Project *project_by_root(ProjectSet *ps, const char *root)
{
    for (int i = 0; i < ps->nprojects; i++)
        if (strcmp(ps->projects[i]->root, root) == 0) return ps->projects[i];
    return NULL;
}

int projects_index_files(ProjectSet *ps, const char *root, const char *const **files)
{
    Project *p = project_by_root(ps, root);
    *files = NULL;
    if (!p) return 0;
    if (!p->indexed) build_index(ps, p);
    *files = p->files;
    return p->nfiles;
}

int projects_includes_of(ProjectSet *ps, const char *path, const Include **includes)
{
    const IncludeList *l = includes_of(ps, path);
    *includes = l->items;
    return l->n;
}

bool projects_resolve_include(ProjectSet *ps, const char *root, const char *includer, const char *spelling, bool angled,
                              char *out, size_t n)
{
    Project *p = project_by_root(ps, root);
    if (!p || spelling[0] == '/') return false;
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", includer);
    parent_dir(dir);
    if (!angled && dir_has(dir, spelling, out, n)) {
        char real[PATH_MAX]; /* "../x.cuh" as the index spells it */
        if (realpath(out, real)) snprintf(out, n, "%s", real);
        return true;
    }
    if (!p->indexed) build_index(ps, p);
    const char *base = strrchr(spelling, '/') ? strrchr(spelling, '/') + 1 : spelling;
    int first = *strmap_get(&p->by_name, base) - 1;
    bool suffix = false;
    int c = first >= 0 ? nearest_candidate(p, first, p->next_same_name, spelling, NULL, includer, false, &suffix) : -1;
    if (c < 0 || !suffix) return false;
    snprintf(out, n, "%s", p->files[c]);
    return true;
}

static int cmp_entry(const void *a, const void *b)
{
    const StrMapEntry *x = *(const StrMapEntry *const *)a, *y = *(const StrMapEntry *const *)b;
    if (x->value != y->value) return y->value - x->value;
    return strcmp(x->key, y->key);
}

/* The map's entries, most frequent first. */
static void print_counted(FILE *out, const char *title, const StrMap *m, int limit)
{
    if (!m->n) return;
    const StrMapEntry **v = xmalloc(m->n * sizeof *v);
    size_t n = 0;
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].key) v[n++] = &m->slots[i];
    qsort(v, n, sizeof *v, cmp_entry);
    fprintf(out, "  %s (%zu):\n", title, n);
    for (size_t i = 0; i < n && (int)i < limit; i++) fprintf(out, "    %s (%d file%s)\n", v[i]->key, v[i]->value,
                                                              v[i]->value == 1 ? "" : "s");
    if ((int)n > limit) fprintf(out, "    ... %zu more\n", n - (size_t)limit);
    free(v);
}

void projects_describe(const ProjectSet *ps, FILE *out)
{
    for (int i = 0; i < ps->nprojects; i++) {
        const Project *p = ps->projects[i];
        fprintf(out, "gpulint: project %s: %d file%s\n", p->root, p->files_seen, p->files_seen == 1 ? "" : "s");
        const CompileDb *db = ps->has_shared_db ? &ps->shared_db : p->has_db ? &p->db : NULL;
        if (db)
            fprintf(out, "  compile database: %s (%d entries; %d of these files have their own)\n", db->path,
                    db->n, p->files_with_db);
        else
            fprintf(out, "  compile database: none (include directories discovered from the project's files)\n");
        if (p->indexed) fprintf(out, "  header index: %d files\n", p->nfiles);
        print_counted(out, "include directories added (-idirafter)", &p->dirs_added, 50);
        if (p->forwards.n > p->configured.n)
            fprintf(out, "  includes found under another directory or case: %zu (forwarding headers)\n",
                    p->forwards.n - p->configured.n);
        if (p->cmake) {
            const char *const *defs;
            int ndefs = cmake_linux_definitions(p->cmake, &defs);
            if (ndefs) {
                fprintf(out, "  definitions of a Linux build, from the CMake files:");
                for (int k = 0; k < ndefs; k++) fprintf(out, " -D%s", defs[k]);
                fputc('\n', out);
            }
            const char *dir, *def, *vendor, *last_dir = NULL;
            for (int k = 0; cmake_directory_definitions(p->cmake, k, &dir, &def, &vendor); k++) {
                if (!last_dir || strcmp(dir, last_dir) != 0) {
                    if (last_dir) fputc('\n', out);
                    fprintf(out, "  definitions for the sources under %s, from its CMakeLists.txt:", dir);
                    last_dir = dir;
                }
                fprintf(out, " -D%s%s%s%s", def, vendor ? " (" : "", vendor ? vendor : "", vendor ? " GPUs only)" : "");
            }
            if (last_dir) fputc('\n', out);
        }
        print_counted(out, "headers made from CMake configure_file() templates (stand-ins)", &p->configured, 30);
        print_counted(out, "includes not found in the project or the system", &p->unresolved, 30);
    }
}
