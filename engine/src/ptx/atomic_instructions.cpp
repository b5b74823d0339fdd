// atom and red (PTX ISA, "Parallel Synchronization and Communication Instructions: atom, red"):
// the engine's atomics, the ones atomicAdd() and friends call (warpsafe/engine/atomics.h), so each
// is an atomic scheduling point and an atomic access for the race detector, at the instruction's
// scope (.cta, .gpu, .sys; docs/semantics/scopes.md). Every atomic of the engine is sequentially
// consistent for the whole process, at least what each promises; for the race detector .acquire
// adds a fence of the scope after the atomic, .release one before it, .acq_rel both (the
// memory model's acquire and release patterns).
#include "ptx/machine.h"
#include "warpsafe/engine/atomics.h"

namespace warpsafe::engine::ptx {
namespace {

enum Op : int { kAnd, kOr, kXor, kCas, kExch, kAdd, kInc, kDec, kMin, kMax };

// Instruction::flags of atom/red: red (no result), the memory-order bits, the scope above them.
constexpr unsigned kRedFlag = 1;
constexpr unsigned kAcquireFlag = 2;
constexpr unsigned kReleaseFlag = 4;
constexpr unsigned kScopeShift = 3;

template <class T>
T Apply(Op op, T* p, T b, T c, Site site, FenceScope scope) {
  namespace d = ::warpsafe::engine::detail;
  switch (op) {
    case kAnd: if constexpr (std::is_integral_v<T>) return d::AtomicBits(d::BitOp::kAnd, p, b, site, scope); break;
    case kOr: if constexpr (std::is_integral_v<T>) return d::AtomicBits(d::BitOp::kOr, p, b, site, scope); break;
    case kXor: if constexpr (std::is_integral_v<T>) return d::AtomicBits(d::BitOp::kXor, p, b, site, scope); break;
    case kCas: return d::AtomicCas(p, b, c, site, scope);
    case kExch: return d::AtomicExch(p, b, site, scope);
    case kAdd: return d::AtomicAdd(p, b, site, scope);
    case kInc:
      if constexpr (std::is_same_v<T, std::uint32_t>) return d::AtomicInc(p, b, site, scope);
      break;
    case kDec:
      if constexpr (std::is_same_v<T, std::uint32_t>) return d::AtomicDec(p, b, site, scope);
      break;
    case kMin: return d::AtomicMin(p, b, site, scope);
    case kMax: return d::AtomicMax(p, b, site, scope);
  }
  return T{};
}

template <class T>
std::uint64_t Bits(T v) {
  std::uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T>
T From(std::uint64_t b) {
  T v;
  std::memcpy(&v, &b, sizeof(T));
  return v;
}

template <class T>
std::uint64_t Run(Op op, void* p, std::uint64_t b, std::uint64_t c, Site site, FenceScope scope) {
  return Bits(Apply<T>(op, static_cast<T*>(p), From<T>(b), From<T>(c), site, scope));
}

void Atom(Machine& m, const Instruction& in) {
  const bool red = (in.flags & kRedFlag) != 0;
  const auto scope = static_cast<FenceScope>((in.flags >> kScopeShift) & 3u);
  const std::size_t first = red ? 0 : 1;
  void* p = Address(m, in, in.args[first], static_cast<Space>(in.mode2));
  const std::uint64_t b = Read(m, in.args[first + 1], in.type);
  const std::uint64_t c = in.args.size() > first + 2 ? Read(m, in.args[first + 2], in.type) : 0;
  const auto op = static_cast<Op>(in.mode);
  std::uint64_t old = 0;
  const Type t = in.type;
  if ((in.flags & kReleaseFlag) != 0) Fence(scope, m.site);
  if (t.is_float()) {
    old = t.bytes == 4 ? Run<float>(op, p, b, c, m.site, scope) : Run<double>(op, p, b, c, m.site, scope);
  } else if (t.is_signed()) {
    old = t.bytes == 4 ? Run<std::int32_t>(op, p, b, c, m.site, scope) : Run<std::int64_t>(op, p, b, c, m.site, scope);
  } else {
    old = t.bytes == 4 ? Run<std::uint32_t>(op, p, b, c, m.site, scope)
                       : Run<std::uint64_t>(op, p, b, c, m.site, scope);
  }
  if ((in.flags & kAcquireFlag) != 0) Fence(scope, m.site);
  if (!red) Write(m, in.args[0], old, t);
}

}  // namespace

bool DecodeAtomic(Instruction& in, std::string& error) {
  if (in.opcode != "atom" && in.opcode != "red") return false;
  const bool red = in.opcode == "red";
  in.flags = red ? kRedFlag : 0;
  if (HasMod(in, "acquire") || HasMod(in, "acq_rel")) in.flags |= kAcquireFlag;
  if (HasMod(in, "release") || HasMod(in, "acq_rel")) in.flags |= kReleaseFlag;
  in.flags |= static_cast<unsigned>(ScopeOf(in)) << kScopeShift;
  const std::vector<Type> types = TypesOf(in);
  if (types.size() != 1 || (types[0].bytes != 4 && types[0].bytes != 8) || types[0].pair) {
    error = "the engine runs 32- and 64-bit atom/red (not the 16-bit, 128-bit or vector forms)";
    return true;
  }
  in.type = types[0];
  in.mode2 = static_cast<int>(SpaceOf(in));
  static const std::pair<const char*, Op> kOps[] = {{"and", kAnd}, {"or", kOr},   {"xor", kXor}, {"cas", kCas},
                                                    {"exch", kExch}, {"add", kAdd}, {"inc", kInc}, {"dec", kDec},
                                                    {"min", kMin},  {"max", kMax}};
  bool found = false;
  for (const auto& [name, op] : kOps) {
    if (HasMod(in, name)) {
      in.mode = op;
      found = true;
    }
  }
  const auto op = static_cast<Op>(in.mode);
  const std::size_t want = (red ? 2 : 3) + (op == kCas ? 1 : 0);
  if (!found) error = "needs an operation";
  else if ((op == kInc || op == kDec) && !(in.type.kind == TypeKind::kUnsigned && in.type.bytes == 4)) error = ".inc/.dec take .u32";
  else if ((op == kAnd || op == kOr || op == kXor) && in.type.is_float()) error = "bitwise atomics take .b32/.b64";
  else if ((op == kCas || op == kExch) && in.type.is_float()) in.type = Type{TypeKind::kBits, in.type.bytes};
  else if (HasMod(in, "shared::cluster")) error = "distributed shared memory (.shared::cluster) is not run by the engine";
  if (error.empty() && (red && op == kCas)) error = "red has no .cas";
  if (error.empty() && in.args.size() != want) error = "expects " + std::to_string(want) + " operands";
  if (error.empty()) in.handler = &Atom;
  return true;
}

}  // namespace warpsafe::engine::ptx
