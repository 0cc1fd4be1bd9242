// oversized-element, positive (kind=subword) seen only in clang's own
// instantiation: the kernel template reads its element through an accessor
// object (View<T>::operator[]), which has no type in the pattern, and it is
// launched from a host function template that a plain function instantiates
// for unsigned char. gpulint walks the host template's instantiated body, so
// the launch names the kernel instance with its real element type.
#include <cuda_runtime.h>

template <typename T>
struct View {
    T *data;
    int rows, cols;
    __device__ T *row(int r) const { return data + r * cols; }
    __device__ T &operator[](int i) const { return data[i]; }
};

// XOR popcount of every code against one query code, a byte per thread.
template <typename Code>
__global__ void hamming_bytes(View<Code> codes, View<Code> query, View<int> dist)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < codes.cols) {
        Code c = codes[i];  // expect: oversized-element size=1 kind=subword severity=high
        Code q = query[i];  // expect: oversized-element size=1 kind=subword severity=high
        dist[i] = __popc(c ^ q);
    }
}

template <typename Code>
void run_hamming(View<Code> codes, View<Code> query, View<int> dist, cudaStream_t stream)
{
    hamming_bytes<Code><<<(codes.cols + 255) / 256, 256, 0, stream>>>(codes, query, dist);
}

void hamming(View<unsigned char> codes, View<unsigned char> query, View<int> dist, cudaStream_t stream)
{
    run_hamming<unsigned char>(codes, query, dist, stream);
}
