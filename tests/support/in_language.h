#pragma once
// A language for the life of a test, English again after (the other tests read English). Needs the
// build's catalogues (po/), which every preset compiles.
#include <catch2/catch.hpp>

#include <string>

#include "i18n/translate.h"

namespace marshal::test_support {

struct InLanguage {
  explicit InLanguage(const char* language) {
    std::string problem;
    const bool used = i18n::use_language(language, &problem);
    INFO(problem);
    REQUIRE(used);
  }
  ~InLanguage() { i18n::use_language("en", nullptr); }
  InLanguage(const InLanguage&) = delete;
  InLanguage& operator=(const InLanguage&) = delete;
};

}  // namespace marshal::test_support
