// The NVRTC options every kernel file is compiled with: functions without
// __host__/__device__ are device functions (the kernels' helpers).
#include <string>
#include <vector>

std::vector<std::string> nvrtc_options(const std::string& sizes)
{
    return {"--std=c++17", "--device-as-default-execution-space", sizes};
}
