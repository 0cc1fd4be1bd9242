#include "launch.cuh"

// The lambda's attributes come from a project macro, as many libraries spell
// them (XGBOOST_DEVICE, HOST_DEVICE): a device lambda all the same.
#define SAMPLE_HOST_DEVICE __host__ __device__

void normalise_rows(float* values, size_t rows, int width)
{
    launch_n(rows, [=] SAMPLE_HOST_DEVICE(size_t r) {
        float sum = 0.0f;
        for (int k = 0; k < width; ++k) sum += values[r * width + k];
        for (int k = 0; k < width; ++k) values[r * width + k] /= sum;
    });
}
