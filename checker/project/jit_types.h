/* jit_types.h - the type a host gives a name when it builds an OpenCL
 * kernel at run time, read through its option macros and traits classes.
 *
 * A templated host often writes a kernel's type options with a macro and a
 * traits class instead of a literal:
 *
 *     #define DefineKeyValue(key, arg) " -D " #key "=" + toString(arg)
 *     template<typename T> void transpose(...) {
 *         options = {DefineKeyValue(T, dtype_traits<T>::getName()), ...};
 *     options = format(" -D dim_t={}", dtype_traits<dim_t>::getName());
 *
 * where the project specialises the traits class per type:
 *
 *     template<> struct dtype_traits<long long> {
 *         static const char *getName() { return "long"; } };
 *
 * Read as text, project-wide: the option macros (a function-like macro
 * whose body writes `-D`, its key stringised), the specialisations whose
 * member function returns a type's name, and typedefs of built-in types.
 * A traits call on a concrete type gives that type's name (through a
 * typedef when the traits class has no specialisation of its own for it);
 * one on a type parameter of the enclosing host template is generic: the
 * host builds the kernel once per type, and the file is parsed with one of
 * the types the traits class names (float when it names it). */
#ifndef GPULINT_JIT_TYPES_H
#define GPULINT_JIT_TYPES_H

#include <stdbool.h>
#include <stddef.h>

typedef struct JitTypes JitTypes;

/* A type as an option spells it: `double`, `unsigned int`, `float4`. */
bool jit_type_spelling(const char *v);

JitTypes *jit_types_new(void);
void jit_types_free(JitTypes *t);
/* Learns the option macros, type-name specialisations and typedefs of one
 * project file's text. */
void jit_types_learn(JitTypes *t, const char *text);

typedef enum {
    JIT_TYPE_NONE,    /* no type for the name in the text */
    JIT_TYPE_FIXED,   /* the one type the host gives it */
    JIT_TYPE_GENERIC, /* one of the types a host template is built with */
} JitTypeKind;

/* The type `text` (a host file) sets `name` to through an option macro's
 * call or a string conversion of a -D option: the type into value (n
 * bytes); for a generic one, how it was chosen ("one of 16 types
 * dtype_traits<T>::getName() names") into how (hn bytes). */
JitTypeKind jit_type_value(JitTypes *t, const char *text, const char *name, char *value, size_t n, char *how,
                           size_t hn);

/* The value argument of the first call in `text` of an option macro whose
 * key is `name` (`DefineKeyValue(init, toNumStr(x))`: "toNumStr(x)"), into
 * expr (n bytes); false when none. */
bool jit_types_option_expression(const JitTypes *t, const char *text, const char *name, char *expr, size_t n);

/* Does `text` call a macro that writes a -D flag whose name the host
 * chooses at run time (`DefineKeyFromStr(opName<op>())`)? */
bool jit_types_run_time_flag(const JitTypes *t, const char *text);

#endif
