// uncoalesced-row in OpenCL: each work-item copies its password (a row walk),
// then runs ITERATIONS rounds of a hash on private memory. The walk is
// reported at info with no prediction (paid once per work-item against the
// loop where the time goes); a walk whose neighbour loop reads __global
// memory keeps its severity.

#define PLAINTEXT_LENGTH 55
#define ITERATIONS 4096

typedef struct {
    uint length;
    uchar v[PLAINTEXT_LENGTH];
} password_t;

inline uint round_fn(uint h, uint w) { return rotate(h ^ w, 5u) + 0x9e3779b9u; }

__kernel void hash_loop(__global const password_t* in, __global uint* out)
{
    uint gid = get_global_id(0);
    uint len = in[gid].length;
    uint w[16] = {0};
    for (uint j = 0; j < len; j++)
        w[j / 4] |= (uint)in[gid].v[j] << (8 * (j % 4));  // expect: uncoalesced-row work_elsewhere=kernel-loop severity=info
    uint h = 0x67452301u;
    for (uint r = 0; r < ITERATIONS; r++)
        for (uint i = 0; i < 16; i++) h = round_fn(h, w[i] + r);
    out[gid] = h;
}

__kernel void salted_lookup(__global const password_t* in, __global const uint* salted, __global uint* out, uint nsalts)
{
    uint gid = get_global_id(0);
    uint n = get_global_size(0);
    uint len = in[gid].length;
    uint acc = 0;
    for (uint j = 0; j < len; j++) acc = acc * 31u + in[gid].v[j];  // expect: uncoalesced-row severity=medium
    uint best = 0;
    for (uint s = 0; s < nsalts; s++) best = max(best, acc ^ salted[s * n + gid]);
    out[gid] = best;
}

// the state copied into a private struct (buf.W: the work-item's own
// memory, not global) and hashed ITERATIONS times in it: still info
typedef struct {
    ulong W[8];
} hash512_t;

__kernel void state_loop(__global const ulong* state, __global ulong* out)
{
    uint gid = get_global_id(0);
    hash512_t buf;
    for (uint i = 0; i < 8; i++) buf.W[i] = state[gid * 8 + i];  // expect: uncoalesced-row row_width_value=8 work_elsewhere=kernel-loop severity=info
    for (uint r = 0; r < ITERATIONS; r++)
        for (uint i = 0; i < 8; i++) buf.W[i] = rotate(buf.W[i] ^ buf.W[(i + 1) % 8], (ulong)r % 63 + 1);
    out[gid] = buf.W[0];
}
