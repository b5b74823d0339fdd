// SARIF 2.1.0 output of `warpsafe check --sarif OUT`, so that CI systems (GitHub code scanning,
// GitLab, Azure DevOps) show a finding on its source line. One run, tool "warpsafe", one rule per
// defect kind the engine or the checker can report, and at most one result: check stops at the
// first defect. A clean exploration is a log with no results.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/check_report.h"
#include "report/defect_kind.h"

namespace warpsafe::cli {

inline constexpr const char* kSarifSchema = "https://json.schemastore.org/sarif-2.1.0.json";

struct SarifInput {
  std::optional<Finding> finding;
  std::string tool_version;
  // Paths under it become relative URIs against the base id %SRCROOT% (which CI maps to the
  // checkout); others become file:// URIs. Normally the working directory. Empty: always file://.
  std::string source_root;
  // False when the check could not complete (the lockstep baseline failed): no result, and the
  // invocation says so.
  bool execution_successful = true;
  std::string execution_note;  // why not, when execution_successful is false
  // `--shard I/N` ("2/4"; empty: not sharded): the run's automationDetails id names it, so that the
  // N logs of a CI matrix are told apart (GitHub keeps one analysis per id), and the invocation's
  // properties say which slice was explored.
  std::string shard;
  // `--trace OUT.html`: attached to the result (the picture of its interleaving).
  std::string trace_page;
};

// The log, pretty-printed JSON with a final newline; deterministic for a given input.
std::string SarifLog(const SarifInput& input);

// A local path as a URI reference: percent-encoded, relative to `source_root` when under it
// (*relative set), else absolute "file:///...". Exposed for tests.
std::string PathToUri(const std::string& path, const std::string& source_root, bool* relative);

// Every defect kind, in declaration order (the rules of the log).
const std::vector<engine::DefectKind>& AllDefectKinds();

}  // namespace warpsafe::cli
