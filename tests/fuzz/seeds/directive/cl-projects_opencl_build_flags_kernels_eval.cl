// A kernel whose host builds it with -D ROW_ERRORS for one of its two
// algorithms: the branch is analysed with that flag; the DUMP_ROWS branch,
// a flag the host never passes, is not.
__kernel void eval(__global const float* model, __global float* err, int nmodels, int nsamples)
{
    int m = get_global_id(0);
    if (m >= nmodels) return;
    float best = 0.0f;
    for (int j = 0; j < nsamples; j++) best += model[j * nmodels + m];
#ifdef ROW_ERRORS
    for (int j = 0; j < nsamples; j++) err[m * nsamples + j] = best;
#endif
#ifdef DUMP_ROWS
    for (int j = 0; j < nsamples; j++) err[m * nsamples + j] = 0.0f;
#endif
}

//