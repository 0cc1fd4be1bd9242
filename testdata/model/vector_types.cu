// Model golden: CUDA vector types. float2/float4/int4 elements are vector
// accesses of 8/16 bytes, float3 a 12-byte vector type; their components are
// fields; make_float2 builds a value without touching memory.

__global__ void vec_ops(const float4* a, const float2* b, float3* c, int4* d, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v = a[i];                     // one 16-byte load
    float2 w = b[2 * i + 1];
    out[i] = v.x + v.w + w.y;            // components of locals: no access
    out[i] += a[i].z;                    // a component of an element: field z
    c[i].y = b[i].x;                     // float3 element (12 B), field y
    int4 q = d[i];
    q.x += 1;
    d[i] = q;                            // a whole int4 store (through operator=)
    float2 m = make_float2(v.x, v.y);
    ((float2*)out)[i] = m;               // a float buffer seen as float2
}
