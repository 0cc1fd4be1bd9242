/* gpulint real-CUDA-header overlay for clang/libclang 14.
 *
 * Shadows clang 14's own __clang_cuda_texture_intrinsics.h (the wrapper
 * includes it with <>, so any -I directory wins over the resource dir).
 * clang 14's version uses the texture<> template, which CUDA 12 removed
 * ("no template named 'texture'").  gpulint does not need texture
 * intrinsics, so this stub is intentionally empty.
 * Used only in real-header mode, never with the no-CUDA shim. */
