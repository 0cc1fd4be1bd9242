/* Another family's block function, with the same name. */
DECLSPEC u32 hash_block(const u32 state, const u32 word)
{
    return rotl32(state ^ word, 13) + 0x5a827999u;
}
