#pragma once
#include "common.hpp"

namespace layers {

template <typename Dtype>
class DampLayer {
 public:
  void Forward_gpu(const Dtype* bottom, Dtype* top, int count);
};

}  // namespace layers
