// double-literal on OpenCL C without fp64 (auto: no cl_khr_fp64 pragma and
// no `double`): the compiler converts the literal to float, so each finding
// is an info-severity precision note with the f-suffix fix.
__kernel void scale(__global float* x)
{
    int i = get_global_id(0);
    x[i] = x[i] * 1.5;  // expect: double-literal literal=1.5 severity=info fp64=false
}

__kernel void looped(__global float* x, int n)
{
    float s = 0.0f;
    for (int k = 0; k < n; k++) s += x[k] * 0.5;  // expect: double-literal literal=0.5 severity=info
    x[get_global_id(0)] = s;
}

__kernel void math(__global float* x)
{
    x[get_global_id(0)] = sqrt(x[get_global_id(0)] + 1.0);  // expect: double-literal literal=1.0 severity=info
}
