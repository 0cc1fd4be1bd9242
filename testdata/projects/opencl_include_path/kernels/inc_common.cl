/* Helpers shared by the kernels. */
DECLSPEC u32 rotl32(const u32 a, const int n)
{
    return (a << n) | (a >> (32 - n));
}
