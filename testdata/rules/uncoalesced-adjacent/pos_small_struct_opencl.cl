// uncoalesced-adjacent on OpenCL C arrays of small structs.

typedef struct { float x, y, z; } point3;
typedef struct { float re, im; } complex_t;

__kernel void point_norms(__global const point3* pts, __global float* norms)
{
    int i = get_global_id(0);
    norms[i] = sqrt(pts[i].x * pts[i].x + pts[i].y * pts[i].y + pts[i].z * pts[i].z);  // expect: uncoalesced-adjacent K=3 struct_bytes=12 severity=info
}

__kernel void complex_conj(__global complex_t* c, const int n)
{
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        float re = c[i].re;  // expect: uncoalesced-adjacent K=2 struct_bytes=8 access=load copy_shape=true
        float im = c[i].im;
        c[i].re = re;  // expect: uncoalesced-adjacent K=2 access=store
        c[i].im = -im;
    }
}
