// Model golden: the double operand of a promotion written in a macro
// (the range is the macro use, the macro's definition is recorded), a
// function-like macro, and a `const double` variable initialised by a literal
// (a named constant) versus a plain double variable.

#define DAMPING 0.85
#define SCALE(v) ((v) * 1e-3)

const double kGain = 2.5;

__global__ void pagerank_step(const float* rank, float* next, const float* deg, int n, double user)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float r = rank[i] / deg[i];
    // model-note: `(1.0f - DAMPING) / n` is recorded as a second promotion whose "double operand" is
    // model-note: the int n (kind=value); n is not a double and the division is double only
    // model-note: because of DAMPING, already recorded. There should be no promotion for the `/ n`.
    next[i] = DAMPING * r + (1.0f - DAMPING) / n;   // macro literal, twice
    // model-note: for a literal inside a function-like macro the macro name is the whole use,
    // model-note: macro=SCALE(r); it should be SCALE.
    next[i] += SCALE(r);                             // literal inside a function-like macro
    const double half = 0.5;
    next[i] *= half * r;                             // local const double
    next[i] += kGain * r;                            // file-scope const double
    next[i] -= user * r;                             // a double parameter: a value, not a constant
}
