// A host file without kernel strings: not linted.
#include <cstdio>

int main()
{
    std::printf("the kernel void is not here (nor { }): %d\n", 1'000);
    const char *raw = R"x(no kernels "here")x";
    return raw[0] == 'n' ? 0 : 1;
}
