// The JSON reader and writer used for the engine's report and for SARIF.
#include "cli/check_json.h"

#include <gtest/gtest.h>

namespace warpsafe::cli {
namespace {

TEST(CheckJson, ReadsTheEnginesReport) {
  const std::string text =
      "{\"id\": \"shfl-inactive-source\", \"title\": \"shuffle from inactive lane\", \"where\": \"w\",\n"
      " \"sites\": [{\"file\": \"/p.cu\", \"line\": 5, \"column\": 0, \"what\": \"a \\\"b\\\"\\n\\u00e9\\ud83d\\ude00\"}],"
      " \"lines\": [], \"replay\": \"r\"}\n";
  std::string error;
  const std::optional<Json> doc = Json::Parse(text, &error);
  ASSERT_TRUE(doc) << error;
  EXPECT_EQ((*doc)["id"].AsString(), "shfl-inactive-source");
  EXPECT_EQ((*doc)["sites"].Items()[0]["line"].AsNumber(), 5);
  EXPECT_EQ((*doc)["sites"].Items()[0]["what"].AsString(), "a \"b\"\n\xc3\xa9\xf0\x9f\x98\x80");
  EXPECT_TRUE((*doc)["lines"].IsArray());
  EXPECT_TRUE((*doc)["missing"].IsNull());
}

TEST(CheckJson, RejectsMalformedInput) {
  for (const char* bad : {"", "{", "{\"a\" 1}", "[1,]", "{\"a\": 1} x", "\"\\x\"", "nul", "-", "1.", "\"a\nb\""}) {
    std::string error;
    EXPECT_FALSE(Json::Parse(bad, &error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}

TEST(CheckJson, DumpRoundTripsAndKeepsOrder) {
  Json doc = Json::Object();
  doc.Set("z", 1).Set("a", Json::Array().Push("x\ty").Push(true).Push(Json()).Push(2.5)).Set("e", Json::Object());
  const std::string text = doc.Dump();
  EXPECT_LT(text.find("\"z\""), text.find("\"a\""));
  const std::optional<Json> back = Json::Parse(text);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->Dump(), text);
  EXPECT_EQ((*back)["a"].Items()[0].AsString(), "x\ty");
  EXPECT_EQ((*back)["a"].Items()[3].AsNumber(), 2.5);
  EXPECT_NE(text.find("\"z\": 1,"), std::string::npos) << text;  // integers print without a fraction
}

}  // namespace
}  // namespace warpsafe::cli
