/* jit_options.h - the value a host's option string gives a name.
 *
 * Host code that builds a kernel at run time often writes its -D options
 * with printf-style formatting:
 *
 *     snprintf(opts, sizeof(opts), "-DLEN=%d -DLOOPS=%u " "-DOUT=16",
 *              LEN, loop_count);
 *
 * Read as text (no libclang: host files are not parsed), the option for a
 * name is found inside a string literal; its value is the literal text
 * after `=` (`16`), or the argument that the conversion (`%d`) stands for:
 * a number, or a name the caller looks up as a constant; anything else is
 * a value known only at run time. */
#ifndef GPULINT_JIT_OPTIONS_H
#define GPULINT_JIT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    OPTION_ABSENT,    /* no -D option for the name in the text */
    OPTION_LITERAL,   /* value: the option's own text or a numeric argument */
    OPTION_ARGUMENT,  /* value: the argument, a name to look up as a constant */
    OPTION_RUN_TIME,  /* set from an expression the text cannot evaluate */
} OptionValue;

/* The first -D option for `name` (`-DNAME=`, `-D NAME=`) in a string literal
 * of `text`, and what its value is; `value` holds the literal or the
 * argument's name (n bytes). */
OptionValue jit_option_value(const char *text, const char *name, char *value, size_t n);

/* The expression the first -D option for `name` takes its value from when
 * that value is a string conversion (`"-DT=%s", type_name`, `" -D T={}",
 * traits<T>::name()`): the argument's text into expr (n bytes); false
 * otherwise. */
bool jit_option_expression(const char *text, const char *name, char *expr, size_t n);

#define JIT_OPTION_NAME 64
/* The other names given -D options in the same option string (the run of
 * adjacent literals) as `name`'s first one: what the host passes together
 * (a flag such as -DITERATIONS beside the sizes a kernel needs).  The count. */
int jit_option_siblings(const char *text, const char *name, char (*out)[JIT_OPTION_NAME], int max);

/* The names of the `-DNAME=` / `-D NAME=` options in the string literals of
 * `text`, each once (at most max); the count. */
int jit_option_names(const char *text, char (*out)[JIT_OPTION_NAME], int max);

/* `name` (len bytes) as a whole word at p, inside `text`? */
bool jit_word_at(const char *text, const char *p, const char *name, size_t len);

/* The -D options a host file writes in every build's option string: `-DNAME`
 * or `-DNAME=literal` in a string literal that is no branch of a `?:`
 * (`PLATFORM_MESA ? "-D__MESA__ " : ""` is one platform's) and whose value
 * is no conversion (`%d`).  Each is "NAME", "NAME=value", "F(x)=body" (a
 * function-like macro) or "NAME=%s" (a text the host writes at run time:
 * jit_include_folder may read it as a folder), malloc'd, in `out` (at most
 * max); the count. */
int jit_unconditional_flags(const char *text, char **out, int max);

/* A constant's value in `text`: `#define NAME value`, or `NAME = value;` in
 * a declaration marked constexpr or const; the value (digits, names of
 * other constants, operators, parentheses; no member access) as "(value)"
 * into value (n bytes).  False when there is none. */
bool jit_constant_value(const char *text, const char *name, char *value, size_t n);

#endif
