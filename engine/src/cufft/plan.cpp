// cuFFT handles and plans: creation, validation of sizes and layouts, streams, destruction.
#include "cufft/plan.h"

#include <map>
#include <mutex>

#include "runtime/streams.h"

namespace warpsafe::engine::cufft {
namespace {

struct Plans {
  std::mutex mutex;
  std::map<cufftHandle, Plan> live;
  cufftHandle next = 1;
};
Plans& AllPlans() {
  static auto* plans = new Plans();  // outlives static destructors
  return *plans;
}

bool IsValidType(cufftType t) {
  return t == CUFFT_C2C || t == CUFFT_R2C || t == CUFFT_C2R || t == CUFFT_Z2Z || t == CUFFT_D2Z || t == CUFFT_Z2D;
}

// Sets up `plan` from the arguments of cufftMakePlanMany (the 1d/2d/3d forms are its basic
// layout). Sizes and the batch must be positive and the rank 1 to 3 (CUFFT_INVALID_SIZE, as the
// GPU answers a zero size or batch); an advanced layout needs both embeds.
cufftResult Make(Plan& plan, int rank, const int* n, const int* inembed, int istride, int idist, const int* onembed,
                 int ostride, int odist, cufftType type, int batch, size_t* work_size) {
  if (plan.made) return CUFFT_INVALID_PLAN;
  if (!IsValidType(type)) return CUFFT_INVALID_TYPE;
  if (rank < 1 || rank > kMaxRank || n == nullptr || batch < 1) return CUFFT_INVALID_SIZE;
  for (int d = 0; d < rank; ++d) {
    if (n[d] < 1) return CUFFT_INVALID_SIZE;
  }
  if ((inembed == nullptr) != (onembed == nullptr)) return CUFFT_INVALID_VALUE;
  plan.type = type;
  plan.rank = rank;
  plan.batch = batch;
  for (int d = 0; d < rank; ++d) plan.n[d] = n[d];
  plan.advanced = inembed != nullptr;
  if (plan.advanced) {
    if (istride < 1 || ostride < 1 || idist < 1 || odist < 1) return CUFFT_INVALID_VALUE;
    for (int d = 0; d < rank; ++d) {
      plan.in.embed[d] = inembed[d];
      plan.out.embed[d] = onembed[d];
    }
    plan.in.stride = istride;
    plan.in.dist = idist;
    plan.out.stride = ostride;
    plan.out.dist = odist;
  }
  plan.made = true;
  if (work_size != nullptr) *work_size = 0;  // FFTW allocates what it needs itself
  return CUFFT_SUCCESS;
}

}  // namespace

Plan* Find(cufftHandle handle) {
  Plans& all = AllPlans();
  std::lock_guard<std::mutex> lock(all.mutex);
  auto it = all.live.find(handle);
  return it == all.live.end() ? nullptr : &it->second;
}

}  // namespace warpsafe::engine::cufft

namespace cf = warpsafe::engine::cufft;

extern "C" {

cufftResult cufftCreate(cufftHandle* handle) {
  if (handle == nullptr) return CUFFT_INVALID_VALUE;
  cf::Plans& all = cf::AllPlans();
  std::lock_guard<std::mutex> lock(all.mutex);
  *handle = all.next++;
  all.live.emplace(*handle, cf::Plan{});
  return CUFFT_SUCCESS;
}

cufftResult cufftMakePlanMany(cufftHandle handle, int rank, int* n, int* inembed, int istride, int idist,
                              int* onembed, int ostride, int odist, cufftType type, int batch, size_t* workSize) {
  cf::Plan* plan = cf::Find(handle);
  if (plan == nullptr) return CUFFT_INVALID_PLAN;
  return cf::Make(*plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch, workSize);
}
cufftResult cufftMakePlan1d(cufftHandle handle, int nx, cufftType type, int batch, size_t* workSize) {
  int n[1] = {nx};
  return cufftMakePlanMany(handle, 1, n, nullptr, 1, 0, nullptr, 1, 0, type, batch, workSize);
}
cufftResult cufftMakePlan2d(cufftHandle handle, int nx, int ny, cufftType type, size_t* workSize) {
  int n[2] = {nx, ny};
  return cufftMakePlanMany(handle, 2, n, nullptr, 1, 0, nullptr, 1, 0, type, 1, workSize);
}
cufftResult cufftMakePlan3d(cufftHandle handle, int nx, int ny, int nz, cufftType type, size_t* workSize) {
  int n[3] = {nx, ny, nz};
  return cufftMakePlanMany(handle, 3, n, nullptr, 1, 0, nullptr, 1, 0, type, 1, workSize);
}

// The cufftPlan* forms: a handle and its plan in one call; no handle is left behind on failure.
static cufftResult CreateAndMake(cufftHandle* out, int rank, int* n, int* inembed, int istride, int idist,
                                 int* onembed, int ostride, int odist, cufftType type, int batch) {
  if (out == nullptr) return CUFFT_INVALID_VALUE;
  cufftHandle handle;
  cufftCreate(&handle);
  const cufftResult r = cufftMakePlanMany(handle, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                                          batch, nullptr);
  if (r != CUFFT_SUCCESS) {
    cufftDestroy(handle);
    return r;
  }
  *out = handle;
  return CUFFT_SUCCESS;
}
cufftResult cufftPlan1d(cufftHandle* plan, int nx, cufftType type, int batch) {
  int n[1] = {nx};
  return CreateAndMake(plan, 1, n, nullptr, 1, 0, nullptr, 1, 0, type, batch);
}
cufftResult cufftPlan2d(cufftHandle* plan, int nx, int ny, cufftType type) {
  int n[2] = {nx, ny};
  return CreateAndMake(plan, 2, n, nullptr, 1, 0, nullptr, 1, 0, type, 1);
}
cufftResult cufftPlan3d(cufftHandle* plan, int nx, int ny, int nz, cufftType type) {
  int n[3] = {nx, ny, nz};
  return CreateAndMake(plan, 3, n, nullptr, 1, 0, nullptr, 1, 0, type, 1);
}
cufftResult cufftPlanMany(cufftHandle* plan, int rank, int* n, int* inembed, int istride, int idist, int* onembed,
                          int ostride, int odist, cufftType type, int batch) {
  return CreateAndMake(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch);
}

// Work areas: FFTW manages its own memory, so every size is 0 and a given area is accepted.
cufftResult cufftEstimate1d(int, cufftType, int, size_t* workSize) {
  if (workSize != nullptr) *workSize = 0;
  return CUFFT_SUCCESS;
}
cufftResult cufftEstimate2d(int, int, cufftType, size_t* workSize) { return cufftEstimate1d(0, CUFFT_C2C, 0, workSize); }
cufftResult cufftEstimate3d(int, int, int, cufftType, size_t* workSize) {
  return cufftEstimate1d(0, CUFFT_C2C, 0, workSize);
}
cufftResult cufftEstimateMany(int, int*, int*, int, int, int*, int, int, cufftType, int, size_t* workSize) {
  return cufftEstimate1d(0, CUFFT_C2C, 0, workSize);
}
cufftResult cufftGetSize(cufftHandle handle, size_t* workSize) {
  if (cf::Find(handle) == nullptr) return CUFFT_INVALID_PLAN;
  if (workSize != nullptr) *workSize = 0;
  return CUFFT_SUCCESS;
}
cufftResult cufftSetWorkArea(cufftHandle handle, void*) {
  return cf::Find(handle) == nullptr ? CUFFT_INVALID_PLAN : CUFFT_SUCCESS;
}
cufftResult cufftSetAutoAllocation(cufftHandle handle, int) {
  return cf::Find(handle) == nullptr ? CUFFT_INVALID_PLAN : CUFFT_SUCCESS;
}

cufftResult cufftSetStream(cufftHandle handle, cudaStream_t stream) {
  cf::Plan* plan = cf::Find(handle);
  if (plan == nullptr) return CUFFT_INVALID_PLAN;
  if (!warpsafe::engine::runtime::IsValidStream(stream)) return CUFFT_INVALID_VALUE;
  plan->stream = stream;
  return CUFFT_SUCCESS;
}

cufftResult cufftDestroy(cufftHandle handle) {
  cf::Plans& all = cf::AllPlans();
  std::lock_guard<std::mutex> lock(all.mutex);
  auto it = all.live.find(handle);
  if (it == all.live.end()) return CUFFT_INVALID_PLAN;
  cf::ReleaseFftw(it->second);
  all.live.erase(it);
  return CUFFT_SUCCESS;
}

cufftResult cufftGetVersion(int* version) {
  if (version == nullptr) return CUFFT_INVALID_VALUE;
  *version = CUFFT_VERSION;
  return CUFFT_SUCCESS;
}

cufftResult cufftGetProperty(libraryPropertyType type, int* value) {
  if (value == nullptr) return CUFFT_INVALID_VALUE;
  switch (type) {
    case MAJOR_VERSION: *value = CUFFT_VER_MAJOR; return CUFFT_SUCCESS;
    case MINOR_VERSION: *value = CUFFT_VER_MINOR; return CUFFT_SUCCESS;
    case PATCH_LEVEL: *value = CUFFT_VER_PATCH; return CUFFT_SUCCESS;
  }
  return CUFFT_INVALID_TYPE;
}

}  // extern "C"
