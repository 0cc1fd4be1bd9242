// A helper defined only for the interpolation order the host chooses.
#if ORDER == 1
INLINE_FUNC real Pick(real a, real b)
{
    return a;
}
#endif
