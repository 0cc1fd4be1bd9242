#include "launch.cuh"

// One thread per sample walks its own row of class scores: the lambda runs in
// launch.cuh's kernel, which a_fill.cu owns.
void softmax_rows(const float* scores, float* probs, size_t rows, int classes)
{
    launch_n(rows, [=] __device__(size_t r) {
        float mx = scores[r * classes];
        for (int k = 1; k < classes; ++k) mx = fmaxf(mx, scores[r * classes + k]);
        for (int k = 0; k < classes; ++k) probs[r * classes + k] = expf(scores[r * classes + k] - mx);
    });
}
