/* test_instantiation_decls.c - engine/instantiation_decls: which `template`
 * keywords begin an explicit instantiation definition, and the text with
 * `extern ` put before them. */
#include "project/instantiation_decls.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

/* How many instantiations `text` has; the first one's offset in *first. */
static int count(const char *text, size_t *first)
{
    size_t *offs;
    int n = explicit_instantiation_offsets(text, strlen(text), &offs);
    if (first) *first = n ? offs[0] : (size_t)-1;
    free(offs);
    return n;
}

static int check_rewrite(const char *text, const char *want)
{
    size_t *offs, out_n;
    int n = explicit_instantiation_offsets(text, strlen(text), &offs);
    char *out = declare_instantiations(text, strlen(text), offs, n, &out_n);
    int ok = strcmp(out, want) == 0 && out_n == strlen(want);
    free(out);
    free(offs);
    return ok;
}

int main(void)
{
    size_t at;
    /* definitions of functions, kernels, classes and members */
    CHECK_EQ_LL(count("template void f<float>(float *);", &at), 1);
    CHECK_EQ_LL(at, 0);
    CHECK_EQ_LL(count("template __global__ void k<int>(int *);", NULL), 1);
    CHECK_EQ_LL(count("template class Layer<float>;\ntemplate class Layer<double>;", NULL), 2);
    CHECK_EQ_LL(count("template void Layer<float>::Forward_gpu(const Blob &);", NULL), 1);
    CHECK_EQ_LL(count("template\nstruct S<int>;", NULL), 1);
    /* in a macro body, after its continuation lines */
    CHECK_EQ_LL(count("#define INST(T) \\\n    template void f<T>(T *); \\\n    template void g<T>(T *);\n", NULL), 2);
    /* not instantiations: declarations of templates, specializations,
     * disambiguators, explicit instantiation declarations */
    CHECK_EQ_LL(count("template <typename T> void f(T *);", NULL), 0);
    CHECK_EQ_LL(count("template<> void f<int>(int *) {}", NULL), 0);
    CHECK_EQ_LL(count("template /* c */ <class T> struct A;", NULL), 0);
    CHECK_EQ_LL(count("x.template get<0>(); p->template get<1>(); typename T::template rebind<U>::other y;", NULL), 0);
    CHECK_EQ_LL(count("extern template class Layer<float>;", NULL), 0);
    CHECK_EQ_LL(count("template <template <class> class C> struct W;", NULL), 0);
    /* not code: comments, strings, characters, raw strings */
    CHECK_EQ_LL(count("// template void f<float>(float *);\n/* template class A<int>; */", NULL), 0);
    CHECK_EQ_LL(count("const char *s = \"template class A<int>;\"; char c = 't';", NULL), 0);
    CHECK_EQ_LL(count("auto r = R\"x(template class A<int>; )\" )x\"; template class B<int>;", &at), 1);
    CHECK_EQ_LL(at, strlen("auto r = R\"x(template class A<int>; )\" )x\"; "));
    CHECK_EQ_LL(count("int n = 1'000; template class C<int>;", NULL), 1); /* a digit separator is no quote */
    CHECK_EQ_LL(count("int template_count; int my_template;", NULL), 0);  /* words that contain it */
    /* a macro that ends with the keyword is no instantiation; the next
     * line's identifier is not its continuation */
    CHECK_EQ_LL(count("#define TEMPLATE template\nTEMPLATE <class T> struct A;\nint x;", NULL), 0);
    CHECK_EQ_LL(count("#define TPL(T) \\\n  template \\\n  class A<T>;\n", NULL), 1);
    CHECK_EQ_LL(count("template ::ns::A<int>;", NULL), 0); /* rare, left as written */
    /* the rewrite: only `extern ` is added, the rest is byte for byte */
    CHECK(check_rewrite("template void f<float>(float *);", "extern template void f<float>(float *);"));
    CHECK(check_rewrite("#define I(T) \\\n  template class A<T>;\nI(int)\n",
                        "#define I(T) \\\n  extern template class A<T>;\nI(int)\n"));
    CHECK(check_rewrite("template <class T> struct A {};\ntemplate struct A<int>;\n",
                        "template <class T> struct A {};\nextern template struct A<int>;\n"));
    CHECK(check_rewrite("no templates here", "no templates here"));
    return check_summary();
}
