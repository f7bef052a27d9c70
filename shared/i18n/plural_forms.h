// A catalogue's plural rule, read from its "Plural-Forms:" header line (GNU gettext's format):
//   nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);
// The rule is a C expression in n; this evaluates the subset gettext allows (integer literals,
// n, parentheses, ! * / % + - < <= > >= == != && || ?:). A catalogue is a file from outside, so a
// rule that does not parse is refused with what and where, and a form number out of range falls
// back to the last form rather than reading past the table.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace marshal::i18n {

// Deepest the rule reader may go, in levels of its grammar (about 9 per parenthesis; the Russian
// rule needs 27). Deeper is refused before the stack is at risk.
inline constexpr int max_plural_rule_depth = 200;

class PluralForms {
public:
  // English's rule: two forms, the first for n == 1.
  PluralForms();
  ~PluralForms();
  PluralForms(PluralForms&&) noexcept;
  PluralForms& operator=(PluralForms&&) noexcept;

  // Reads "nplurals=N; plural=EXPR;". nullopt with *problem saying what is wrong where.
  static std::optional<PluralForms> parse(std::string_view header_value, std::string* problem);

  int count() const { return count_; }
  // The form for n, always within 0..count()-1.
  int form_for(std::uint64_t n) const;

  struct Node;

private:
  int count_ = 2;
  std::unique_ptr<Node> rule_;
};

}  // namespace marshal::i18n
