// uncoalesced-row, positive cases: comments inside a for header. libclang
// lists only the header parts that are present, so gpulint finds the two
// top-level ';' to tell them apart; a ';' or '(' inside a comment must not
// count (it once did: the loop lost its variable, or its increment).
#include <cuda_runtime.h>

// The init part is empty and a comment before it holds a ';'.
__global__ void rows_comment_semicolon(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        int i = 0;
        for (/* a; */ ; i < width; i++)
            s += in[gid * width + i]; // expect: uncoalesced-row row_width=width loop_var=i severity=high
        out[gid] = s;
    }
}

// A comment with an unbalanced '(' in the header.
__global__ void rows_comment_paren(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        int i = 0;
        for (/* ( */ ; i < width; i++)
            s += in[gid * width + i]; // expect: uncoalesced-row row_width=width loop_var=i severity=high
        out[gid] = s;
    }
}

// The condition is empty (the loop ends on a break) and a comment holds a '('.
__global__ void rows_comment_no_condition(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        for (int j = 0; /* ( */; j++) {
            if (j >= width) break;
            s += in[gid * width + j]; // expect: uncoalesced-row row_width=width loop_var=j severity=high
        }
        out[gid] = s;
    }
}
