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
// - Every aligned access of up to 16 bytes, a vector's included, is one whole access of the host
//   (whole_access.h), as a GPU makes it: blocks on other workers never see it half done.
// - .shared addresses are offsets into the block's shared memory window, as cvta.to.shared makes
//   them; an address outside the window is reported, never dereferenced.
#include <cstring>
#include <string>

#include "ptx/machine.h"
#include "ptx/whole_access.h"
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

// The access as the misaligned-access report names it: "`st.global.v4.u32` (16 bytes)".
std::string AccessName(const Instruction& in, unsigned bytes) {
  std::string name = "`" + in.opcode;
  for (const std::string& mod : in.mods) name += "." + mod;
  return name + "` (" + std::to_string(bytes) + " bytes)";
}

// A GPU faults on an access whose address its size does not divide (ALIGN-1); `warpsafe check`
// reports it as it does for the program's C++ accesses. `warpsafe run` does not (as for C++): the
// access then runs element by element, as the host allows.
bool Aligned(Machine& m, const Instruction& in, const void* p, unsigned bytes, bool write) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  if (a % bytes == 0) return true;
  if (race::Enabled() && tls_lane != nullptr) {
    const std::string what = AccessName(in, bytes);
    race::GetDetector().ReportMisaligned(*LaneOf(tls_lane), a, bytes, write, what.c_str(), m.site);
  }
  return false;
}

WholeOrder OrderOf(int strength) {
  return strength == kAcquire ? WholeOrder::kAcquire : strength == kRelease ? WholeOrder::kRelease : WholeOrder::kRelaxed;
}

// One ld or st of `bytes` bytes (a scalar, or a whole vector) between `p` and `buffer`. An
// aligned access of up to 16 bytes is one access, as on a GPU (PTX-MEM-4): another block, on
// another worker, sees all of it or none of it, and the race detector sees one access of the
// whole range. A weak or volatile one is a relaxed atomic of the host; a strong one is also the
// engine's atomic (a scheduling point) with its fence (PTX-MEM-2).
void Move(Machine& m, const Instruction& in, unsigned char* p, unsigned char* buffer, unsigned bytes,
          unsigned element, bool write) {
  const int strength = in.mode;
  const auto scope = static_cast<FenceScope>(in.flags);
  const bool aligned = Aligned(m, in, p, bytes, write);
  if (strength < kRelaxed) {
    NoteAccess(m, p, bytes, write);
  } else {
    if (write && strength == kRelease) Fence(scope, m.site);
    AtomicPoint(p, bytes, m.site, scope);
  }
  // A GPU moves at most 16 bytes at once: wider vectors (none today) would be 16-byte pieces.
  const unsigned piece = aligned ? (bytes < 16 ? bytes : 16) : element;
  for (unsigned at = 0; at < bytes; at += piece) {
    if (reinterpret_cast<std::uintptr_t>(p + at) % piece != 0) {
      if (write) std::memcpy(p + at, buffer + at, piece);
      else std::memcpy(buffer + at, p + at, piece);
    } else if (write) {
      StoreWhole(p + at, buffer + at, piece, OrderOf(strength));
    } else {
      LoadWhole(p + at, piece, buffer + at, OrderOf(strength));
    }
  }
  if (strength >= kRelaxed) {
    if (!write && strength == kAcquire) Fence(scope, m.site);
    if (write) NoteProgress(p);  // in the block's own shared memory: that block's progress only
  }
}

// A loaded value as the destination register receives it: signed types sign-extend.
std::uint64_t Widen(std::uint64_t v, Type t) { return t.is_signed() ? static_cast<std::uint64_t>(SignExtend(v, t.bytes)) : v; }

constexpr std::size_t kMaxElements = 8;

// ld.b128 / st.b128 of a .b128 register (two slots, program.h): one whole 16-byte access.
void LoadWide(Machine& m, const Instruction& in) {
  auto* p = static_cast<unsigned char*>(Address(m, in, in.args[1], static_cast<Space>(in.mode2)));
  unsigned char buffer[16];
  Move(m, in, p, buffer, 16, 16, false);
  std::uint64_t half[2];
  std::memcpy(half, buffer, 16);
  WriteWide(m, in.args[0], half);
}

void StoreWide(Machine& m, const Instruction& in) {
  auto* p = static_cast<unsigned char*>(Address(m, in, in.args[0], static_cast<Space>(in.mode2)));
  std::uint64_t half[2];
  ReadWide(m, in.args[1], half);
  unsigned char buffer[16];
  std::memcpy(buffer, half, 16);
  Move(m, in, p, buffer, 16, 16, true);
}

void Load(Machine& m, const Instruction& in) {
  auto* p = static_cast<unsigned char*>(Address(m, in, in.args[1], static_cast<Space>(in.mode2)));
  const unsigned bytes = in.type.bytes;
  const Type wide{in.type.kind == TypeKind::kSigned ? TypeKind::kSigned : TypeKind::kUnsigned, 8};
  const Arg& d = in.args[0];
  const std::size_t count = d.kind == ArgKind::kVector ? d.elements.size() : 1;
  unsigned char buffer[kMaxElements * 8];
  Move(m, in, p, buffer, static_cast<unsigned>(count * bytes), bytes, false);
  for (std::size_t i = 0; i < count; ++i) {
    std::uint64_t v = 0;
    std::memcpy(&v, buffer + i * bytes, bytes);
    Write(m, d.kind == ArgKind::kVector ? d.elements[i] : d, Widen(v, in.type), wide);
  }
}

void Store(Machine& m, const Instruction& in) {
  auto* p = static_cast<unsigned char*>(Address(m, in, in.args[0], static_cast<Space>(in.mode2)));
  const unsigned bytes = in.type.bytes;
  const Arg& s = in.args[1];
  const std::size_t count = s.kind == ArgKind::kVector ? s.elements.size() : 1;
  unsigned char buffer[kMaxElements * 8];
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t v = Read(m, s.kind == ArgKind::kVector ? s.elements[i] : s, in.type);
    std::memcpy(buffer + i * bytes, &v, bytes);
  }
  Move(m, in, p, buffer, static_cast<unsigned>(count * bytes), bytes, true);
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
    const Arg& value = load ? in.args[0] : in.args[1];
    const std::size_t n = in.args.size() == 2 && value.kind == ArgKind::kVector ? value.elements.size() : 1;
    if (n != 1 && n != 2 && n != 4 && n != 8) error = "a vector has 2, 4 or 8 elements";
    if (in.type.bytes == 16) {
      // .b128 (sm_70 on, PTX ISA 8.3): the value is a .b128 register; a vector of them is not
      // run (a GPU moves at most 16 bytes at once, PTX-MEM-4).
      if (in.args.size() == 2 &&
          !((value.kind == ArgKind::kRegister || value.kind == ArgKind::kOperand) && value.select.empty())) {
        error = "the value of a .b128 access is a .b128 register declared in the asm statement or a \"q\" operand";
      } else if (error.empty()) {
        in.handler = load ? &LoadWide : &StoreWide;
      }
      return true;
    }
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
