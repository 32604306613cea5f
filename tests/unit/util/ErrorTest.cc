// Error messages stay on one line whatever input they quote: the CLI prints exactly one line
// "argus: error: ..." per rejection, and the fuzz harnesses (fuzz/) hold every reader to it.
#include <gtest/gtest.h>

#include "util/Error.h"

using namespace argus;

TEST(Errors, InputErrorEscapesLineBreaksAndControlCharacters) {
  InputError e("dir/a\nb.yml", 3, "input file 'x\r\ny\t\x01' does not exist");
  EXPECT_EQ(std::string(e.what()), "dir/a\\nb.yml:3: input file 'x\\r\\ny\\t\\x01' does not exist");
  EXPECT_EQ(e.file(), "dir/a\nb.yml");
  EXPECT_EQ(e.line(), 3);
  EXPECT_EQ(std::string(UnsupportedError("a\nb").what()), "a\\nb");
}

TEST(Errors, QuoteInputCutsLongInput) {
  EXPECT_EQ(quoteInput("abc"), "'abc'");
  EXPECT_EQ(quoteInput("abcdef", 3), "'abc...'");
  EXPECT_EQ(quoteInput("a\nb"), "'a\\nb'");
}
