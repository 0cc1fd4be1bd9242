// One work-item per row: it walks the row's elements.
__kernel void reduce_rows(__global const Ti *in, __global To *out, index_t width) {
    index_t row = get_global_id(0);
    T acc = 0;
    for (index_t j = 0; j < width; j++) acc = combine(acc, (T)in[row * width + j]);
    out[row] = acc;
}
