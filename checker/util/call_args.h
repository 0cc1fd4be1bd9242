/* call_args.h - the arguments of a call written in C/C++ text, found
 * without a parser: split at the commas outside parentheses, brackets,
 * braces and string literals. */
#ifndef GPULINT_CALL_ARGS_H
#define GPULINT_CALL_ARGS_H

/* `open` is the call's `(`.  starts[i] is where argument i begins, and
 * starts[n] one past the closing `)`: argument i is the text from starts[i]
 * to starts[i + 1] - 1 (its `,` or `)` excluded).  At most max arguments;
 * -1 when the call does not close or has more. */
int call_arguments(const char *open, const char **starts, int max);

#endif
