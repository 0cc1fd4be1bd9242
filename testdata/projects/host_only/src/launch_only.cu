// A launch of a kernel declared here and defined elsewhere: parsed (the
// launch is GPU code for the rules).
#include "mini/view.cuh"
__global__ void fill(View<float> v);
void run_fill(View<float> v) { fill<<<1, 128>>>(v); }
