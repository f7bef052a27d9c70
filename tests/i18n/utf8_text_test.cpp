// File names and capitals for names in any script (shared/i18n/utf8_text.h).
#include <catch2/catch.hpp>

#include "i18n/utf8_text.h"

using namespace marshal::i18n;

TEST_CASE("a name becomes a file name part: Latin lower case, Cyrillic spelt in Latin, words joined by '-'",
          "[i18n][utf8]") {
  CHECK(file_name_part("Zechariah Chamberlain") == "zechariah-chamberlain");
  CHECK(file_name_part("Жанна Щукина") == "zhanna-shchukina");
  CHECK(file_name_part("Шериф Амос Брэди") == "sherif-amos-bredi");
  CHECK(file_name_part("Юлия Ёлкина-Цой") == "yuliya-elkina-tsoy");
  CHECK(file_name_part("Хэнк «Малыш» Кэллоуэй") == "khenk-malysh-kellouey");
  CHECK(file_name_part("Объезчик Подъячий") == "obezchik-podyachiy");
  CHECK(file_name_part("José Núñez") == "jose-nunez");
  CHECK(file_name_part("  ../etc/passwd  ") == "etc-passwd");
  CHECK(file_name_part("O'Brien #2") == "o-brien-2");
}

TEST_CASE("letters of other scripts are kept as they are, and nothing but letters and digits gives ''",
          "[i18n][utf8]") {
  CHECK(file_name_part("Ωμέγα") == "Ωμέγα");  // Greek: kept as typed
  CHECK(file_name_part("李 小龍") == "李-小龍");
  CHECK(file_name_part("!!! ... ---") == "");
  CHECK(file_name_part("") == "");
  CHECK(file_name_part("\t\n\x01") == "");
}

TEST_CASE("bytes that are not UTF-8 are dropped from a file name, never passed on", "[i18n][utf8]") {
  CHECK(file_name_part("Kid\xff\xfe Calloway") == "kid-calloway");
  CHECK(file_name_part("\xd0") == "");           // a lead byte with nothing after it
  CHECK(file_name_part("a\xe2\x82z") == "a-z");  // a sequence cut short
}

TEST_CASE("the first letter becomes a capital in Latin and Cyrillic, and the rest is left alone", "[i18n][utf8]") {
  CHECK(capitalize_first("colt") == "Colt");
  CHECK(capitalize_first("кольт") == "Кольт");
  CHECK(capitalize_first("ёж") == "Ёж");
  CHECK(capitalize_first("éclair") == "Éclair");
  CHECK(capitalize_first("3 horses") == "3 horses");
  CHECK(capitalize_first("") == "");
  CHECK(capitalize_first("\xff rest") == "\xff rest");
}

TEST_CASE("a whole text in upper case covers Cyrillic, including Ё", "[i18n][utf8]") {
  CHECK(to_upper("Шериф Брэди") == "ШЕРИФ БРЭДИ");
  CHECK(to_upper("ёлка") == "ЁЛКА");
  CHECK(to_upper("Kid Calloway, 1875") == "KID CALLOWAY, 1875");
  CHECK(to_upper("bad \xff byte") == "BAD \xff BYTE");
}
