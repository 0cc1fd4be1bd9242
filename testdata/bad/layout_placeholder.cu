// Found by the fuzzer: libclang 19 crashed when asked for the size of the
// bound member `hist[i].~y` of an array of an undeclared type. gpulint must
// report the parse errors and go on, in-process (--no-isolation).
__global__ void pseudo_destructor(float *v, int i)
{
    Body hist[2];
    hist[i].~y = v[i];
}

struct Broken { Missing m; float y; };

__global__ void invalid_record(Broken *b, float *out, int i)
{
    out[i] = b[i].y;
}
