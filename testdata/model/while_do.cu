// Model golden: while and do-while loops. The variables they assign become
// induction variables (init + step*k) or opaque loop-dependent values; the
// induction variable is the one the condition tests, and the bound is read
// from `v < bound` (upper) or `v > bound` (lower). A variable the loop leaves
// behind depends on what decides the exit (here loaded data).

__global__ void while_loops(const int* keys, int* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int i = t;
    while (i < n) {                  // bound n, induction i += 1024
        out[i] = keys[i];
        i += 1024;
    }
    int pos = 0;
    while (keys[pos] != t && pos < n)   // data-dependent condition, no bound
        pos++;
    out[t] = pos;
    if (pos > 8)                        // pos depends on keys[]: a data-dependent branch
        out[t] = 0;
    int h = t;
    while (h > 1) {                  // lower bound 1; h /= 2 is not an induction step
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
    do {                             // the condition increments k after the body: k = counter
        buf[k * 32 + threadIdx.x] += 1.0f;
    } while (++k < 4);
}

// A search loop left by `break` under a data-dependent condition: the index
// after it depends on the data, so the branch on it is not uniform.
__global__ void break_exit(const int* keys, int* out, int n, int key)
{
    int i = 0;
    for (; i < n; i++)
        if (keys[i] == key) break;
    if (i < n)                        // deps include data
        out[blockIdx.x] = i;
}
