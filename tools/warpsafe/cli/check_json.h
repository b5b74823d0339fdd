// A small JSON value for `warpsafe check`: it reads the report the engine writes to
// WARPSAFE_REPORT_JSON (report/report.h) and writes SARIF logs. Objects keep their members in
// insertion order, so a written document is byte-for-byte deterministic.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace warpsafe::cli {

class Json {
 public:
  enum class Type { kNull, kBool, kNumber, kString, kArray, kObject };

  Json() = default;  // null
  Json(bool b) : type_(Type::kBool), bool_(b) {}
  Json(int n) : type_(Type::kNumber), number_(n) {}
  Json(std::int64_t n) : type_(Type::kNumber), number_(static_cast<double>(n)) {}
  Json(double n) : type_(Type::kNumber), number_(n) {}
  Json(const char* s) : type_(Type::kString), string_(s) {}
  Json(std::string s) : type_(Type::kString), string_(std::move(s)) {}
  static Json Array() { return Json(Type::kArray); }
  static Json Object() { return Json(Type::kObject); }

  Type type() const { return type_; }
  bool IsNull() const { return type_ == Type::kNull; }
  bool IsString() const { return type_ == Type::kString; }
  bool IsNumber() const { return type_ == Type::kNumber; }
  bool IsArray() const { return type_ == Type::kArray; }
  bool IsObject() const { return type_ == Type::kObject; }

  // Accessors return a default (empty string, 0, empty list) for a value of another type.
  const std::string& AsString() const { return string_; }
  double AsNumber() const { return number_; }
  bool AsBool() const { return bool_; }
  const std::vector<Json>& Items() const { return items_; }
  const std::vector<std::pair<std::string, Json>>& Members() const { return members_; }

  // The member `key` of an object, or null when absent (or not an object).
  const Json& operator[](const std::string& key) const;
  bool Has(const std::string& key) const;

  // Building: Push appends to an array; Set adds or replaces a member of an object.
  Json& Push(Json value);
  Json& Set(const std::string& key, Json value);

  // Pretty-printed with two-space indentation and a final newline.
  std::string Dump() const;

  // nullopt (with *error set when given) on malformed input or trailing garbage.
  static std::optional<Json> Parse(const std::string& text, std::string* error = nullptr);

 private:
  explicit Json(Type t) : type_(t) {}
  void DumpTo(std::string& out, int indent) const;

  Type type_ = Type::kNull;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<Json> items_;
  std::vector<std::pair<std::string, Json>> members_;
};

// `text` as a JSON string literal, quotes included.
std::string JsonQuote(const std::string& text);

}  // namespace warpsafe::cli
