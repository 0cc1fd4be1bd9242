// A layer whose GPU member is instantiated member by member (through a
// macro); the kernel is launched without explicit template arguments.
#include "layers/shift_layer.hpp"

namespace layers {

template <typename Dtype>
__global__ void ShiftForward(const int n, const Dtype* in, Dtype* out) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index < n) out[index] = in[index] + 1.5;
}

template <typename Dtype>
void ShiftLayer<Dtype>::Forward_gpu(const Dtype* bottom, Dtype* top, int count) {
  ShiftForward<<<BLOCKS_FOR(count), THREADS_PER_BLOCK>>>(count, bottom, top);
}

INSTANTIATE_FORWARD_GPU(ShiftLayer);

}  // namespace layers
