// Stores one value in each of LANES interleaved outputs.
void store(__global T *out, size_t i, T value) {
    for (int lane = 0; lane < LANES; lane++) out[i * LANES + lane] = value;
}
