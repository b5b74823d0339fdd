// The asm template parser: the template's text (after the compiler has joined its literals) into
// a Program, once per asm site. It handles what inline PTX uses: `%N` operands, `%%` for a literal
// `%` (and a lone `%` before a special register's name), `%=` (a number unique to the statement),
// comments, `{ }` scopes with `.reg` declarations (`.reg .pred p, q;`, `.reg .b32 r<4>;`), labels,
// `@p`/`@!p` guards, several instructions per statement, vector `{a, b}` and address
// `[base+offset]` operands, `d|p` destination pairs, and the special registers. Each instruction is
// then decoded by its family (machine.h); an instruction no family runs makes the Program's
// `error`, which Execute() reports.
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <map>
#include <mutex>

#include "ptx/machine.h"

namespace warpsafe::engine::ptx {
namespace {

constexpr char kOperandMark = '\x01';  // stands for `%` of an operand reference after substitution

std::string Trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

bool IsNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '%'; }

// %N -> kOperandMark N, %% -> %, %= -> a number unique to this statement; comments removed.
std::string Substitute(std::string_view text, int* max_operand, std::string* error) {
  static std::atomic<unsigned> unique{0};
  const std::string id = std::to_string(unique.fetch_add(1));
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n') ++i;
      out += '\n';
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      const std::size_t end = text.find("*/", i + 2);
      i = end == std::string_view::npos ? text.size() : end + 1;
      out += ' ';
      continue;
    }
    if (c != '%') {
      out += c;
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '%') {
      out += '%';
      ++i;
    } else if (i + 1 < text.size() && text[i + 1] == '=') {
      out += id;
      ++i;
    } else if (i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
      std::size_t j = i + 1;
      int n = 0;
      while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) n = n * 10 + (text[j++] - '0');
      if (n > *max_operand) *max_operand = n;
      out += kOperandMark;
      out += std::to_string(n);
      i = j - 1;
    } else if (i + 1 < text.size() && std::isalpha(static_cast<unsigned char>(text[i + 1]))) {
      // A special register written with one `%` in a statement that has operands (libcu++ 1.8's
      // `mov.u64 %0, %globaltimer;`): nvcc passes it through, so it stays a register name here.
      out += c;
    } else {
      *error = "operand reference `%" + std::string(1, i + 1 < text.size() ? text[i + 1] : ' ') +
               "...` is not supported (named operands, modifiers)";
      out += c;
    }
  }
  return out;
}

struct SpecialName {
  const char* name;
  Special special;
  bool vector;
};
constexpr SpecialName kSpecials[] = {
    {"%laneid", Special::kLaneId, false},         {"%warpid", Special::kWarpId, false},
    {"%nwarpid", Special::kNWarpId, false},       {"%smid", Special::kSmId, false},
    {"%nsmid", Special::kNSmId, false},           {"%tid", Special::kTid, true},
    {"%ntid", Special::kNTid, true},              {"%ctaid", Special::kCtaId, true},
    {"%nctaid", Special::kNCtaId, true},
    {"%lanemask_eq", Special::kLaneMaskEq, false}, {"%lanemask_lt", Special::kLaneMaskLt, false},
    {"%lanemask_le", Special::kLaneMaskLe, false}, {"%lanemask_gt", Special::kLaneMaskGt, false},
    {"%lanemask_ge", Special::kLaneMaskGe, false}, {"%clock", Special::kClock, false},
    {"%clock_hi", Special::kClockHi, false},      {"%clock64", Special::kClock64, false},
    {"%globaltimer", Special::kGlobalTimer, false}, {"%globaltimer_lo", Special::kGlobalTimerLo, false},
    {"%globaltimer_hi", Special::kGlobalTimerHi, false}, {"%dynamic_smem_size", Special::kDynamicSmemSize, false},
};

class Parser {
 public:
  explicit Parser(Program& p) : p_(p) {}

  void Run(const std::string& text) {
    scopes_.emplace_back();
    std::size_t pos = 0;
    while (p_.error.empty()) {
      while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
      if (pos >= text.size()) break;
      const char c = text[pos];
      if (c == '{') {
        scopes_.emplace_back();
        ++pos;
        continue;
      }
      if (c == '}') {
        if (scopes_.size() <= 1) return Fail("unbalanced `}`");
        scopes_.pop_back();
        ++pos;
        continue;
      }
      if (c == ';') {
        ++pos;
        continue;
      }
      // A label: name ':'
      std::size_t j = pos;
      while (j < text.size() && IsNameChar(text[j])) ++j;
      std::size_t k = j;
      while (k < text.size() && (text[k] == ' ' || text[k] == '\t')) ++k;
      if (j > pos && k < text.size() && text[k] == ':') {
        const std::string name = text.substr(pos, j - pos);
        if (labels_.count(name) != 0) return Fail("label `" + name + "` defined twice");
        labels_[name] = p_.instructions.size();
        pos = k + 1;
        continue;
      }
      // A statement up to its `;` (vectors' braces and addresses' brackets nest).
      int depth = 0;
      std::size_t end = pos;
      for (; end < text.size(); ++end) {
        const char e = text[end];
        if (e == '{' || e == '[') ++depth;
        if (e == '}' || e == ']') --depth;
        if (e == ';' && depth == 0) break;
      }
      if (end >= text.size()) return Fail("statement without `;`: " + Readable(text.substr(pos)));
      Statement(Trim(std::string_view(text).substr(pos, end - pos)));
      pos = end + 1;
    }
    if (!p_.error.empty()) return;
    for (Instruction& in : p_.instructions) {
      for (Arg& a : in.args) {
        if (!ResolveLabel(a, in)) return;
      }
    }
  }

 private:
  void Fail(const std::string& why) {
    if (p_.error.empty()) p_.error = why;
  }

  static std::string Readable(std::string s) {
    std::string out;
    for (char c : s) {
      if (c == kOperandMark) out += '%';
      else if (c == '\n' || c == '\t') out += ' ';
      else out += c;
    }
    return out;
  }

  bool ResolveLabel(Arg& a, const Instruction& in) {
    if (a.kind != ArgKind::kLabel) return true;
    const auto it = labels_.find(a.name);
    if (it == labels_.end()) {
      Fail("`" + in.text + "`: `" + a.name + "` is neither a register declared in the asm statement nor one of its labels");
      return false;
    }
    a.index = static_cast<int>(it->second);
    return true;
  }

  void Statement(const std::string& s) {
    if (s.empty()) return;
    if (s[0] == '.') return Directive(s);
    Instruction in;
    in.text = Readable(s);
    std::size_t pos = 0;
    if (s[0] == '@') {
      pos = 1;
      if (pos < s.size() && s[pos] == '!') {
        in.guard_negate = true;
        ++pos;
      }
      std::size_t j = pos;
      while (j < s.size() && IsNameChar(s[j])) ++j;
      const std::string name = s.substr(pos, j - pos);
      const int reg = Lookup(name);
      if (reg < 0) return Fail("`" + in.text + "`: guard `" + name + "` is not a predicate declared in the asm statement");
      in.guard = reg;
      pos = j;
      while (pos < s.size() && std::isspace(static_cast<unsigned char>(s[pos]))) ++pos;
    }
    std::size_t j = pos;
    while (j < s.size() && (IsNameChar(s[j]) || s[j] == '.' || s[j] == ':')) ++j;
    std::string opcode = s.substr(pos, j - pos);
    // `.shared::cta` is `.shared`; other `::` qualifiers stay as written (cache hints are ignored by
    // the families, `.shared::cluster` is refused by them).
    for (std::size_t at = opcode.find("::cta"); at != std::string::npos; at = opcode.find("::cta")) opcode.erase(at, 5);
    std::size_t dot = opcode.find('.');
    in.opcode = opcode.substr(0, dot);
    while (dot != std::string::npos) {
      const std::size_t next = opcode.find('.', dot + 1);
      in.mods.push_back(opcode.substr(dot + 1, next == std::string::npos ? std::string::npos : next - dot - 1));
      dot = next;
    }
    for (const std::string& part : SplitTop(s.substr(j), ',')) {
      Arg a = ParseArg(Trim(part), in);
      if (!p_.error.empty()) return;
      in.args.push_back(std::move(a));
    }
    Decode(in);
    if (p_.error.empty()) CheckOperandForms(in);
    p_.instructions.push_back(std::move(in));
  }

  void Decode(Instruction& in) {
    using DecodeFn = bool (*)(Instruction&, std::string&);
    static constexpr DecodeFn kFamilies[] = {&DecodeControl, &DecodeWarp,    &DecodeBarrier, &DecodeAsync,
                                             &DecodeMemory,  &DecodeAtomic,  &DecodeFloat,   &DecodeInteger,
                                             &DecodeBits,    &DecodeConvert, &DecodeVideo};
    std::string error;
    for (DecodeFn f : kFamilies) {
      if (f(in, error)) {
        if (!error.empty()) return Fail("`" + in.text + "`: " + error);
        if (in.handler == nullptr) return Fail("`" + in.text + "` is not an instruction the engine runs");
        decoded_by_video_ = f == &DecodeVideo;
        return;
      }
      if (!error.empty()) return Fail("`" + in.text + "`: " + error);
    }
    Fail("`" + in.text + "`: the engine does not run `" + in.opcode + "` instructions");
  }

  // The operand forms only some families read: sub-word selectors and negated sources (video),
  // and .b128 registers (ld, st and mov of type .b128). Anywhere else they would be read as
  // something they are not, so they stop the statement.
  void CheckOperandForms(const Instruction& in) {
    const bool moves = in.opcode == "ld" || in.opcode == "ldu" || in.opcode == "st" || in.opcode == "mov";
    const bool wide = moves && in.type.bytes == 16;
    for (const Type& t : TypesOf(in)) {
      if (t.bytes == 16 && !moves) return Fail("`" + in.text + "`: .b128 is run by ld, st and mov only");
    }
    for (const Arg& a : in.args) {
      if (!CheckOperandForm(in, a, wide)) return;
      // A .b128 value is a whole .b128 register, a "q" operand (its constraint is checked when it
      // runs, ReadWide), or mov's {lo, hi} pair.
      if (wide && a.kind != ArgKind::kVector && a.kind != ArgKind::kAddress && a.kind != ArgKind::kOperand &&
          !IsWideRegister(p_, a)) {
        return Fail("`" + in.text + "`: `" + a.name + "` is not a .b128 register declared in the asm statement or a "
                    "\"q\" operand");
      }
    }
  }
  bool CheckOperandForm(const Instruction& in, const Arg& a, bool wide) {
    if (!decoded_by_video_ && !a.select.empty()) {
      Fail("`" + in.text + "`: the operand selector `." + a.select + "` of `" + a.name + "` is not read by `" + in.opcode + "`");
      return false;
    }
    if (!decoded_by_video_ && a.minus) {
      Fail("`" + in.text + "`: a negated operand (`" + a.name + "`) is read by vmad only");
      return false;
    }
    if (!wide && IsWideRegister(p_, a)) {
      Fail("`" + in.text + "`: the .b128 register `" + a.name + "` is read and written by ld, st and mov of type .b128 only");
      return false;
    }
    for (const Arg& e : a.elements) {
      if (!CheckOperandForm(in, e, false)) return false;
    }
    return true;
  }

  static std::vector<std::string> SplitTop(const std::string& s, char sep) {
    std::vector<std::string> out;
    int depth = 0;
    std::string cur;
    for (char c : s) {
      if (c == '{' || c == '[' || c == '(') ++depth;
      if (c == '}' || c == ']' || c == ')') --depth;
      if (c == sep && depth == 0) {
        out.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    if (!Trim(cur).empty() || !out.empty()) out.push_back(cur);
    return out;
  }

  void Directive(const std::string& s) {
    // .reg .type name[, name...];   name may be `r<N>` (r0 ... rN-1)
    std::size_t pos = 0;
    auto word = [&]() {
      while (pos < s.size() && std::isspace(static_cast<unsigned char>(s[pos]))) ++pos;
      std::size_t j = pos;
      while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j])) && s[j] != ',') ++j;
      std::string w = s.substr(pos, j - pos);
      pos = j;
      return w;
    };
    const std::string kind = word();
    if (kind == ".pragma") return;  // compiler hints ("nounroll"): nothing to run
    if (kind != ".reg") return Fail("directive `" + Readable(s) + "` is not supported in inline PTX by the engine");
    std::string type_word = word();
    if (type_word.rfind(".v", 0) == 0) return Fail("vector registers (`" + Readable(s) + "`) are not supported");
    const Type type = TypeOf(type_word.empty() ? "" : type_word.substr(1));
    if (!type.valid()) return Fail("`" + Readable(s) + "`: unknown register type");
    for (const std::string& raw : SplitTop(s.substr(pos), ',')) {
      const std::string name = Trim(raw);
      const std::size_t lt = name.find('<');
      if (lt != std::string::npos) {
        const int n = std::atoi(name.c_str() + lt + 1);
        const std::string base = Trim(name.substr(0, lt));
        for (int i = 0; i < n; ++i) Declare(base + std::to_string(i), type);
      } else if (!name.empty()) {
        Declare(name, type);
      }
    }
  }

  void Declare(const std::string& name, Type type) {
    scopes_.back()[name] = static_cast<int>(p_.registers.size());
    p_.registers.push_back(type);
    if (type.bytes == 16) p_.registers.push_back(Type{TypeKind::kBits, 8});  // the high half
  }

  int Lookup(const std::string& name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      const auto f = it->find(name);
      if (f != it->end()) return f->second;
    }
    return -1;
  }

  static bool ParseNumber(const std::string& s, Arg* a) {
    if (s.empty()) return false;
    std::size_t i = 0;
    bool neg = false;
    if (s[0] == '-' || s[0] == '+') {
      neg = s[0] == '-';
      i = 1;
    }
    if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    const std::string body = s.substr(i);
    a->kind = ArgKind::kImmediate;
    if (body.size() > 2 && body[0] == '0' && (body[1] == 'f' || body[1] == 'F' || body[1] == 'd' || body[1] == 'D')) {
      a->imm = std::strtoull(body.c_str() + 2, nullptr, 16);
      if (neg) a->imm ^= (body[1] == 'f' || body[1] == 'F') ? 0x80000000ull : 0x8000000000000000ull;
      return true;  // raw bits of the type the instruction reads
    }
    if (body.find_first_of(".eE") != std::string::npos && !(body.size() > 1 && (body[1] == 'x' || body[1] == 'X'))) {
      const double d = std::strtod(s.c_str(), nullptr);
      a->imm_float = true;
      a->imm = F64Bits(d);
      return true;
    }
    std::string digits = body;
    while (!digits.empty() && (digits.back() == 'U' || digits.back() == 'u')) digits.pop_back();
    std::uint64_t v;
    if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B')) {
      v = std::strtoull(digits.c_str() + 2, nullptr, 2);
    } else {
      v = std::strtoull(digits.c_str(), nullptr, 0);  // decimal, 0x hex, 0 octal
    }
    a->imm = neg ? static_cast<std::uint64_t>(-static_cast<std::int64_t>(v)) : v;
    return true;
  }

  Arg ParseArg(const std::string& s, const Instruction& in) {
    Arg a;
    a.name = Readable(s);
    if (s.empty()) {
      Fail("`" + in.text + "`: an empty operand");
      return a;
    }
    if (s[0] == '{') {
      a.kind = ArgKind::kVector;
      if (s.back() != '}') Fail("`" + in.text + "`: unterminated vector operand");
      for (const std::string& part : SplitTop(s.substr(1, s.size() - 2), ',')) a.elements.push_back(ParseArg(Trim(part), in));
      return a;
    }
    if (s[0] == '[') {
      a.kind = ArgKind::kAddress;
      if (s.back() != ']') Fail("`" + in.text + "`: unterminated address operand");
      std::string inner = Trim(s.substr(1, s.size() - 2));
      // base, base+off, base-off, base+-off, off
      std::size_t op = std::string::npos;
      for (std::size_t i = 1; i < inner.size(); ++i) {
        if ((inner[i] == '+' || inner[i] == '-') && inner[i - 1] != '+' && inner[i - 1] != '-') {
          op = i;
          break;
        }
      }
      std::string base = op == std::string::npos ? inner : Trim(inner.substr(0, op));
      if (op != std::string::npos) {
        std::string off = Trim(inner.substr(op + 1));
        if (inner[op] == '-') off = "-" + off;
        if (off.rfind("+", 0) == 0) off = off.substr(1);
        if (off.rfind("--", 0) == 0) off = off.substr(2);
        Arg o;
        if (!ParseNumber(off, &o)) {
          Fail("`" + in.text + "`: address offset `" + off + "` is not a number");
          return a;
        }
        a.offset = static_cast<std::int64_t>(o.imm);
      }
      Arg b;
      if (ParseNumber(base, &b)) {
        a.offset += static_cast<std::int64_t>(b.imm);
      } else {
        a.elements.push_back(ParseArg(base, in));
      }
      return a;
    }
    const std::size_t bar = s.find('|');
    if (bar != std::string::npos) {
      a = ParseArg(Trim(s.substr(0, bar)), in);
      a.elements.push_back(ParseArg(Trim(s.substr(bar + 1)), in));
      a.pipe = 0;
      return a;
    }
    if (s[0] == '!') {
      a = ParseArg(Trim(s.substr(1)), in);
      a.negate = !a.negate;
      return a;
    }
    if (s == "_") {
      a.kind = ArgKind::kSink;
      return a;
    }
    if (s[0] == kOperandMark) {
      a.kind = ArgKind::kOperand;
      std::size_t end = 1;
      while (end < s.size() && std::isdigit(static_cast<unsigned char>(s[end]))) ++end;
      a.index = std::atoi(s.c_str() + 1);
      if (end + 1 < s.size() && s[end] == '.') a.select = s.substr(end + 1);
      return a;
    }
    if (ParseNumber(s, &a)) return a;
    if (s[0] == '-' && s.size() > 1) {  // a negated register or operand (vmad's -a)
      const std::string name = a.name;
      a = ParseArg(Trim(s.substr(1)), in);
      a.minus = !a.minus;
      a.name = name;
      return a;
    }
    // A name, possibly %special.x or a register with a selector (r1.b0)
    const std::size_t dot = s.find('.');
    const std::string base = s.substr(0, dot);
    const int reg = Lookup(s);
    if (reg >= 0) {
      a.kind = ArgKind::kRegister;
      a.index = reg;
      return a;
    }
    if (dot != std::string::npos && Lookup(base) >= 0) {
      a.kind = ArgKind::kRegister;
      a.index = Lookup(base);
      a.select = s.substr(dot + 1);
      return a;
    }
    for (const SpecialName& sp : kSpecials) {
      if (base != sp.name) continue;
      a.kind = ArgKind::kSpecial;
      a.special = sp.special;
      a.index = 0;
      if (sp.vector) {
        const std::string comp = dot == std::string::npos ? "" : s.substr(dot + 1);
        if (comp == "x") a.index = 0;
        else if (comp == "y") a.index = 1;
        else if (comp == "z") a.index = 2;
        else Fail("`" + in.text + "`: " + sp.name + " needs a component .x, .y or .z");
      } else if (dot != std::string::npos) {
        Fail("`" + in.text + "`: `" + s + "` is not a special register");
      }
      return a;
    }
    if (s[0] == '%') {
      Fail("`" + in.text + "`: `" + s + "` is not a special register the engine provides, nor a declared register");
      return a;
    }
    for (char c : s) {
      if (!IsNameChar(c)) {
        Fail("`" + in.text + "`: cannot read operand `" + a.name + "`");
        return a;
      }
    }
    a.kind = ArgKind::kLabel;  // resolved once the whole template is read
    return a;
  }

  Program& p_;
  bool decoded_by_video_ = false;
  std::vector<std::map<std::string, int>> scopes_;
  std::map<std::string, std::size_t> labels_;
};

}  // namespace

const Program* Parse(const char* text, Site site) {
  auto* p = new Program();  // one per asm site, for the life of the process
  p->site = site;
  std::string error;
  const std::string substituted = Substitute(text, &p->max_operand, &error);
  std::string shown;
  for (char c : substituted) shown += c == kOperandMark ? '%' : (c == '\n' || c == '\t') ? ' ' : c;
  p->text = shown;
  if (!error.empty()) {
    p->error = error;
    return p;
  }
  Parser(*p).Run(substituted);
  return p;
}

const Program* ProgramFor(SiteCache* cache, const char* text, Site site) {
  const Program* p = __atomic_load_n(&cache->program, __ATOMIC_ACQUIRE);
  if (__builtin_expect(p != nullptr, 1)) return p;
  // Blocks on other workers may reach the site at the same time; the parse holds no lane.
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  p = __atomic_load_n(&cache->program, __ATOMIC_ACQUIRE);
  if (p == nullptr) {
    p = Parse(text, site);
    __atomic_store_n(&cache->program, p, __ATOMIC_RELEASE);
  }
  return p;
}

}  // namespace warpsafe::engine::ptx
