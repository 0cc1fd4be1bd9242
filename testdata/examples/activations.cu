// activations.cu: element-wise activation kernels of a small inference
// runtime, plus an exponential moving average over time steps.
//
// Usage: activations [rows] [cols] [steps]
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

enum Activation { ACT_NONE = 0, ACT_RELU = 1, ACT_SIGMOID = 2, ACT_TANH = 3 };

// exp on a float argument resolves to the float overload.
__global__ void sigmoid_forward(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 1.0f / (1.0f + exp(-x[i]));  // expect-none
}

// Gate weights exp(-4/t) for per-unit temperatures t.
__global__ void gate_weights(const float* temperature, float* gate, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float t = temperature[i];
        gate[i] = exp(-(4.0) / t);  // expect: double-literal literal=4.0 float_operand=t double_math_call=exp severity=low
    }
}

__global__ void leaky_relu(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        y[i] = v > 0.0f ? v : 0.01 * v;  // expect: double-literal literal=0.01 float_operand=v severity=info
    }
}

// tanh approximation of GELU.
__global__ void gelu_tanh(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        float inner = 0.7978845608f * (v + 0.044715f * v * v * v);
        y[i] = v * (1.0f + tanhf(inner)) * 0.5;  // expect: double-literal literal=0.5 severity=info
    }
}

// In-place bias add and activation on a rows x cols matrix.
__global__ void bias_activation(float* y, const float* bias, int rows, int cols, int act)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols) return;
    float v = y[i];
    if (bias != nullptr)  // expect: uniform-branch in_loop=false uniform_branches=2 severity=info
        v += bias[i % cols];
    switch (act) {  // expect: uniform-branch in_loop=false uniform_branches=2 severity=info
    case ACT_RELU:    v = fmaxf(v, 0.0f); break;
    case ACT_SIGMOID: v = 1.0f / (1.0f + expf(-v)); break;
    case ACT_TANH:    v = tanhf(v); break;
    default:          break;
    }
    y[i] = v;
}

// x is [steps][channels]; each thread smooths one channel over time.
__global__ void ema_over_time(const float* x, float* y, int steps, int channels)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= channels) return;
    float m = x[c];
    for (int t = 0; t < steps; ++t) {
        m += (x[t * channels + c] - m) * 0.1;  // expect: double-literal literal=0.1 severity=info
        y[t * channels + c] = m;
    }
}

int main(int argc, char** argv)
{
    int rows = argc > 1 ? atoi(argv[1]) : 4096;
    int cols = argc > 2 ? atoi(argv[2]) : 1024;
    int steps = argc > 3 ? atoi(argv[3]) : 64;
    int n = rows * cols;

    std::vector<float> h_x(n);
    for (int i = 0; i < n; ++i)
        h_x[i] = ((i * 37) % 200 - 100) / 25.0f;

    float *d_x, *d_y, *d_bias;
    cudaMalloc(&d_x, n * sizeof(float));
    cudaMalloc(&d_y, n * sizeof(float));
    cudaMalloc(&d_bias, cols * sizeof(float));
    cudaMemcpy(d_x, h_x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_bias, 0, cols * sizeof(float));

    int threads = 256, blocks = (n + threads - 1) / threads;
    sigmoid_forward<<<blocks, threads>>>(d_x, d_y, n);
    leaky_relu<<<blocks, threads>>>(d_y, d_y, n);
    gelu_tanh<<<blocks, threads>>>(d_x, d_y, n);
    bias_activation<<<blocks, threads>>>(d_y, d_bias, rows, cols, ACT_RELU);
    bias_activation<<<blocks, threads>>>(d_y, nullptr, rows, cols, ACT_TANH);
    gate_weights<<<blocks, threads>>>(d_x, d_y, n);

    int ema_rows = steps < rows ? steps : rows;
    ema_over_time<<<(cols + threads - 1) / threads, threads>>>(d_x, d_y, ema_rows, cols);

    std::vector<float> h_y(n);
    cudaMemcpy(h_y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
    double sum = 0.0;
    for (float v : h_y) sum += v;
    printf("checksum %.6f\n", sum);

    cudaFree(d_x); cudaFree(d_y); cudaFree(d_bias);
    return 0;
}
