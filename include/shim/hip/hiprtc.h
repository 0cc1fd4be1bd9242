/* hip/hiprtc.h - gpulint HIP shim: HIP's run-time compiler API (host code
 * that compiles a kernel string), declarations only. */
#pragma clang system_header
#include <hip/hip_runtime.h>
typedef enum hiprtcResult {
    HIPRTC_SUCCESS = 0,
    HIPRTC_ERROR_OUT_OF_MEMORY = 1,
    HIPRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
    HIPRTC_ERROR_INVALID_INPUT = 3,
    HIPRTC_ERROR_INVALID_PROGRAM = 4,
    HIPRTC_ERROR_INVALID_OPTION = 5,
    HIPRTC_ERROR_COMPILATION = 6,
    HIPRTC_ERROR_INTERNAL_ERROR = 11
} hiprtcResult;
typedef struct _hiprtcProgram *hiprtcProgram;
const char *hiprtcGetErrorString(hiprtcResult result);
hiprtcResult hiprtcVersion(int *major, int *minor);
hiprtcResult hiprtcCreateProgram(hiprtcProgram *prog, const char *src, const char *name, int numHeaders,
                                 const char *const *headers, const char *const *includeNames);
hiprtcResult hiprtcDestroyProgram(hiprtcProgram *prog);
hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char *const *options);
hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char *name_expression);
hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char *name_expression, const char **lowered_name);
hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t *logSizeRet);
hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char *log);
hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t *codeSizeRet);
hiprtcResult hiprtcGetCode(hiprtcProgram prog, char *code);
hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t *bitcode_size);
hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char *bitcode);
