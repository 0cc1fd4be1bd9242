__kernel void fill(__global T *out, T value) {
    store(out, get_global_id(0), value);
}
