// Model golden: while and do-while loops. The variables they assign become
// induction variables (init + step*k) or opaque loop-dependent values; the
// bound is read from `v < bound` with the variable on the left.

__global__ void while_loops(const int* keys, int* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int i = t;
    // model-note: while and do-while loops get no init/step (init=- step=-) although the body
    // model-note: binds the induction variable (i = t + 1024*k): a missing fact, not a wrong one.
    while (i < n) {                  // bound n, induction i += 1024
        out[i] = keys[i];
        i += 1024;
    }
    int pos = 0;
    while (keys[pos] != t && pos < n)   // data-dependent condition, no bound
        pos++;
    out[t] = pos;
    int h = t;
    // model-note: `h > 1` (variable on the left, `>`) gives no bound; see for_induction.cu.
    while (h > 1) {                  // h /= 2 is not an induction step
        out[h] += 1;
        h /= 2;
    }
}

__global__ void do_loops(float* buf, int n)
{
    int j = threadIdx.x;
    do {
        buf[j] = 0.0f;
        j += blockDim.x;
    } while (j < n);
    int k = 0;
    // model-note: an increment in the loop condition (`++k < 4`) is not seen as an assignment in
    // model-note: the loop, and the condition is evaluated before the body: the body sees k == 1,
    // model-note: so the access below has bytes=128 + 4*threadIdx.x; it should be
    // model-note: 4*threadIdx.x + 128*loop@<line> (k = counter), with a bound of 4.
    do {
        buf[k * 32 + threadIdx.x] += 1.0f;
    } while (++k < 4);
}
