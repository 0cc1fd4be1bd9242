// Model golden: struct elements and their fields: p[i].field, p->field,
// nested fields (p[i].a.b), a whole-struct load into a local, an array field,
// and a struct passed by value whose fields are uniform values.

struct Vec3 { float x, y, z; };
struct Body { Vec3 pos; Vec3 vel; float mass; int id; };
struct Grid { int nx, ny; float* cells; };

__global__ void bodies(Body* b, const Body* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = b[i].mass;                  // field of an element
    b[i].pos.x += b[i].vel.x;            // nested fields
    Body* p = b + i;
    p->id = i;                           // arrow
    (*p).vel.y = 0.0f;                   // deref then field
    Body copy = in[i];                   // the whole 32-byte element
    out[i] += copy.pos.z;                // a field of a local: no memory access
}

__global__ void grid_param(Grid g, float v)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y;
    g.cells[y * g.nx + x] = v;           // fields of a by-value struct: uniform
    // model-note (minor): a pointer taken from a by-value struct parameter (g.cells) has no
    // model-note: `param` dependency, unlike a pointer parameter: the store below has
    // model-note: deps=thread|block|dim, where out[...] through a pointer parameter would add param.
    if (x < g.nx && y < g.ny)
        g.cells[x] = 0.0f;
}

struct Histogram { int total; int bins[16]; };   // bins at byte offset 4

__global__ void histo(Histogram* h, const int* keys)
{
    int k = keys[threadIdx.x];
    atomicAdd(&h[blockIdx.x].bins[k & 15], 1);   // an array field through an atomic
    // model-note: a subscript of an array field leaves out the field's offset in the struct: the
    // model-note: store below has bytes=4*threadIdx.x + 68*blockIdx.x; it should be
    // model-note: 4 + 4*threadIdx.x + 68*blockIdx.x (bins starts at byte 4).
    h[blockIdx.x].bins[threadIdx.x] = 0;         // 68*blockIdx.x + 4 + 4*threadIdx.x
    h[blockIdx.x].total = 0;
}
