#include "cli/check_json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace warpsafe::cli {

const Json& Json::operator[](const std::string& key) const {
  static const Json kNull;
  for (const auto& [k, v] : members_) {
    if (k == key) return v;
  }
  return kNull;
}

bool Json::Has(const std::string& key) const {
  for (const auto& member : members_) {
    if (member.first == key) return true;
  }
  return false;
}

Json& Json::Push(Json value) {
  items_.push_back(std::move(value));
  return *this;
}

Json& Json::Set(const std::string& key, Json value) {
  for (auto& [k, v] : members_) {
    if (k == key) {
      v = std::move(value);
      return *this;
    }
  }
  members_.emplace_back(key, std::move(value));
  return *this;
}

std::string JsonQuote(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += buf;
        } else {
          out += c;  // UTF-8 passes through: JSON text is UTF-8
        }
    }
  }
  return out + "\"";
}

void Json::DumpTo(std::string& out, int indent) const {
  const std::string pad(static_cast<std::size_t>(indent) + 2, ' ');
  const std::string close_pad(static_cast<std::size_t>(indent), ' ');
  switch (type_) {
    case Type::kNull: out += "null"; return;
    case Type::kBool: out += bool_ ? "true" : "false"; return;
    case Type::kNumber: {
      // Integers (every number warpsafe writes: lines, columns, indices) print without a fraction.
      char buf[32];
      if (std::nearbyint(number_) == number_ && std::fabs(number_) < 9e15) {
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(number_));
      } else {
        std::snprintf(buf, sizeof buf, "%.17g", number_);
      }
      out += buf;
      return;
    }
    case Type::kString: out += JsonQuote(string_); return;
    case Type::kArray:
      if (items_.empty()) {
        out += "[]";
        return;
      }
      out += "[\n";
      for (std::size_t i = 0; i < items_.size(); ++i) {
        out += pad;
        items_[i].DumpTo(out, indent + 2);
        out += i + 1 < items_.size() ? ",\n" : "\n";
      }
      out += close_pad + "]";
      return;
    case Type::kObject:
      if (members_.empty()) {
        out += "{}";
        return;
      }
      out += "{\n";
      for (std::size_t i = 0; i < members_.size(); ++i) {
        out += pad + JsonQuote(members_[i].first) + ": ";
        members_[i].second.DumpTo(out, indent + 2);
        out += i + 1 < members_.size() ? ",\n" : "\n";
      }
      out += close_pad + "}";
      return;
  }
}

std::string Json::Dump() const {
  std::string out;
  DumpTo(out, 0);
  return out + "\n";
}

namespace {

// A recursive-descent reader of RFC 8259 JSON (depth-limited: input may come from a crashed run).
class Reader {
 public:
  explicit Reader(const std::string& text) : text_(text) {}

  std::optional<Json> Document(std::string* error) {
    std::optional<Json> v = Value(0);
    SkipSpace();
    if (v && pos_ != text_.size()) Fail("trailing characters");
    if (!error_.empty()) {
      if (error != nullptr) *error = error_ + " at offset " + std::to_string(pos_);
      return std::nullopt;
    }
    return v;
  }

 private:
  void Fail(const std::string& what) {
    if (error_.empty()) error_ = what;
  }
  void SkipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\r')) {
      ++pos_;
    }
  }
  bool Eat(char c) {
    SkipSpace();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool Literal(const char* word) {
    const std::string w(word);
    if (text_.compare(pos_, w.size(), w) != 0) return false;
    pos_ += w.size();
    return true;
  }

  std::optional<Json> Value(int depth) {
    if (depth > 256) {
      Fail("nested too deeply");
      return std::nullopt;
    }
    SkipSpace();
    if (pos_ >= text_.size()) {
      Fail("unexpected end");
      return std::nullopt;
    }
    const char c = text_[pos_];
    if (c == '{') return ObjectValue(depth);
    if (c == '[') return ArrayValue(depth);
    if (c == '"') {
      std::optional<std::string> s = String();
      if (!s) return std::nullopt;
      return Json(*s);
    }
    if (Literal("true")) return Json(true);
    if (Literal("false")) return Json(false);
    if (Literal("null")) return Json();
    if (c == '-' || (c >= '0' && c <= '9')) return Number();
    Fail(std::string("unexpected character '") + c + "'");
    return std::nullopt;
  }

  std::optional<Json> ObjectValue(int depth) {
    ++pos_;  // {
    Json object = Json::Object();
    if (Eat('}')) return object;
    do {
      SkipSpace();
      if (pos_ >= text_.size() || text_[pos_] != '"') {
        Fail("expected a member name");
        return std::nullopt;
      }
      std::optional<std::string> key = String();
      if (!key) return std::nullopt;
      if (!Eat(':')) {
        Fail("expected ':'");
        return std::nullopt;
      }
      std::optional<Json> v = Value(depth + 1);
      if (!v) return std::nullopt;
      object.Set(*key, std::move(*v));
    } while (Eat(','));
    if (!Eat('}')) {
      Fail("expected ',' or '}'");
      return std::nullopt;
    }
    return object;
  }

  std::optional<Json> ArrayValue(int depth) {
    ++pos_;  // [
    Json array = Json::Array();
    if (Eat(']')) return array;
    do {
      std::optional<Json> v = Value(depth + 1);
      if (!v) return std::nullopt;
      array.Push(std::move(*v));
    } while (Eat(','));
    if (!Eat(']')) {
      Fail("expected ',' or ']'");
      return std::nullopt;
    }
    return array;
  }

  std::optional<Json> Number() {
    const std::size_t start = pos_;
    if (text_[pos_] == '-') ++pos_;
    auto digits = [&] {
      const std::size_t from = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      return pos_ > from;
    };
    if (!digits()) {
      Fail("bad number");
      return std::nullopt;
    }
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      if (!digits()) {
        Fail("bad number");
        return std::nullopt;
      }
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (!digits()) {
        Fail("bad number");
        return std::nullopt;
      }
    }
    return Json(std::strtod(text_.substr(start, pos_ - start).c_str(), nullptr));
  }

  static void AppendUtf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  std::optional<unsigned> Hex4() {
    if (pos_ + 4 > text_.size()) return std::nullopt;
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text_[pos_++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f') v |= static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= static_cast<unsigned>(c - 'A' + 10);
      else return std::nullopt;
    }
    return v;
  }

  std::optional<std::string> String() {
    ++pos_;  // "
    std::string out;
    while (pos_ < text_.size()) {
      const char c = text_[pos_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) {
        Fail("control character in a string");
        return std::nullopt;
      }
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) break;
      const char e = text_[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::optional<unsigned> cp = Hex4();
          if (!cp) {
            Fail("bad \\u escape");
            return std::nullopt;
          }
          // A surrogate pair spells one code point above U+FFFF.
          if (*cp >= 0xD800 && *cp < 0xDC00 && text_.compare(pos_, 2, "\\u") == 0) {
            pos_ += 2;
            std::optional<unsigned> low = Hex4();
            if (!low || *low < 0xDC00 || *low > 0xDFFF) {
              Fail("bad surrogate pair");
              return std::nullopt;
            }
            *cp = 0x10000 + ((*cp - 0xD800) << 10) + (*low - 0xDC00);
          }
          AppendUtf8(out, *cp);
          break;
        }
        default:
          Fail(std::string("bad escape \\") + e);
          return std::nullopt;
      }
    }
    Fail("unterminated string");
    return std::nullopt;
  }

  const std::string& text_;
  std::size_t pos_ = 0;
  std::string error_;
};

}  // namespace

std::optional<Json> Json::Parse(const std::string& text, std::string* error) {
  return Reader(text).Document(error);
}

}  // namespace warpsafe::cli
