#include "i18n/plural_forms.h"

#include <cctype>
#include <cstdlib>

namespace marshal::i18n {

struct PluralForms::Node {
  enum class Kind { number, n, negate, binary, conditional } kind = Kind::number;
  std::uint64_t value = 0;
  std::string op;  // for binary: "*", "%", "==", "&&", ...
  std::unique_ptr<Node> a, b, c;
};

namespace {

using Node = PluralForms::Node;

// A recursive-descent reader of the expression, with C's precedence.
class RuleReader {
public:
  explicit RuleReader(std::string_view text) : text_(text) {}

  std::unique_ptr<Node> read_all(std::string* problem) {
    auto node = conditional(0);
    skip_spaces();
    if (node && pos_ < text_.size()) fail("unexpected '" + std::string(1, text_[pos_]) + "'");
    if (!problem_.empty()) {
      if (problem) *problem = problem_;
      return nullptr;
    }
    return node;
  }

private:
  void fail(const std::string& what) {
    if (problem_.empty()) problem_ = what + " at character " + std::to_string(pos_ + 1) + " of the plural rule";
  }
  void skip_spaces() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool take(std::string_view token) {
    skip_spaces();
    if (text_.substr(pos_, token.size()) != token) return false;
    // "!" must not take the first half of "!=" (nor "<" or ">" of "<=", ">=").
    if (token.size() == 1 && pos_ + 1 < text_.size() && text_[pos_ + 1] == '=' &&
        (token == "<" || token == ">" || token == "!"))
      return false;
    pos_ += token.size();
    return true;
  }
  bool too_deep(int depth) {
    if (depth <= max_plural_rule_depth) return false;
    fail("nested more than " + std::to_string(max_plural_rule_depth) + " deep");
    return true;
  }
  static std::unique_ptr<Node> binary(std::string op, std::unique_ptr<Node> a, std::unique_ptr<Node> b) {
    auto node = std::make_unique<Node>();
    node->kind = Node::Kind::binary;
    node->op = std::move(op);
    node->a = std::move(a);
    node->b = std::move(b);
    return node;
  }

  std::unique_ptr<Node> conditional(int depth) {
    if (too_deep(depth)) return nullptr;
    auto test = logical_or(depth + 1);
    if (!test || !take("?")) return test;
    auto yes = conditional(depth + 1);
    if (!yes) return nullptr;
    if (!take(":")) {
      fail("':' expected");
      return nullptr;
    }
    auto no = conditional(depth + 1);
    if (!no) return nullptr;
    auto node = std::make_unique<Node>();
    node->kind = Node::Kind::conditional;
    node->a = std::move(test);
    node->b = std::move(yes);
    node->c = std::move(no);
    return node;
  }

  // One level of left-associative binary operators, tried in the order given.
  template <typename Next>
  std::unique_ptr<Node> level(int depth, std::initializer_list<std::string_view> ops, Next next) {
    if (too_deep(depth)) return nullptr;
    auto left = next(depth + 1);
    while (left) {
      std::string_view found;
      for (auto op : ops)
        if (take(op)) {
          found = op;
          break;
        }
      if (found.empty()) break;
      auto right = next(depth + 1);
      if (!right) return nullptr;
      left = binary(std::string(found), std::move(left), std::move(right));
    }
    return left;
  }

  std::unique_ptr<Node> logical_or(int d) {
    return level(d, {"||"}, [this](int x) { return logical_and(x); });
  }
  std::unique_ptr<Node> logical_and(int d) {
    return level(d, {"&&"}, [this](int x) { return equality(x); });
  }
  std::unique_ptr<Node> equality(int d) {
    return level(d, {"==", "!="}, [this](int x) { return relation(x); });
  }
  std::unique_ptr<Node> relation(int d) {
    return level(d, {"<=", ">=", "<", ">"}, [this](int x) { return additive(x); });
  }
  std::unique_ptr<Node> additive(int d) {
    return level(d, {"+", "-"}, [this](int x) { return multiplicative(x); });
  }
  std::unique_ptr<Node> multiplicative(int d) {
    return level(d, {"*", "/", "%"}, [this](int x) { return unary(x); });
  }

  std::unique_ptr<Node> unary(int depth) {
    if (too_deep(depth)) return nullptr;
    if (take("!")) {
      auto inner = unary(depth + 1);
      if (!inner) return nullptr;
      auto node = std::make_unique<Node>();
      node->kind = Node::Kind::negate;
      node->a = std::move(inner);
      return node;
    }
    if (take("(")) {
      auto inner = conditional(depth + 1);
      if (!inner) return nullptr;
      if (!take(")")) {
        fail("')' expected");
        return nullptr;
      }
      return inner;
    }
    skip_spaces();
    if (take("n")) {
      auto node = std::make_unique<Node>();
      node->kind = Node::Kind::n;
      return node;
    }
    if (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      std::uint64_t value = 0;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        if (value > 1'000'000'000) {
          fail("a number too large");
          return nullptr;
        }
        value = value * 10 + static_cast<std::uint64_t>(text_[pos_++] - '0');
      }
      auto node = std::make_unique<Node>();
      node->value = value;
      return node;
    }
    fail(pos_ < text_.size() ? "unexpected '" + std::string(1, text_[pos_]) + "'" : "the rule ends too soon");
    return nullptr;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::string problem_;
};

std::uint64_t evaluate(const Node& node, std::uint64_t n) {
  switch (node.kind) {
    case Node::Kind::number: return node.value;
    case Node::Kind::n: return n;
    case Node::Kind::negate: return evaluate(*node.a, n) == 0 ? 1 : 0;
    case Node::Kind::conditional: return evaluate(*node.a, n) != 0 ? evaluate(*node.b, n) : evaluate(*node.c, n);
    case Node::Kind::binary: break;
  }
  const std::uint64_t a = evaluate(*node.a, n);
  if (node.op == "&&") return a != 0 && evaluate(*node.b, n) != 0;
  if (node.op == "||") return a != 0 || evaluate(*node.b, n) != 0;
  const std::uint64_t b = evaluate(*node.b, n);
  if (node.op == "*") return a * b;
  if (node.op == "/") return b == 0 ? 0 : a / b;  // a rule dividing by zero is wrong, not fatal
  if (node.op == "%") return b == 0 ? 0 : a % b;
  if (node.op == "+") return a + b;
  if (node.op == "-") return a - b;
  if (node.op == "<") return a < b;
  if (node.op == "<=") return a <= b;
  if (node.op == ">") return a > b;
  if (node.op == ">=") return a >= b;
  if (node.op == "==") return a == b;
  return a != b;  // "!=", the only operator left
}

// The value after "key=" up to the next ';', trimmed; nullopt when the key is absent.
std::optional<std::string_view> field(std::string_view text, std::string_view key) {
  for (std::size_t at = text.find(key); at != std::string_view::npos; at = text.find(key, at + 1)) {
    if (at > 0 && std::isalpha(static_cast<unsigned char>(text[at - 1]))) continue;
    std::size_t p = at + key.size();
    while (p < text.size() && text[p] == ' ') ++p;
    if (p >= text.size() || text[p] != '=') continue;
    const std::size_t end = text.find(';', p + 1);
    std::string_view value = text.substr(p + 1, end == std::string_view::npos ? std::string_view::npos : end - p - 1);
    while (!value.empty() && std::isspace(static_cast<unsigned char>(value.front()))) value.remove_prefix(1);
    while (!value.empty() && std::isspace(static_cast<unsigned char>(value.back()))) value.remove_suffix(1);
    return value;
  }
  return std::nullopt;
}

}  // namespace

PluralForms::PluralForms() {
  // English: plural=(n != 1)
  rule_ = std::make_unique<Node>();
  rule_->kind = Node::Kind::binary;
  rule_->op = "!=";
  rule_->a = std::make_unique<Node>();
  rule_->a->kind = Node::Kind::n;
  rule_->b = std::make_unique<Node>();
  rule_->b->value = 1;
}
PluralForms::~PluralForms() = default;
PluralForms::PluralForms(PluralForms&&) noexcept = default;
PluralForms& PluralForms::operator=(PluralForms&&) noexcept = default;

std::optional<PluralForms> PluralForms::parse(std::string_view header_value, std::string* problem) {
  const auto count_text = field(header_value, "nplurals");
  const auto rule_text = field(header_value, "plural");
  if (!count_text || !rule_text) {
    if (problem) *problem = "Plural-Forms needs nplurals=N; plural=RULE;";
    return std::nullopt;
  }
  const std::string digits(*count_text);
  char* end = nullptr;
  const long count = std::strtol(digits.c_str(), &end, 10);
  if (digits.empty() || *end != '\0' || count < 1 || count > 6) {
    if (problem) *problem = "nplurals must be a number from 1 to 6, not '" + digits + "'";
    return std::nullopt;
  }
  auto rule = RuleReader(*rule_text).read_all(problem);
  if (!rule) return std::nullopt;
  PluralForms forms;
  forms.count_ = static_cast<int>(count);
  forms.rule_ = std::move(rule);
  return forms;
}

int PluralForms::form_for(std::uint64_t n) const {
  const std::uint64_t form = evaluate(*rule_, n);
  return form < static_cast<std::uint64_t>(count_) ? static_cast<int>(form) : count_ - 1;
}

}  // namespace marshal::i18n
