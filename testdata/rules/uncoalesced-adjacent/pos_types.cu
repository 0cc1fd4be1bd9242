// uncoalesced-adjacent, positive cases with element types other than float:
// double, int, short, unsigned char and a typedef. No structs.
#include <cuda_runtime.h>

typedef float real_t;

// double, K=2: 16 bytes between lanes, 16 sectors against an ideal of 8.
__global__ void dpair(const double* in, double* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        double a = in[gid * 2 + 0]; // expect: uncoalesced-adjacent K=2 offsets=0,1 element_bytes=8 sectors_per_request=16 ideal_sectors=8 severity=info
        double b = in[gid * 2 + 1];
        out[gid] = a * b;
    }
}

// int, K=2 (index pairs).
__global__ void ipair(const int* edges, int* deg, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        int u = edges[2 * gid + 0]; // expect: uncoalesced-adjacent K=2 offsets=0,1 element_bytes=4 sectors_per_request=8 ideal_sectors=4
        int v = edges[2 * gid + 1];
        deg[gid] = u + v;
    }
}

// short, K=4: 8 bytes between lanes, 8 sectors against an ideal of 2 (read
// as K=2 float loads, which L1 merges: info).
__global__ void squad(const short* in, int* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        int s = in[gid * 4 + 0]; // expect: uncoalesced-adjacent K=4 offsets=0,1,2,3 element_bytes=2 sectors_per_request=8 ideal_sectors=2 severity=info
        s += in[gid * 4 + 1];
        s += in[gid * 4 + 2];
        s += in[gid * 4 + 3];
        out[gid] = s;
    }
}

// unsigned char RGB pixels, K=3.
__global__ void rgb_to_gray(const unsigned char* rgb, unsigned char* gray, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float r = rgb[3 * gid + 0]; // expect: uncoalesced-adjacent K=3 offsets=0,1,2 element_bytes=1 severity=medium
        float g = rgb[3 * gid + 1];
        float b = rgb[3 * gid + 2];
        gray[gid] = (unsigned char)(0.299f * r + 0.587f * g + 0.114f * b);
    }
}

// typedef'd element type: the size is taken after the typedef.
__global__ void real_pair(const real_t* in, real_t* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        real_t a = in[gid * 2 + 0]; // expect: uncoalesced-adjacent K=2 offsets=0,1 element_bytes=4 sectors_per_request=8 ideal_sectors=4 vector_type=float2
        real_t b = in[gid * 2 + 1];
        out[gid] = a + b;
    }
}
