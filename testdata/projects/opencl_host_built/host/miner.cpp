// Builds kernels/mix.cl from its embedded text (mix_cl, made by the build
// from the file) with #defines of the run's settings put before it.
#include <cstdio>
#include <cstring>
#include <string>

#include "mix_cl.h" // generated: unsigned char const mix_cl[] = {...};

static void addDefinition(std::string &source, const char *id, unsigned value)
{
    char buf[256];
    std::snprintf(buf, sizeof buf, "#define %s %uu\n", id, value);
    source.insert(source.begin(), buf, buf + std::strlen(buf));
}

std::string mixSource(unsigned localWorkSize)
{
    std::string code(mix_cl, mix_cl + sizeof(mix_cl));
    addDefinition(code, "WORKSIZE", localWorkSize);
    return code;
}
