/* test_member_init_text.c - where a constructor's member initializer lies
 * (variants/member_init_text.h): the initializer lists it recognises, and
 * the look-alikes (calls, bodies, variables' braces) it leaves alone. */
#include "check.h"
#include "variants/member_init_text.h"

#include <string.h>

/* The initializer arguments around the first occurrence of `mark` in t, as
 * text ("" when none). */
static const char *span_at(const char *t, const char *mark)
{
    static char out[256];
    const char *m = strstr(t, mark);
    size_t open, close;
    out[0] = 0;
    if (!m || !member_initializer_span(t, strlen(t), (size_t)(m - t), &open, &close)) return out;
    snprintf(out, sizeof out, "%.*s", (int)(close - open + 1), t + open);
    return out;
}

int main(void)
{
    /* after the constructor's `:` */
    CHECK(strcmp(span_at("struct A { int x; A() : x{Store::Get()->v} {} };", "Store"), "{Store::Get()->v}") == 0);
    /* a later initializer, after a base's and a templated base's */
    const char *list = "template <class T> struct B : Base<T> {\n"
                       "  bool a_, b_;\n"
                       "  B(int n) noexcept : Base<T>{}, ns::Other(n), a_(true),\n"
                       "      b_{!(cfg::Store::Get()->x || cfg::Store::Get()->y)} {}\n"
                       "};";
    CHECK(strcmp(span_at(list, "cfg::Store::Get()->x"), "{!(cfg::Store::Get()->x || cfg::Store::Get()->y)}") == 0);
    CHECK(strcmp(span_at(list, "cfg::Store::Get()->y"), "{!(cfg::Store::Get()->x || cfg::Store::Get()->y)}") == 0);
    /* parentheses, and an argument nested in a call inside it */
    CHECK(strcmp(span_at("C::C() : pool_(make(Cfg::Get(), 2)) {}", "Cfg::Get"), "(make(Cfg::Get(), 2))") == 0);

    /* not an initializer: a call's argument in a body */
    CHECK(span_at("void f() { g(a, h(Store::Get())); }", "Store")[0] == 0);
    /* a variable's brace initializer in a body */
    CHECK(span_at("void f() { int x{Store::Get()->v}; }", "Store")[0] == 0);
    /* a constructor's body, after its initializers */
    CHECK(span_at("A::A() : x{0} { y = Store::Get()->v; }", "Store")[0] == 0);
    /* a conditional expression's `:` is no initializer list */
    CHECK(span_at("int v = c ? a : b(Store::Get());", "Store")[0] == 0);
    /* ... nor when a call stands before it */
    CHECK(span_at("int v = c ? f(x) : b(Store::Get());", "Store")[0] == 0);
    /* an out-of-line constructor, and one after `explicit` */
    CHECK(strcmp(span_at("ns::A::A(int n) : x_(Store::Get()) {}", "Store"), "(Store::Get())") == 0);
    CHECK(strcmp(span_at("struct A { explicit A(int n) : x_(Store::Get()) {} };", "Store"), "(Store::Get())") == 0);
    /* a qualified name's `::` is neither */
    CHECK(span_at("int v = ns::b(Store::Get());", "Store")[0] == 0);
    /* a default argument in a parameter list */
    CHECK(span_at("void f(int a, int b = g(Store::Get()));", "Store")[0] == 0);
    /* an offset past the end of a statement stops the scan */
    CHECK(span_at("A() : x{0} {}; int y = z(Store::Get());", "Store")[0] == 0);
    return check_summary();
}
