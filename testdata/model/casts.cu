// Model golden: casts. reinterpret_cast and C casts of pointers keep the base
// and the byte offset (the element type follows the new pointer type); integer
// casts keep the value; float<->int conversions keep only dependencies.

__global__ void cast_pointers(const float* in, float* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    const float4* in4 = reinterpret_cast<const float4*>(in);
    float4 v = in4[t];                               // 16*t
    reinterpret_cast<float4*>(out)[t] = v;
    const char* bytes = (const char*)in;
    out[t] = (float)bytes[3 * t];                    // 1-byte elements
    const float* back = (const float*)(bytes + 8);   // 8 bytes further, as float again
    out[t] += back[t];
    out[static_cast<unsigned>(t) + 1u] = 0.0f;       // integer cast keeps the value
    out[(long long)t * 2] = 1.0f;
    float f = t * 0.25f;
    out[(int)f] = 2.0f;                              // float -> int: unknown offset
    out[static_cast<int>(threadIdx.x)] = 3.0f;
    const int* ip = (const int*)(void*)out;          // through void*
    out[ip[t]] = 4.0f;
}
