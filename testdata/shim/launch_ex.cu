// Shim coverage: the CUDA 12 launch and cluster APIs (cudaLaunchConfig_t and
// its attributes, cudaLaunchKernelEx in both forms, cudaLaunchCooperativeKernel,
// the cluster function attributes and occupancy queries, __cluster_dims__,
// cooperative_groups::this_cluster() and programmatic dependent launch).
// Must parse with the bundled shim with no error and no note.
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// Each block of a 2-block cluster sums its slice; block 0 adds its
// neighbour's partial through distributed shared memory.
__global__ void __cluster_dims__(2, 1, 1) cluster_sum(const float* in, float* out, int n)
{
    __shared__ float partial;
    cg::cluster_group cluster = cg::this_cluster();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0) partial = 0.0f;
    cluster.sync();
    if (i < n) atomicAdd(&partial, in[i]);
    cluster.sync();
    if (cluster.block_rank() == 0 && threadIdx.x == 0) {
        float* other = cluster.map_shared_rank(&partial, 1);
        out[blockIdx.x / cluster.num_blocks()] = partial + *other;
    }
    auto token = cluster.barrier_arrive();
    cluster.barrier_wait(static_cast<cg::cluster_group::arrival_token&&>(token));
}

// The architectures nvcc compiles for, as a host-side constant.
constexpr int first_arch()
{
    int archs[] = {__CUDA_ARCH_LIST__};
    return archs[0];
}

// A grid barrier split into arrive and wait, then one written in PTX.
__global__ void grid_arrive_wait(float* x, unsigned int* arrived, int n)
{
    cg::grid_group grid = cg::this_grid();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    cg::grid_group::arrival_token token = grid.barrier_arrive();
    if (i < n) x[i] += 1.0f;
    grid.barrier_wait(static_cast<cg::grid_group::arrival_token&&>(token));
    unsigned int raw = token;
    unsigned int old;
    asm volatile("atom.add.release.gpu.u32 %0,[%1],%2;"
                 : "=r"(old)
                 : _CG_ASM_PTR_CONSTRAINT(arrived), "r"(1u)
                 : "memory");
    if (i == 0) x[0] += (float)(old + raw) + first_arch();
}

// A persistent kernel with its own grid barrier, launched cooperatively.
__global__ void scale_persistent(float* x, float a, unsigned int* arrived, int n)
{
    cudaGridDependencySynchronize();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        x[i] *= a;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned int old = atomicAdd(arrived, 1u);
        while (!cg::details::bar_has_flipped(old, *(volatile unsigned int*)arrived)) {}
    }
    __syncthreads();
    cudaTriggerProgrammaticLaunchCompletion();
}

cudaError_t launch_all(const float* in, float* out, float* x, unsigned int* arrived,
                       int n, cudaStream_t stream)
{
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3((n + 255) / 256);
    config.blockDim = 256;
    config.dynamicSmemBytes = 0;
    config.stream = stream;
    cudaLaunchAttribute attrs[3];
    attrs[0].id = cudaLaunchAttributeClusterDimension;
    attrs[0].val.clusterDim.x = 2;
    attrs[0].val.clusterDim.y = 1;
    attrs[0].val.clusterDim.z = 1;
    attrs[1].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attrs[1].val.programmaticStreamSerializationAllowed = 1;
    attrs[2].id = cudaLaunchAttributeCooperative;
    attrs[2].val.cooperative = 1;
    config.attrs = attrs;
    config.numAttrs = 2;

    cudaFuncSetAttribute(cluster_sum, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    cudaFuncSetAttribute(cluster_sum, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
    int cluster_size = 0, active = 0;
    cudaOccupancyMaxPotentialClusterSize(&cluster_size, cluster_sum, &config);
    cudaOccupancyMaxActiveClusters(&active, (void*)cluster_sum, &config);
    cudaError_t err = cudaLaunchKernelEx(&config, cluster_sum, in, out, n);
    if (err != cudaSuccess) return err;

    auto kernel = &scale_persistent;
    float a = 2.0f;
    err = cudaLaunchKernelEx(&config, kernel, x, a, arrived, n);
    if (err != cudaSuccess) return err;
    void* args[] = {&x, &a, &arrived, &n};
    err = cudaLaunchKernelEx(&config, (const void*)kernel, args);
    if (err != cudaSuccess) return err;
    err = cudaLaunchKernelExC(&config, (const void*)kernel, args);
    if (err != cudaSuccess) return err;

    cudaStreamAttrValue window;
    window.accessPolicyWindow.base_ptr = x;
    window.accessPolicyWindow.num_bytes = n * sizeof(float);
    window.accessPolicyWindow.hitRatio = 1.0f;
    window.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    window.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &window);
    return cudaLaunchCooperativeKernel(kernel, config.gridDim, config.blockDim, args, 0, stream);
}
