// A project header whose host class uses a logging library that is not
// installed: its errors are in host code only.
#pragma once
#include <thirdparty/logging.h>

class Buffer {
public:
    explicit Buffer(int n) : n_(n) { CHECK_GT(n, 0) << "empty buffer"; }
    int size() const { LOG(INFO) << "size " << n_; return n_; }
private:
    int n_;
    thirdparty::shared_ptr<float> data_;
};
