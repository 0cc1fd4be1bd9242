/* member_init_text.h - where a constructor's member initializer lies in
 * C++ text: `Ctor(args) : Base{}, member_{value} {` (also after
 * `noexcept`, with qualified and templated names), read from an offset
 * inside `value` outwards, brackets balanced, without a parse.  Used to
 * value-initialize an initializer that names what a missing header
 * declares (member_init_variant.c). */
#ifndef GPULINT_MEMBER_INIT_TEXT_H
#define GPULINT_MEMBER_INIT_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Is offset `at` of t (len bytes) inside the arguments of a member
 * initializer?  Then t[*open] and t[*close] are its brackets.  A call's
 * arguments, a function body, a brace initializer of a variable are not;
 * the scan stops at a `;` and after 4 KiB. */
bool member_initializer_span(const char *t, size_t len, size_t at, size_t *open, size_t *close);

#endif
