/* One hash family's block function. */
DECLSPEC u32 hash_block(const u32 state, const u32 word)
{
    return rotl32(state + word, 7);
}
