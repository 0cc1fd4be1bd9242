/* A fragment: a.cu and b.cu define real_t before they include it, so it
 * does not parse alone.  The helper's double literal is one finding. */
__device__ inline real_t halve(real_t x)
{
    return x * 0.5;
}
