// Assembles the text each kernel is compiled with: a prefix of types and
// sizes, then the kernel file.
#include <map>
#include <string>

std::string load(const char *file);

std::string cuda_forces_source(int num_atoms)
{
    std::map<std::string, std::string> defines;
    defines["NUM_ATOMS"] = std::to_string(num_atoms);
    defines["TILE_SIZE"] = "32";
    std::string prefix = "typedef float real;\n";
    for (const auto &d : defines) prefix += "#define " + d.first + " " + d.second + "\n";
    return prefix + load("kernels/forces.cu");
}

std::string opencl_forces_source(int num_atoms)
{
    std::string prefix = "typedef float real;\n#define TILE_SIZE 32\n";
    prefix += "#define NUM_ATOMS " + std::to_string(num_atoms) + "\n";
    return prefix + load("kernels/forces.cl");
}
