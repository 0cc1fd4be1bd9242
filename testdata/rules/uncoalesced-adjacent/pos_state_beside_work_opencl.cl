// uncoalesced-adjacent in OpenCL: the per-candidate state of a loop kernel
// (five words) is loaded at entry and stored at exit around HASH_LOOPS
// rounds in private memory, reading only the salt (the same for every
// work-item) inside the loop: info, no prediction. The final kernel's
// digest store and state load have no such loop beside them: they keep
// the severity their measurement gives (K=4 and K=5: no measurable loss).

#define HASH_LOOPS 1024

typedef struct {
    uint length;
    uint rounds;
} salt_t;

__kernel void hash_loop(__global uint* state, __constant salt_t* salt)
{
    uint gid = get_global_id(0);
    uint h0 = state[gid * 5 + 0], h1 = state[gid * 5 + 1], h2 = state[gid * 5 + 2], h3 = state[gid * 5 + 3], h4 = state[gid * 5 + 4];  // expect: uncoalesced-adjacent K=5 work_elsewhere=kernel-loop severity=info
    for (uint i = 0; i < HASH_LOOPS; i++) {
        h0 = rotate(h0 ^ h4, 5u) + salt->length;
        h1 += h0; h2 ^= h1; h3 += h2; h4 ^= h3;
    }
    state[gid * 5 + 0] = h0;  // expect: uncoalesced-adjacent K=5 access=store work_elsewhere=kernel-loop severity=info
    state[gid * 5 + 1] = h1;
    state[gid * 5 + 2] = h2;
    state[gid * 5 + 3] = h3;
    state[gid * 5 + 4] = h4;
}

__kernel void hash_final(__global const uint* state, __global uint* digest)
{
    uint gid = get_global_id(0);
    digest[gid * 4 + 0] = state[gid * 5 + 0] ^ state[gid * 5 + 4];  // expect: uncoalesced-adjacent K=4 access=store severity=info expect: uncoalesced-adjacent K=5 access=load severity=info
    digest[gid * 4 + 1] = state[gid * 5 + 1];
    digest[gid * 4 + 2] = state[gid * 5 + 2];
    digest[gid * 4 + 3] = state[gid * 5 + 3];
}
