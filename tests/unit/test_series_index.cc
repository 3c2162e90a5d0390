// The .pvd index of hamdyn's ParaView series (output/series_index.h): a record added to an index
// gives the same file as the whole index written at once, times keep every digit, a file that is
// not an index of hamdyn's is written whole, and a resumed run removes files numbered past 99999.
#include "output/series_index.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace {
using namespace hamdyn;

std::string contents(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

struct SeriesIndex : testing::Test {
  std::string directory;
  void SetUp() override {
    directory = std::filesystem::temp_directory_path() /
                ("hamdyn_series_index_" + std::to_string(::getpid()));
    std::filesystem::create_directories(directory);
  }
  void TearDown() override { std::filesystem::remove_all(directory); }
};

TEST_F(SeriesIndex, RecordsAddedOneByOneGiveTheWholeIndex) {
  SeriesRecords records;
  for (std::size_t k = 0; k < 300; ++k) {
    records.emplace_back(k == 0   ? 123.4561
                         : k == 1 ? 123.4562
                                  : 0.1 * double(k),
                         series_file_base("s", k) + ".vtp");
    append_series_record(directory, "s", records);
  }
  const std::string appended = contents(directory + "/s.pvd");
  write_series_index(directory, "whole", records);
  std::string whole = contents(directory + "/whole.pvd");
  EXPECT_EQ(appended, whole);
  // every time as the double it is: no two records share one (6 digits would merge them)
  EXPECT_NE(appended.find("timestep=\"123.4561\""), std::string::npos);
  EXPECT_NE(appended.find("timestep=\"123.4562\""), std::string::npos);
  EXPECT_NE(appended.find("file=\"s_00299.vtp\""), std::string::npos);
  EXPECT_NE(appended.find("timestep=\"29.900000000000002\""), std::string::npos); // 0.1 * 299
  const std::string tail = "  </Collection>\n</VTKFile>\n";
  EXPECT_EQ(appended.rfind(tail), appended.size() - tail.size());
}

TEST_F(SeriesIndex, AFileThatIsNotAnIndexIsWrittenWhole) {
  std::ofstream(directory + "/s.pvd") << "left from something else";
  const SeriesRecords records{{0.0, "s_00000.vtp"}, {0.5, "s_00001.vtp"}};
  append_series_record(directory, "s", records);
  write_series_index(directory, "whole", records);
  EXPECT_EQ(contents(directory + "/s.pvd"), contents(directory + "/whole.pvd"));
}

TEST_F(SeriesIndex, FilesPastFiveDigitsAreRemovedOnResume) {
  for (const std::size_t k : {99998ul, 99999ul, 100000ul, 123456ul})
    std::ofstream(directory + "/" + series_file_base("s", k) + ".vtp") << "x";
  EXPECT_EQ(series_file_base("s", 100000), "s_100000");
  remove_series_files_from(directory, "s", 99999);
  EXPECT_TRUE(std::filesystem::exists(directory + "/s_99998.vtp"));
  for (const char* gone : {"/s_99999.vtp", "/s_100000.vtp", "/s_123456.vtp"})
    EXPECT_FALSE(std::filesystem::exists(directory + gone)) << gone;
}

} // namespace
