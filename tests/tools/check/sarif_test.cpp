// The SARIF writer: the log is valid SARIF 2.1.0 in the fields CI systems read, read back with the
// JSON reader.
#include "cli/sarif.h"

#include <gtest/gtest.h>

#include "cli/check_json.h"

namespace warpsafe::cli {
namespace {

Finding Race() {
  Finding f;
  f.id = "data-race";
  f.title = "data race";
  f.where = "kernel k (launched at /src/p.cu:20), block (0,0,0)";
  f.sites = {FindingSite{"/src/p.cu", 7, 12, "write by lane 3"}, FindingSite{"/src/p.cu", 9, 0, "read by lane 4"},
             FindingSite{"/elsewhere/h \"q\".cuh", 2, 0, "read by lane 5"}};
  f.lines = {"at /src/p.cu:7:12: write by lane 3", "at /src/p.cu:9: read by lane 4"};
  f.replay = "warpsafe check p.cu --policy random --seed 3 --schedules 1 --arch sm_90";
  return f;
}

Json Parsed(const SarifInput& input) {
  std::string error;
  const std::optional<Json> log = Json::Parse(SarifLog(input), &error);
  EXPECT_TRUE(log) << error;
  return log.value_or(Json());
}

TEST(Sarif, EmptyLogHasEveryRequiredField) {
  SarifInput input;
  input.tool_version = "0.1.0";
  const Json log = Parsed(input);
  EXPECT_EQ(log["version"].AsString(), "2.1.0");
  EXPECT_EQ(log["$schema"].AsString(), kSarifSchema);
  ASSERT_EQ(log["runs"].Items().size(), 1u);
  const Json& run = log["runs"].Items()[0];
  const Json& driver = run["tool"]["driver"];
  EXPECT_EQ(driver["name"].AsString(), "warpsafe");
  EXPECT_EQ(driver["version"].AsString(), "0.1.0");
  ASSERT_TRUE(run["results"].IsArray());
  EXPECT_TRUE(run["results"].Items().empty());
  EXPECT_TRUE(run["invocations"].Items()[0]["executionSuccessful"].AsBool());
}

TEST(Sarif, OneRulePerDefectKind) {
  const Json log = Parsed(SarifInput{});
  const Json& rules = log["runs"].Items()[0]["tool"]["driver"]["rules"];
  ASSERT_EQ(rules.Items().size(), AllDefectKinds().size());
  for (std::size_t i = 0; i < rules.Items().size(); ++i) {
    const Json& rule = rules.Items()[i];
    EXPECT_EQ(rule["id"].AsString(), engine::DefectId(AllDefectKinds()[i]));
    EXPECT_EQ(rule["shortDescription"]["text"].AsString(),
              std::string("warpsafe: ") + engine::DefectTitle(AllDefectKinds()[i]));
    EXPECT_EQ(rule["defaultConfiguration"]["level"].AsString(), "error");
  }
  EXPECT_EQ(rules.Items()[3]["name"].AsString(), "ShflInactiveSource");
}

TEST(Sarif, ResultPointsAtTheSitesRelativeToTheSourceRoot) {
  SarifInput input;
  input.finding = Race();
  input.source_root = "/src";
  const Json log = Parsed(input);
  const Json& run = log["runs"].Items()[0];
  EXPECT_EQ(run["originalUriBaseIds"]["%SRCROOT%"]["uri"].AsString(), "file:///src/");
  ASSERT_EQ(run["results"].Items().size(), 1u);
  const Json& result = run["results"].Items()[0];
  EXPECT_EQ(result["ruleId"].AsString(), "data-race");
  const Json& rules = run["tool"]["driver"]["rules"];
  EXPECT_EQ(rules.Items()[static_cast<std::size_t>(result["ruleIndex"].AsNumber())]["id"].AsString(), "data-race");
  EXPECT_EQ(result["level"].AsString(), "error");
  EXPECT_EQ(result["message"]["text"].AsString().rfind("warpsafe: data race\nin kernel k", 0), 0u);
  ASSERT_EQ(result["locations"].Items().size(), 1u);
  const Json& first = result["locations"].Items()[0]["physicalLocation"];
  EXPECT_EQ(first["artifactLocation"]["uri"].AsString(), "p.cu");
  EXPECT_EQ(first["artifactLocation"]["uriBaseId"].AsString(), "%SRCROOT%");
  EXPECT_EQ(first["region"]["startLine"].AsNumber(), 7);
  EXPECT_EQ(first["region"]["startColumn"].AsNumber(), 12);
  // Further sites are related locations, each with its id and message.
  const Json& related = result["relatedLocations"];
  ASSERT_EQ(related.Items().size(), 2u);
  EXPECT_EQ(related.Items()[0]["id"].AsNumber(), 0);
  EXPECT_EQ(related.Items()[0]["message"]["text"].AsString(), "read by lane 4");
  EXPECT_FALSE(related.Items()[0]["physicalLocation"]["region"].Has("startColumn"));  // column 0: unknown
  // Outside the root: an absolute, percent-encoded file URI.
  EXPECT_EQ(related.Items()[1]["physicalLocation"]["artifactLocation"]["uri"].AsString(),
            "file:///elsewhere/h%20%22q%22.cuh");
  EXPECT_FALSE(related.Items()[1]["physicalLocation"]["artifactLocation"].Has("uriBaseId"));
  EXPECT_EQ(result["properties"]["replay"].AsString(), Race().replay);
}

TEST(Sarif, SiteWithoutLineHasNoRegion) {
  SarifInput input;
  input.finding = Race();
  input.finding->sites = {FindingSite{"/src/p.cu", 0, 0, ""}};
  const Json log = Parsed(input);
  const Json& location = log["runs"].Items()[0]["results"].Items()[0]["locations"].Items()[0];
  EXPECT_FALSE(location["physicalLocation"].Has("region"));
  EXPECT_FALSE(location.Has("message"));
  EXPECT_EQ(location["physicalLocation"]["artifactLocation"]["uri"].AsString(), "file:///src/p.cu");
}

TEST(Sarif, FailedExecutionIsReported) {
  SarifInput input;
  input.execution_successful = false;
  input.execution_note = "the program fails under the lockstep baseline";
  const Json log = Parsed(input);
  const Json& invocation = log["runs"].Items()[0]["invocations"].Items()[0];
  EXPECT_FALSE(invocation["executionSuccessful"].AsBool());
  EXPECT_EQ(invocation["toolExecutionNotifications"].Items()[0]["message"]["text"].AsString(),
            input.execution_note);
}

TEST(Sarif, ShardAndTracePage) {
  SarifInput input;
  input.finding = Race();
  input.source_root = "/src";
  input.shard = "2/4";
  input.trace_page = "/src/out/race.html";
  const Json run = Parsed(input)["runs"].Items().at(0);
  EXPECT_EQ(run["automationDetails"]["id"].AsString(), "warpsafe-check/shard-2-of-4/");
  EXPECT_EQ(run["invocations"].Items().at(0)["properties"]["shard"].AsString(), "2/4");
  const Json& attachment = run["results"].Items().at(0)["attachments"].Items().at(0);
  EXPECT_EQ(attachment["artifactLocation"]["uri"].AsString(), "out/race.html");
  EXPECT_EQ(attachment["artifactLocation"]["uriBaseId"].AsString(), "%SRCROOT%");
  // Neither without the options.
  input.shard.clear();
  input.trace_page.clear();
  const Json plain = Parsed(input)["runs"].Items().at(0);
  EXPECT_FALSE(plain.Has("automationDetails"));
  EXPECT_FALSE(plain["results"].Items().at(0).Has("attachments"));
}

TEST(Sarif, Deterministic) {
  SarifInput input;
  input.finding = Race();
  input.source_root = "/src";
  EXPECT_EQ(SarifLog(input), SarifLog(input));
}

TEST(Sarif, PathToUri) {
  bool relative = false;
  EXPECT_EQ(PathToUri("/a/b/c.cu", "/a", &relative), "b/c.cu");
  EXPECT_TRUE(relative);
  EXPECT_EQ(PathToUri("/a/../x/c.cu", "/a", &relative), "file:///x/c.cu");
  EXPECT_FALSE(relative);
  EXPECT_EQ(PathToUri("/ab/c.cu", "/a", &relative), "file:///ab/c.cu");
  EXPECT_EQ(PathToUri("rel/c d.cu", "/a", &relative), "rel/c%20d.cu");
  EXPECT_TRUE(relative);
  EXPECT_EQ(PathToUri("/a/c.cu", "", &relative), "file:///a/c.cu");
  EXPECT_FALSE(relative);
}

}  // namespace
}  // namespace warpsafe::cli
