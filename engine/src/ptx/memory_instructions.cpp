// Loads, stores and address conversion (PTX ISA, "Data Movement and Conversion Instructions": ld,
// ldu, st, cvta, isspacep). cp.async and its groups are in async_instructions.cpp.
//
// - A weak ld/st (no qualifier, .weak, .nc, ldu) is a plain access, as the same access in C++.
//   .volatile is a volatile access. A strong one (.relaxed, .acquire, .release with a scope) is an
//   atomic access of the engine at its scope: a scheduling point, seen by the race detector as
//   atomic. ld.acquire is the load followed by a fence of its scope, st.release a fence of its
//   scope followed by the store: the acquire and release patterns of the memory model
//   (docs/semantics/scopes.md). The weak and volatile ones are shown to the race detector as the
//   program's own accesses (warpsafe check).
// - .shared addresses are offsets into the block's shared memory window, as cvta.to.shared makes
//   them; an address outside the window is reported, never dereferenced.
#include <cstring>

#include "ptx/machine.h"
#include "race/detector.h"
#include "race/race.h"
#include "runtime/device_limits.h"
#include "sched/block.h"
#include "sched/lane.h"

namespace warpsafe::engine::ptx {
namespace {

enum Strength : int { kWeak, kVolatile, kRelaxed, kAcquire, kRelease };

unsigned char* SharedBase(Machine& m) { return static_cast<unsigned char*>(DynamicShared(m.site)); }
// Offsets past the opt-in limit are the block's too: its static declarations sit at their
// program-wide slots (sched/shared_layout.h), after the dynamic part.
std::size_t SharedWindow() {
  return tls_lane != nullptr ? LaneOf(tls_lane)->block->SharedWindowBytes()
                             : CurrentDeviceLimits().shared_per_block_optin;
}

// A plain or volatile access as `warpsafe check` sees the program's own (instrumented) ones.
void NoteAccess(Machine& m, const void* p, unsigned bytes, bool write) {
  if (race::Enabled() && tls_lane != nullptr) {
    race::GetDetector().Access(reinterpret_cast<std::uintptr_t>(p), bytes, write, m.caller);
  }
}

std::uint64_t LoadBits(const void* p, unsigned bytes, int strength, FenceScope scope, Machine& m) {
  std::uint64_t v = 0;
  if (strength < kRelaxed) NoteAccess(m, p, bytes, false);
  if (strength >= kRelaxed) {
    AtomicPoint(p, bytes, m.site, scope);
    switch (bytes) {
      case 1: v = __atomic_load_n(static_cast<const std::uint8_t*>(p), __ATOMIC_SEQ_CST); break;
      case 2: v = __atomic_load_n(static_cast<const std::uint16_t*>(p), __ATOMIC_SEQ_CST); break;
      case 4: v = __atomic_load_n(static_cast<const std::uint32_t*>(p), __ATOMIC_SEQ_CST); break;
      default: v = __atomic_load_n(static_cast<const std::uint64_t*>(p), __ATOMIC_SEQ_CST); break;
    }
    if (strength == kAcquire) Fence(scope, m.site);
  } else if (strength == kVolatile) {
    switch (bytes) {
      case 1: v = *static_cast<const volatile std::uint8_t*>(p); break;
      case 2: v = *static_cast<const volatile std::uint16_t*>(p); break;
      case 4: v = *static_cast<const volatile std::uint32_t*>(p); break;
      default: v = *static_cast<const volatile std::uint64_t*>(p); break;
    }
  } else {
    std::memcpy(&v, p, bytes);
  }
  return v;
}

void StoreBits(void* p, std::uint64_t v, unsigned bytes, int strength, FenceScope scope, Machine& m) {
  if (strength < kRelaxed) NoteAccess(m, p, bytes, true);
  if (strength >= kRelaxed) {
    if (strength == kRelease) Fence(scope, m.site);
    AtomicPoint(p, bytes, m.site, scope);
    switch (bytes) {
      case 1: __atomic_store_n(static_cast<std::uint8_t*>(p), static_cast<std::uint8_t>(v), __ATOMIC_SEQ_CST); break;
      case 2: __atomic_store_n(static_cast<std::uint16_t*>(p), static_cast<std::uint16_t>(v), __ATOMIC_SEQ_CST); break;
      case 4: __atomic_store_n(static_cast<std::uint32_t*>(p), static_cast<std::uint32_t>(v), __ATOMIC_SEQ_CST); break;
      default: __atomic_store_n(static_cast<std::uint64_t*>(p), v, __ATOMIC_SEQ_CST); break;
    }
    NoteProgress();
  } else if (strength == kVolatile) {
    switch (bytes) {
      case 1: *static_cast<volatile std::uint8_t*>(p) = static_cast<std::uint8_t>(v); break;
      case 2: *static_cast<volatile std::uint16_t*>(p) = static_cast<std::uint16_t>(v); break;
      case 4: *static_cast<volatile std::uint32_t*>(p) = static_cast<std::uint32_t>(v); break;
      default: *static_cast<volatile std::uint64_t*>(p) = v; break;
    }
  } else {
    std::memcpy(p, &v, bytes);
  }
}

// A loaded value as the destination register receives it: signed types sign-extend.
std::uint64_t Widen(std::uint64_t v, Type t) { return t.is_signed() ? static_cast<std::uint64_t>(SignExtend(v, t.bytes)) : v; }

void Load(Machine& m, const Instruction& in) {
  auto* p = static_cast<unsigned char*>(Address(m, in, in.args[1], static_cast<Space>(in.mode2)));
  const unsigned bytes = in.type.bytes;
  const Type wide{in.type.kind == TypeKind::kSigned ? TypeKind::kSigned : TypeKind::kUnsigned, 8};
  const Arg& d = in.args[0];
  if (d.kind == ArgKind::kVector) {
    for (std::size_t i = 0; i < d.elements.size(); ++i) {
      Write(m, d.elements[i], Widen(LoadBits(p + i * bytes, bytes, in.mode, static_cast<FenceScope>(in.flags), m), in.type), wide);
    }
  } else {
    Write(m, d, Widen(LoadBits(p, bytes, in.mode, static_cast<FenceScope>(in.flags), m), in.type), wide);
  }
}

void Store(Machine& m, const Instruction& in) {
  auto* p = static_cast<unsigned char*>(Address(m, in, in.args[0], static_cast<Space>(in.mode2)));
  const unsigned bytes = in.type.bytes;
  const Arg& s = in.args[1];
  if (s.kind == ArgKind::kVector) {
    for (std::size_t i = 0; i < s.elements.size(); ++i) StoreBits(p + i * bytes, Read(m, s.elements[i], in.type), bytes, in.mode,
                                                                  static_cast<FenceScope>(in.flags), m);
  } else {
    StoreBits(p, Read(m, s, in.type), bytes, in.mode, static_cast<FenceScope>(in.flags), m);
  }
}

void Cvta(Machine& m, const Instruction& in) {
  // cvta.space.size d, a (to generic);  cvta.to.space.size d, a (from generic)
  // A generic address is 64 bits whatever the size of the result.
  const std::uint64_t a = Read(m, in.args[1], in.mode != 0 ? kU64 : in.type);
  std::uint64_t d = a;
  if (static_cast<Space>(in.mode2) == Space::kShared) {
    const auto base = reinterpret_cast<std::uintptr_t>(SharedBase(m));
    if (in.mode != 0) {  // to shared
      if (a < base || a - base >= SharedWindow()) {
        Unsupported(m, in, "cvta.to.shared of an address that is not in the block's shared memory (0x" +
                               std::to_string(a) + ")");
      }
      d = a - base;
    } else {
      d = base + a;
    }
  }
  Write(m, in.args[0], d, in.type);
}

void IsSpace(Machine& m, const Instruction& in) {
  const std::uint64_t a = Read(m, in.args[1], kU64);
  const auto base = reinterpret_cast<std::uintptr_t>(SharedBase(m));
  const bool shared = a >= base && a - base < SharedWindow();
  Write(m, in.args[0], static_cast<Space>(in.mode2) == Space::kShared ? shared : !shared, kPred);
}

}  // namespace

Space SpaceOf(const Instruction& in) {
  if (HasMod(in, "global")) return Space::kGlobal;
  if (HasMod(in, "shared")) return Space::kShared;
  if (HasMod(in, "local")) return Space::kLocal;
  if (HasMod(in, "const")) return Space::kConst;
  if (HasMod(in, "param")) return Space::kParam;
  return Space::kGeneric;
}

void* Address(Machine& m, const Instruction& in, const Arg& a, Space space) {
  if (a.kind != ArgKind::kAddress) Unsupported(m, in, "expected an address operand [..]");
  std::uint64_t addr = static_cast<std::uint64_t>(a.offset);
  if (!a.elements.empty()) addr += Read(m, a.elements[0], kU64);
  if (space == Space::kShared) {
    if (addr >= SharedWindow()) {
      Unsupported(m, in, "a .shared address (0x" + std::to_string(addr) +
                             ") outside the block's shared memory window: pass cvta.to.shared's result, not a generic "
                             "pointer");
    }
    return SharedBase(m) + addr;
  }
  if (space == Space::kParam) Unsupported(m, in, "the .param state space is not addressable from inline PTX here");
  return reinterpret_cast<void*>(static_cast<std::uintptr_t>(addr));
}

bool DecodeMemory(Instruction& in, std::string& error) {
  const std::vector<Type> types = TypesOf(in);
  if (in.opcode == "ld" || in.opcode == "ldu" || in.opcode == "st") {
    const bool load = in.opcode != "st";
    if (types.size() != 1) {
      error = "needs one type";
      return true;
    }
    in.type = types[0];
    if (in.type.is_float() && in.type.bytes == 2) in.type = Type{TypeKind::kBits, 2};
    in.mode2 = static_cast<int>(SpaceOf(in));
    in.mode = kWeak;
    if (HasMod(in, "volatile")) in.mode = kVolatile;
    if (HasMod(in, "relaxed")) in.mode = kRelaxed;
    if (HasMod(in, "acquire")) in.mode = kAcquire;
    if (HasMod(in, "release")) in.mode = kRelease;
    in.flags = static_cast<unsigned>(ScopeOf(in));
    if (HasMod(in, "mmio")) error = ".mmio accesses are not run by the engine";
    if (HasMod(in, "shared::cluster")) error = "distributed shared memory (.shared::cluster) is not run by the engine";
    if (in.mode >= kRelaxed && !HasMod(in, "cta") && !HasMod(in, "gpu") && !HasMod(in, "sys") && !HasMod(in, "cluster")) {
      error = "a strong access needs a scope (.cta, .cluster, .gpu, .sys)";
    }
    if (in.args.size() != 2) error = "expects 2 operands";
    const Arg& addr = load ? in.args[1] : in.args[0];
    if (in.args.size() == 2 && addr.kind != ArgKind::kAddress) error = "expects an address operand [..]";
    if (error.empty()) in.handler = load ? &Load : &Store;
    return true;
  }
  if (in.opcode == "cvta") {
    in.mode = HasMod(in, "to") ? 1 : 0;
    in.mode2 = static_cast<int>(SpaceOf(in));
    in.type = types.size() == 1 ? types[0] : kU64;
    if (static_cast<Space>(in.mode2) == Space::kParam) error = "cvta of the .param space is not run by the engine";
    else if (in.args.size() != 2) error = "expects 2 operands";
    else in.handler = &Cvta;
    return true;
  }
  if (in.opcode == "isspacep") {
    in.mode2 = static_cast<int>(SpaceOf(in));
    if (static_cast<Space>(in.mode2) != Space::kShared && static_cast<Space>(in.mode2) != Space::kGlobal) {
      error = "isspacep is run for .shared and .global only";
    } else if (in.args.size() != 2) {
      error = "expects 2 operands";
    } else {
      in.handler = &IsSpace;
    }
    return true;
  }
  return false;
}

}  // namespace warpsafe::engine::ptx
