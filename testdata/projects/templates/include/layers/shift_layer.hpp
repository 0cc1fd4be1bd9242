#pragma once
#include "common.hpp"

template <typename Dtype>
class ShiftLayer {
 public:
  void Forward_gpu(const Dtype* bottom, Dtype* top, int count);
};
