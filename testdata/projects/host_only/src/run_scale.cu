// Includes the kernel's header and launches it: parsed, and the header's
// double literal found through it.
#include "mini/scale.cuh"
void run_scale(View<float> v, float s) { scale<<<(v.n + 255) / 256, 256>>>(v, s); }
