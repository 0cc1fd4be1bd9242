// Model golden: float computations promoted to double by a double literal:
// in an expression, with a negative and a parenthesised literal, in a
// compound assignment, inside a loop, and the float-literal forms that stay
// in float (no promotion).

__global__ void promote(const float* in, float* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float y = x * 0.5;                 // literal: promoted
    float z = -(2.0) / x;              // negative literal in parentheses
    y += 1.5;                          // compound assignment with a double literal
    float acc = 0.0f;
    for (int i = 0; i < n; ++i)
        acc = acc * 0.99 + in[i];      // in a loop
    float ok = x * 0.5f + 1.0f;        // float literals: nothing
    double d = 3.0 * 2.0;              // double only, no float operand: nothing
    out[t] = y + z + acc + ok + (float)d;
}
