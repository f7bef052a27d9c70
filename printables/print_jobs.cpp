#include "printables/print_jobs.h"

#include <unistd.h>

#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "core/action_deck.h"
#include "core/card_code.h"
#include "i18n/translate.h"
#include "i18n/utf8_text.h"
#include "printables/cards.h"
#include "printables/enrollment_card.h"
#include "printables/sheets.h"

namespace marshal::printables {

namespace fs = std::filesystem;

std::string file_slug(const std::string& name) {
  std::string part = i18n::file_name_part(name);
  if (part.size() > max_file_slug_bytes) {
    std::size_t cut = max_file_slug_bytes;
    while (cut > 0 && (static_cast<unsigned char>(part[cut]) & 0xC0) == 0x80) --cut;  // not inside a letter
    part.resize(cut);
    while (!part.empty() && part.back() == '-') part.pop_back();
  }
  return part.empty() ? "character" : part;
}

std::vector<std::string> packet_file_names(const std::vector<std::string>& names) {
  std::vector<std::string> files;
  std::set<std::string> taken;
  for (const auto& name : names) {
    const std::string slug = file_slug(name);
    std::string file = slug + ".pdf";
    for (int n = 2; !taken.insert(file).second; ++n) file = slug + "-" + std::to_string(n) + ".pdf";
    files.push_back(file);
  }
  return files;
}

namespace {

// Writes one PDF through `fill`, renaming it into place only when complete. A file that was
// there before is printed over and named in result.replaced (the CLI says so).
template <class Fill>
void write_pdf(const std::string& path, Paper paper, const std::string& title, PrintResult& result, Fill&& fill) {
  std::error_code ignored;
  const bool was_there = fs::exists(path, ignored);
  std::string temporary = path + ".partial-" + std::to_string(getpid());
  try {
    PrintDocument doc(temporary, paper, title);
    fill(doc);
    doc.finish();
    result.pages += doc.pages();
    result.placements = doc.placements();
  } catch (...) {
    fs::remove(temporary);
    throw;
  }
  fs::rename(temporary, path);
  result.files.push_back(path);
  if (was_there) result.replaced.push_back(path);
}

void draw_packet_cards(PrintDocument& doc, const PrintModel& model, const PrintCharacter& who, PrintResult& result) {
  for (const auto& card : who.cards) {
    const std::string what = card.kind + " " + card.code;
    if (card.kind == "badge") {
      draw_badge(doc.cr(), doc.place_card(card_w, card_h, what), who, model.title);
    } else if (card.kind == "power") {
      draw_power(doc.cr(), doc.place_card(card_w, card_h, what), card);
    } else if (card.kind == "secret") {
      draw_secret(doc.cr(), doc.place_card(card_w, card_h, what), card);
    } else if (card.kind == "horse") {
      draw_horse(doc.cr(), doc.place_card(horse_w, horse_h, what, false), card);
    } else if (card.kind == "bystander") {
      draw_bystander(doc.cr(), doc.place_card(card_w, card_h, what), card);
    } else if (card.kind == "trick") {
      draw_trick(doc.cr(), doc.place_card(card_w, card_h, what), card);
    } else if (card.kind == "token") {
      draw_token(doc.cr(), doc.place_card(card_w, card_h, what), card);
    } else if (card.kind == "deed") {
      draw_deed(doc.cr(), doc.place_card(card_w, card_h, what), card);
    } else if (card.kind == "note") {
      draw_note(doc.cr(), doc.place_card(card_w, card_h, what), card);
    } else {
      continue;
    }
    ++result.cards;
  }
}

void draw_packet(PrintDocument& doc, const PrintModel& model, const PrintCharacter& who, PrintResult& result) {
  draw_character_sheet(doc, model, who);
  doc.new_page(who.name);
  draw_packet_cards(doc, model, who, result);
}

void ensure_dir(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) throw std::runtime_error(fmt::format(fmt::runtime(i18n::tr("cannot create the folder {}")), dir));
}

}  // namespace

PrintResult print_packets(const PrintModel& model, const std::string& out_dir, Paper paper,
                          const std::optional<std::string>& character, bool combined,
                          const Progress& progress) {
  ensure_dir(out_dir);
  std::vector<const PrintCharacter*> chosen;
  for (const auto& c : model.characters)
    if (!character || c.name == *character) chosen.push_back(&c);
  if (chosen.empty())
    throw PrintRefusal(fmt::format(fmt::runtime(i18n::tr("no character named '{}' in this ledger")), character.value_or("")));
  PrintResult result;
  int done = 0;
  if (combined) {
    write_pdf((fs::path(out_dir) / "packets.pdf").string(), paper, model.title, result, [&](PrintDocument& doc) {
      for (const auto* who : chosen) {
        draw_packet(doc, model, *who, result);
        if (progress) progress(++done, static_cast<int>(chosen.size()));
      }
    });
    return result;
  }
  // Every character's file name is made before any is written, from the whole cast, so that
  // printing one character (--character) names its file as printing them all does.
  std::vector<std::string> names;
  for (const auto& c : model.characters) names.push_back(c.name);
  const std::vector<std::string> files = packet_file_names(names);
  for (const auto* who : chosen) {
    const auto index = static_cast<std::size_t>(who - model.characters.data());
    if (files[index] != file_slug(who->name) + ".pdf") result.renamed.push_back({who->name, files[index]});
    write_pdf((fs::path(out_dir) / files[index]).string(), paper, model.title, result,
              [&](PrintDocument& doc) { draw_packet(doc, model, *who, result); });
    if (progress) progress(++done, static_cast<int>(chosen.size()));
  }
  return result;
}

PrintResult print_decks(const PrintModel& model, const std::string& out_dir, Paper paper) {
  ensure_dir(out_dir);
  PrintResult result;
  write_pdf((fs::path(out_dir) / "action-deck.pdf").string(), paper, model.title, result, [&](PrintDocument& doc) {
    doc.new_page(i18n::tr("Action deck: cut, fold on the dashes"));
    for (int value = core::lowest_card; value <= core::highest_card; ++value)
      for (int copy = 0; copy < core::action_deck_copies[value]; ++copy) {
        draw_action_card(doc.cr(), doc.place_card(deck_w, 2 * deck_h, fmt::format("action {}", value)), value,
                         model.title);
        ++result.cards;
      }
  });
  if (model.locations.empty()) return result;
  // Links work both ways: a card lists every place it leads to.
  core::LocationMap map(model.locations);
  write_pdf((fs::path(out_dir) / "location-deck.pdf").string(), paper, model.title, result, [&](PrintDocument& doc) {
    doc.new_page(i18n::tr("Location deck: cut, fold on the dashes"));
    for (int i = 0; i < map.size(); ++i) {
      core::Location full = map.at(i);
      full.links.clear();
      for (int j = 0; j < map.size(); ++j)
        if (map.linked(i, j)) full.links.push_back(map.at(j).name);
      for (int copy = 0; copy < full.copies; ++copy) {
        draw_location_card(doc.cr(), doc.place_card(deck_w, 2 * deck_h, "location " + full.name), full, i,
                           model.title);
        ++result.cards;
      }
    }
  });
  return result;
}

PrintResult print_reference(const PrintModel& model, const std::string& out_dir, Paper paper) {
  ensure_dir(out_dir);
  PrintResult result;
  write_pdf((fs::path(out_dir) / "gm-reference.pdf").string(), paper, model.title, result,
            [&](PrintDocument& doc) { draw_reference_sheets(doc, model); });
  return result;
}

PrintResult print_card(const PrintModel& model, const std::string& code, const std::string& out_file, Paper paper) {
  core::ParsedCardCode parsed = core::parse_card_code(code);
  if (!parsed.ok()) throw PrintRefusal("'" + code + "': " + std::string(core::describe(parsed.problem)));
  auto card = find_card(model, parsed.code);
  if (!card)
    throw PrintRefusal(fmt::format(fmt::runtime(i18n::tr("the ledger holds no live card {} (unknown, or revoked)")), parsed.code));
  const PrintCharacter* holder = nullptr;
  for (const auto& c : model.characters)
    if (c.name == card->holder) holder = &c;
  PrintResult result;
  write_pdf(out_file, paper, model.title, result, [&](PrintDocument& doc) {
    // TRANSLATORS: a page's heading: the holder, then the card's kind as the ledger names it.
    doc.new_page(fmt::format(fmt::runtime(i18n::tr("{}: {} card")), card->holder, card->kind));
    PrintCharacter one = *holder;
    one.cards = {*card};
    draw_packet_cards(doc, model, one, result);
  });
  return result;
}

PrintResult print_tokens(const PrintModel& model, const std::string& out_file, Paper paper) {
  bool any = false;
  for (const auto& who : model.characters)
    for (const auto& card : who.cards) any = any || (card.kind == "token" && !card.spent);
  if (!any)
    throw PrintRefusal(
        i18n::tr("the ledger holds no token of fortune still to play: a GM issues them first (token_issued)"));
  PrintResult result;
  write_pdf(out_file, paper, model.title, result, [&](PrintDocument& doc) {
    doc.new_page(i18n::tr("Tokens of fortune"));
    for (const auto& who : model.characters) {
      PrintCharacter tokens = who;
      tokens.cards.clear();
      for (const auto& card : who.cards)
        if (card.kind == "token" && !card.spent) tokens.cards.push_back(card);  // a played one is done
      draw_packet_cards(doc, model, tokens, result);
    }
  });
  return result;
}

PrintResult print_enrollment_card(const std::string& station, const std::string& role,
                                  const protocol::Enrollment& enrollment, const std::string& out_file, Paper paper,
                                  const std::string& admin_code) {
  PrintResult result;
  write_pdf(out_file, paper, i18n::tr("Marshal station enrollment"), result, [&](PrintDocument& doc) {
    doc.new_page(fmt::format(fmt::runtime(i18n::tr("Enrollment card: {}")), station));
    draw_enrollment_card(doc.cr(), doc.place_card(enrollment_card_w, enrollment_card_h, "enrollment " + station), station,
                         role, enrollment);
    if (!admin_code.empty())
      draw_admin_card(doc.cr(), doc.place_card(enrollment_card_w, enrollment_card_h, "admin " + station), station,
                      admin_code);
  });
  result.cards = admin_code.empty() ? 1 : 2;
  return result;
}

}  // namespace marshal::printables
