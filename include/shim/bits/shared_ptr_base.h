/* libstdc++ uses __attribute__((__noinline__)); with libclang 14 the shim
 * defines __noinline__ as a macro (clang 19 knows it as a keyword), which
 * breaks <memory>. Hide the macro while libstdc++'s header is read. */
#pragma push_macro("__noinline__")
#undef __noinline__
#include_next <bits/shared_ptr_base.h>
#pragma pop_macro("__noinline__")
