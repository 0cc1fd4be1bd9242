// Model golden: for loops and their induction variables: init, step and
// bound, `<=`, a decreasing loop, step 2, `>=` with the variable on the right,
// a loop with no condition, and nested loops (depth and parent).

#define K 9

__global__ void loops(const float* in, float* out, int n, int m)
{
    int t = threadIdx.x;
    float s = 0.0f;
    for (int i = 0; i < n; i++)              // init 0, step 1, bound n
        s += in[t + i];
    for (int i = 1; i <= K; ++i)             // inclusive, bound from a macro
        s += in[t * K + i];
    for (int i = n - 1; i >= 0; --i)         // decreasing: step -1, lower bound 0 inclusive
        s += in[i];
    for (int i = 0; i < 2 * n; i += 2)       // step 2
        s += in[t + i];
    for (unsigned j = t; m > j; j += 32)     // bound on the left
        s += in[j];
    for (int j = 0;; ++j) {                  // no condition: no bound
        if (in[j] > s) break;
    }
    out[t] = s;
}

__global__ void nested(const float* a, float* c, int rows, int cols)
{
    int t = threadIdx.x;
    for (int r = 0; r < rows; ++r) {
        float acc = 0.0f;
        for (int k = 0; k < cols; k += 4)    // depth 2, parent 0
            acc += a[r * cols + k + t];
        c[r * 32 + t] = acc;
    }
    int i = 0;
    for (i = t; i < rows; i += 64)           // the variable is declared outside
        c[i] = 0.0f;
}
