// A raw string that is never closed: an error that says so, no crash.
#include <string>

std::string ok = "just text";

std::string broken = R"CL(
__kernel void lost(__global float *x)
{
    x[get_global_id(0)] = 1.0;
}
)";
