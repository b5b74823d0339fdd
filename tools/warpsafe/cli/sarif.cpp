#include "cli/sarif.h"

#include <filesystem>

#include "cli/check_json.h"

namespace warpsafe::cli {
namespace fs = std::filesystem;
using engine::DefectKind;

namespace {

// No default: a kind added to defect_kind.h and not listed in AllDefectKinds() makes the build
// warn here (-Wswitch), so no defect kind can lack its SARIF rule.
[[maybe_unused]] constexpr bool Listed(DefectKind kind) {
  switch (kind) {
    case DefectKind::kNotInKernel:
    case DefectKind::kCallerNotInMask:
    case DefectKind::kCollectiveMismatch:
    case DefectKind::kShflInactiveSource:
    case DefectKind::kBadShflWidth:
    case DefectKind::kDivergentBarrier:
    case DefectKind::kDeadlock:
    case DefectKind::kLivelock:
    case DefectKind::kHang:
    case DefectKind::kStackOverflow:
    case DefectKind::kIllegalAddress:
    case DefectKind::kDivisionByZero:
    case DefectKind::kDivisionOverflow:
    case DefectKind::kShiftOutOfRange:
    case DefectKind::kFloatConversionOutOfRange:
    case DefectKind::kMissingReturn:
    case DefectKind::kAbortInKernel:
    case DefectKind::kExitInKernel:
    case DefectKind::kUnsupported:
    case DefectKind::kUnsupportedPtx:
    case DefectKind::kDataRace:
    case DefectKind::kOutOfBounds:
    case DefectKind::kUninitializedRead:
    case DefectKind::kUninitializedGlobalRead:
    case DefectKind::kInvalidCopy:
    case DefectKind::kMisalignedAccess:
    case DefectKind::kConstantWrite:
    case DefectKind::kInvalidLocalAccess:
    case DefectKind::kBarrierAfterExit:
    case DefectKind::kScheduleDependentFailure:
    case DefectKind::kNotValidBeforeVolta:
    case DefectKind::kPartialGroupCollective:
    case DefectKind::kGridSyncNotCooperative:
    case DefectKind::kGridSyncDeadlock:
    case DefectKind::kBlocksNotResident:
    case DefectKind::kFalseAssumption:
    case DefectKind::kInvalidTextureFetch:
    case DefectKind::kInvalidSurfaceAccess:
    case DefectKind::kInvalidMatrixOperation:
    case DefectKind::kUndefinedCondition:
      return true;
  }
  return false;
}

// "shfl-inactive-source" -> "ShflInactiveSource" (SARIF's reportingDescriptor.name).
std::string RuleName(const std::string& id) {
  std::string out;
  bool upper = true;
  for (const char c : id) {
    if (c == '-') {
      upper = true;
      continue;
    }
    out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  return out;
}

std::string PercentEncode(const std::string& path) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (keep) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

Json Message(const std::string& text) { return Json::Object().Set("text", text); }

Json PhysicalLocation(const FindingSite& site, const std::string& source_root) {
  bool relative = false;
  Json artifact = Json::Object().Set("uri", PathToUri(site.file, source_root, &relative));
  if (relative) artifact.Set("uriBaseId", "%SRCROOT%");
  Json physical = Json::Object().Set("artifactLocation", std::move(artifact));
  if (site.line > 0) {
    Json region = Json::Object().Set("startLine", static_cast<int>(site.line));
    if (site.column > 0) region.Set("startColumn", static_cast<int>(site.column));
    physical.Set("region", std::move(region));
  }
  return physical;
}

Json Location(const FindingSite& site, const std::string& source_root, std::optional<int> id) {
  Json location = Json::Object();
  if (id) location.Set("id", *id);
  location.Set("physicalLocation", PhysicalLocation(site, source_root));
  if (!site.what.empty()) location.Set("message", Message(site.what));
  return location;
}

}  // namespace

const std::vector<DefectKind>& AllDefectKinds() {
  static const std::vector<DefectKind> kinds = {
      DefectKind::kNotInKernel,     DefectKind::kCallerNotInMask,    DefectKind::kCollectiveMismatch,
      DefectKind::kShflInactiveSource, DefectKind::kBadShflWidth,    DefectKind::kDivergentBarrier,
      DefectKind::kDeadlock,        DefectKind::kLivelock,           DefectKind::kHang,
      DefectKind::kStackOverflow,   DefectKind::kIllegalAddress,     DefectKind::kUnsupported,
      DefectKind::kUnsupportedPtx,
      DefectKind::kDataRace,        DefectKind::kOutOfBounds,        DefectKind::kUninitializedRead,
      DefectKind::kScheduleDependentFailure, DefectKind::kNotValidBeforeVolta,
      DefectKind::kUninitializedGlobalRead, DefectKind::kInvalidCopy, DefectKind::kMisalignedAccess,
      DefectKind::kConstantWrite,   DefectKind::kInvalidLocalAccess, DefectKind::kBarrierAfterExit,
      DefectKind::kDivisionByZero,  DefectKind::kDivisionOverflow,   DefectKind::kShiftOutOfRange,
      DefectKind::kFloatConversionOutOfRange,
      DefectKind::kMissingReturn,   DefectKind::kAbortInKernel,
      DefectKind::kExitInKernel,    DefectKind::kPartialGroupCollective, DefectKind::kGridSyncNotCooperative,
      DefectKind::kGridSyncDeadlock, DefectKind::kBlocksNotResident, DefectKind::kFalseAssumption,
      DefectKind::kInvalidTextureFetch,
      DefectKind::kInvalidSurfaceAccess, DefectKind::kInvalidMatrixOperation,
      DefectKind::kUndefinedCondition};
  return kinds;
}

std::string PathToUri(const std::string& path, const std::string& source_root, bool* relative) {
  *relative = false;
  const fs::path p = fs::path(path).lexically_normal();
  if (!p.is_absolute()) {
    *relative = !source_root.empty();
    return PercentEncode(p.generic_string());
  }
  if (!source_root.empty()) {
    const fs::path rel = p.lexically_relative(fs::path(source_root).lexically_normal());
    if (!rel.empty() && *rel.begin() != ".." && rel != ".") {
      *relative = true;
      return PercentEncode(rel.generic_string());
    }
  }
  return "file://" + PercentEncode(p.generic_string());
}

std::string SarifLog(const SarifInput& input) {
  Json rules = Json::Array();
  int rule_index = -1;
  for (std::size_t i = 0; i < AllDefectKinds().size(); ++i) {
    const DefectKind kind = AllDefectKinds()[i];
    const std::string id = engine::DefectId(kind);
    if (input.finding && input.finding->id == id) rule_index = static_cast<int>(i);
    rules.Push(Json::Object()
                   .Set("id", id)
                   .Set("name", RuleName(id))
                   .Set("shortDescription", Message(std::string("warpsafe: ") + engine::DefectTitle(kind)))
                   .Set("defaultConfiguration", Json::Object().Set("level", "error")));
  }
  Json driver = Json::Object()
                    .Set("name", "warpsafe")
                    .Set("version", input.tool_version)
                    .Set("rules", std::move(rules));

  Json results = Json::Array();
  if (input.finding) {
    const Finding& f = *input.finding;
    // The message is the report as printed, so the CI annotation says everything the terminal did.
    std::string text = "warpsafe: " + f.title;
    if (!f.where.empty()) text += "\nin " + f.where;
    for (const std::string& line : f.lines) text += "\n" + line;
    Json result = Json::Object().Set("ruleId", f.id);
    if (rule_index >= 0) result.Set("ruleIndex", rule_index);
    result.Set("level", "error").Set("message", Message(text));
    Json locations = Json::Array();
    Json related = Json::Array();
    for (std::size_t i = 0; i < f.sites.size(); ++i) {
      if (f.sites[i].file.empty()) continue;
      if (locations.Items().empty()) {
        locations.Push(Location(f.sites[i], input.source_root, std::nullopt));
      } else {
        related.Push(Location(f.sites[i], input.source_root, static_cast<int>(related.Items().size())));
      }
    }
    result.Set("locations", std::move(locations));
    if (!related.Items().empty()) result.Set("relatedLocations", std::move(related));
    result.Set("properties", Json::Object().Set("replay", f.replay));
    if (!input.trace_page.empty()) {
      bool relative = false;
      Json artifact = Json::Object().Set("uri", PathToUri(input.trace_page, input.source_root, &relative));
      if (relative) artifact.Set("uriBaseId", "%SRCROOT%");
      result.Set("attachments", Json::Array().Push(
                                    Json::Object()
                                        .Set("description", Message("the interleaving that led to it (warpsafe check --trace)"))
                                        .Set("artifactLocation", std::move(artifact))));
    }
    results.Push(std::move(result));
  }

  Json invocation = Json::Object().Set("executionSuccessful", input.execution_successful);
  if (!input.shard.empty()) invocation.Set("properties", Json::Object().Set("shard", input.shard));
  if (!input.execution_successful && !input.execution_note.empty()) {
    invocation.Set("toolExecutionNotifications",
                   Json::Array().Push(Json::Object().Set("level", "error").Set("message",
                                                                                Message(input.execution_note))));
  }
  Json run = Json::Object().Set("tool", Json::Object().Set("driver", std::move(driver)));
  if (!input.source_root.empty()) {
    std::string root = "file://" + PercentEncode(fs::path(input.source_root).lexically_normal().generic_string());
    if (root.back() != '/') root += '/';  // SARIF: a base URI must end with a slash
    run.Set("originalUriBaseIds", Json::Object().Set("%SRCROOT%", Json::Object().Set("uri", root)));
  }
  if (!input.shard.empty()) {
    std::string id = "warpsafe-check/shard-" + input.shard + "/";
    id.replace(id.find('/', 21), 1, "-of-");
    run.Set("automationDetails", Json::Object().Set("id", id));
  }
  run.Set("invocations", Json::Array().Push(std::move(invocation)));
  run.Set("results", std::move(results));
  return Json::Object()
      .Set("$schema", kSarifSchema)
      .Set("version", "2.1.0")
      .Set("runs", Json::Array().Push(std::move(run)))
      .Dump();
}

}  // namespace warpsafe::cli
