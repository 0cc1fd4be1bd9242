/* gpulint real-CUDA-header overlay for clang/libclang 14 (put this directory
 * on the include path with -I, before the CUDA include directory).
 *
 * clang's __clang_cuda_runtime_wrapper.h includes <texture_fetch_functions.h>,
 * a header that CUDA 13 no longer ships; the missing file is a fatal error.
 * gpulint does not need texture fetches, so this stub is intentionally empty.
 * Used only in real-header mode, never with the no-CUDA shim. */
