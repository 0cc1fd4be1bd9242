// Model golden: assignments that are calls to a struct's operator=. For
// `a[i] = b` the first argument of operator= is the store; for `+=` it is a
// load and a store. A user-defined operator= and operator+= with bodies are
// inlined like helpers; the implicit copy assignment of a plain struct is
// also a call, but compiler-generated: not inlined.

struct Particle {
    float x, y, z, w;
};

struct Accum {
    float sum;
    int count;
    __device__ Accum& operator=(const Accum& o) { sum = o.sum; count = o.count; return *this; }
    __device__ Accum& operator+=(float v) { sum += v; count += 1; return *this; }
};

__global__ void copy_particles(const Particle* in, Particle* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];              // implicit Particle::operator=: not inlined
}

__global__ void accumulate(Accum* acc, const Accum* src, const float* v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // model-note: a member operator is inlined with its object (the call's first argument) as
    // model-note: `this` and the rest bound to its parameters; the field loads and stores in the
    // model-note: body go through the by-value or reference object and are not recorded again;
    // model-note: `return *this` is the object itself, not a memory access.
    acc[i] = src[i];                 // user-defined operator=
    acc[i] += v[i];                  // user-defined operator+=
}
