// oversized-element, OpenCL: a work-item's iteration state read once before
// the iteration loop and written back after it is reported at info (the
// loop is the work); the same struct copied per work-item in a kernel
// without such a loop keeps its severity.
typedef struct {
    uint h[8];
    uint counter;
    uint rounds;
} iter_state;  // 40 bytes

__kernel void iterate(__global iter_state *state, uint count)
{
    uint gid = get_global_id(0);
    iter_state s = state[gid];  // expect: oversized-element size=40 kind=struct fields=whole severity=info work_elsewhere=kernel-loop
    for (uint r = 0; r < count; r++) {
        for (int j = 0; j < 8; j++)
            s.h[j] = rotate(s.h[j] ^ s.h[(j + 1) & 7], 5u) + r;
    }
    s.counter += count;
    state[gid] = s;  // expect: oversized-element size=40 kind=struct fields=whole severity=info work_elsewhere=kernel-loop
}

typedef struct {
    float a[10];
} record10;  // 40 bytes

__kernel void copy_records(__global const record10 *in, __global record10 *out)
{
    uint gid = get_global_id(0);
    out[gid] = in[gid];  // expect: oversized-element size=40 kind=struct severity=high expect: oversized-element size=40 kind=struct severity=high
}
