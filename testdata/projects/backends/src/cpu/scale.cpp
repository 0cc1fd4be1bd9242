#include <common/dispatch.hpp>
void scale(real_t* v, int n) { for (int i = 0; i < n; i++) v[i] *= 0.5; }
