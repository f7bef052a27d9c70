#include "printables/sheets.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/power_text.h"
#include "i18n/translate.h"
#include "printables/cards.h"
#include "printables/text_box.h"
#include "protocol/utf8.h"

namespace marshal::printables {

using i18n::tr;
using i18n::trn;

namespace {

// Text flowing down a page; refuses what cannot fit.
class Column {
 public:
  Column(PrintDocument& doc, std::string what) : doc_(doc), what_(std::move(what)), box_(doc.content_area()) {
    y_ = box_.y;
  }
  void write(const std::string& words, double size, bool bold = false, double gap = 1.5,
             const std::string& family = "DejaVu Serif") {
    TextStyle s;
    s.family = family;
    s.size_pt = size;
    s.min_size_pt = std::min(size, 7.0);
    s.bold = bold;
    TextFit fit = fit_text(doc_.cr(), words, s, {box_.x, y_, box_.w, box_.bottom() - y_});
    if (!fit.fits)
      // TRANSLATORS: a print refusal: the sheet's name, then the start of the text that did not fit.
      throw PrintRefusal(fmt::format(fmt::runtime(tr("{}: the page is full before \"{}\"")), what_,
                                     protocol::truncate_utf8(words, 40)));
    y_ += fit.height_mm + gap;
  }
  void space(double mm) { y_ += mm; }

 private:
  PrintDocument& doc_;
  std::string what_;
  Box box_;
  double y_;
};

std::string gunslinging_chart() {
  // TRANSLATORS: a rules summary on the character sheet and the GM reference. Accuracy is an
  // attribute; a card is drawn from the action deck.
  return tr("GUNSLINGIN' (card + Accuracy): 6 or less miss · 7-8 nicked (no damage) · 9-10 wounded · "
            "11-12 dead · 13+ shooter's choice (kill, or any wound). Trying not to kill (said before the "
            "draw): one step down, except at 13+. A bystander may take a wounding or killing bullet in a "
            "shootout (never in a duel, never at 13+).");
}
std::string fist_chart() {
  // TRANSLATORS: a rules summary on the character sheet and the GM reference. HtH is the
  // Hand-to-hand attribute.
  return tr("FISTS (card + your offense - their defense): 6 or less miss · 7-9 stunned (a free round for "
            "you) · 10+ knocked out (5 minutes). Three stuns in a row: knocked out. BRAWL: card + HtH, "
            "lowest is out; 5 minutes of headache when it ends.");
}
std::string wound_rule() {
  // TRANSLATORS: a rules summary on the character sheet and the GM reference.
  return tr("WOUNDED: you lose the use of one limb (your choice) and every attribute is -1 until a Doctor "
            "heals you. A second wound changes nothing. Dead is final for the evening.");
}

}  // namespace

void draw_character_sheet(PrintDocument& doc, const PrintModel& model, const PrintCharacter& who) {
  doc.new_page(who.name);
  // TRANSLATORS: a character's sheet named in a print refusal.
  Column col(doc, fmt::format(fmt::runtime(tr("character sheet of {}")), who.name));
  col.write(who.name, 20, true, 1);
  // TRANSLATORS: under a character's name: the player's name.
  if (!who.player.empty()) col.write(fmt::format(fmt::runtime(tr("played by {}")), who.player), 10, false, 1);
  col.write(model.title, 9, false, 4);
  const auto& a = who.attributes;
  // TRANSLATORS: a character's five attributes and their values, on one line of the character
  // sheet (keep the wide gaps between them).
  col.write(fmt::format(fmt::runtime(tr("Hand-to-hand {}     Speed {}     Accuracy {}     Gambling {}     Riding {}")),
                        a.hth, a.speed, a.accuracy, a.gambling, a.riding),
            12, true, 4, "DejaVu Sans");
  for (auto p : who.powers) {
    // TRANSLATORS: a heading on the character sheet: the name of one of the character's powers.
    col.write(fmt::format(fmt::runtime(tr("Power: {}")), power_name(p)), 11, true, 0.5);
    col.write(core::power_card_words(p), 9.5, false, 2.5);
  }
  if (!who.notes.empty()) {
    col.space(1);
    // TRANSLATORS: a heading on the character sheet, above the character's own notes.
    col.write(tr("Who you are"), 11, true, 0.5);
    col.write(who.notes, 10, false, 3);
  }
  int bystanders = 0, tricks = 0, horses = 0, secrets = 0;
  for (const auto& c : who.cards) {
    bystanders += c.kind == "bystander";
    tricks += c.kind == "trick";
    horses += c.kind == "horse";
    secrets += c.kind == "secret";
  }
  auto count = [](int n) { return static_cast<std::uint64_t>(std::max(n, 0)); };
  // TRANSLATORS: the counts of a character's cards, listed in "In your packet: ..." on the
  // character sheet.
  const std::string bystander_words =
      fmt::format(fmt::runtime(trn("{} innocent bystander", "{} innocent bystanders", count(bystanders))), bystanders);
  const std::string trick_words = fmt::format(fmt::runtime(trn("{} poker trick", "{} poker tricks", count(tricks))), tricks);
  const std::string horse_words = fmt::format(fmt::runtime(trn("{} horse", "{} horses", count(horses))), horses);
  const std::string secret_words = fmt::format(fmt::runtime(trn("{} secret", "{} secrets", count(secrets))), secrets);
  // TRANSLATORS: on the character sheet: the counts of innocent bystanders, poker tricks, horses
  // and secrets, each with its noun ("2 poker tricks").
  col.write(who.powers.empty()
                ? fmt::format(fmt::runtime(tr("In your packet: your badge, {}, {}, {}, {}.")), bystander_words,
                              trick_words, horse_words, secret_words)
                : fmt::format(fmt::runtime(tr("In your packet: your badge, {}, {}, {}, {} and your power cards.")),
                              bystander_words, trick_words, horse_words, secret_words),
            9.5, false, 2);
  if (!who.kiosk_pin.empty())
    col.write(fmt::format(fmt::runtime(tr("Your kiosk PIN: {}. Keep it to yourself: with your badge it opens your secrets, "
                                          "gifts and sales at the player kiosk.")),
                          who.kiosk_pin),
              11, true, 4);
  // TRANSLATORS: a heading on the character sheet, above the rules summaries.
  col.write(tr("Rules at a glance"), 11, true, 1);
  col.write(gunslinging_chart(), 9, false, 1.5);
  col.write(fist_chart(), 9, false, 1.5);
  col.write(wound_rule(), 9, false, 1.5);
}

void draw_reference_sheets(PrintDocument& doc, const PrintModel& model) {
  struct Sheet {
    std::string title;
    std::vector<std::string> lines;
  };
  // TRANSLATORS: the GM reference sheets: one page per conflict, its title then its rules. A card is
  // drawn from the action deck; Accuracy, Speed, HtH (Hand-to-hand), Gambling and Riding are
  // attributes.
  const std::vector<Sheet> sheets{
      {tr("GM reference: the action deck and shots"),
       {tr("The action deck: 50 cards. Ace x2 (counts 1), 2 x4, 3 x4, 4 x6, 5 x6, 6 x8, 7 x6, 8 x6, 9 x4, 10 x4. "
           "Reshuffle the full deck before every round of every conflict."),
        gunslinging_chart(), wound_rule(),
        tr("Killings: a death in a duel, by a Lawman shooting a criminal, or a hanging a Judge sentenced, is "
           "lawful. Any other killing is recorded as a possible murder for the Judges.")}},
      {tr("GM reference: duel"),
       {tr("Exactly two gunslingers. THE DRAW: each secretly commits 0..Accuracy to speed; each draws: card + "
           "Speed + committed. Higher shoots first; a tie shoots at once."),
        tr("FIRST ROUND: the faster shoots with Accuracy - committed; the slower, if still able, shoots with its "
           "own Accuracy - committed (a wound from the first shot already counts)."),
        tr("LATER ROUNDS: both shoot at once with full Accuracy. No bystanders in a duel."),
        tr("ENDS: at a death, a 13+ shot that ends it, when both stop, or when anyone joins: then it is a "
           "shootout, wounds carried over."),
        tr("AT THE STATION: Ctrl+S both stop. A third badge scanned on the duel screen opens the shootout "
           "with everybody. After a wound the player chooses the limb: one digit (1 left arm, 2 right arm, "
           "3 left leg, 4 right leg).")}},
      {tr("GM reference: shootout"),
       {tr("Three or more with guns drawn. Nobody joins once it started. Each round every player raises a hand "
           "and names a target (locked before any draw), or takes cover. A shooter may pin a player in cover "
           "instead (no draw): the pinned player cannot escape."),
        tr("All shots resolve at once: card + Accuracy in use. A bystander may take a wounding or killing "
           "bullet (one per bullet, decided at once, never at 13+): the card is torn and given to a GM."),
        tr("Two rounds in cover in a row, not pinned: may escape. Ambushers get one free round first."),
        tr("When it ends, everyone wounded or pinned may be arrested by a Lawman."),
        tr("TWO WHO SHOOT, NOT A DUEL (a murder, a Lawman's shot at a criminal): a shooting of two at the "
           "station (F6, two badges, Ctrl+N). Bystanders may take bullets; a death is judged as in a shootout.")}},
      {tr("GM reference: fistfight and brawl"), {fist_chart(),
        tr("FISTFIGHT: each secretly splits HtH into offense + defense, then both draw. Both results apply. A "
           "stunned fighter sits out the next round (no attack, defense 0). It ends at a knock-out, when both "
           "stop, or when a third joins: a brawl."),
        tr("BRAWL: each round everyone draws + HtH; the lowest total is out (unconscious until the brawl ends). "
           "A tie for lowest: the tied draw again. Between rounds anyone may flee (and not come back), anyone "
           "who has not fled may join. One left standing wins.")}},
      {tr("GM reference: cheating accusation"),
       {tr("A trick is spent when flipped, whether or not anyone accuses. The accuser and the accused draw + "
           "Gambling. The accuser must be strictly higher to open the trick."),
        tr("Cheat: the accused loses a random innocent bystander. Skill, or the accuser not higher: the "
           "accuser loses one. Tricks are single use for the whole evening.")}},
      {tr("GM reference: chase"),
       {tr("Nobody comes within the wait (1-3 minutes): escaped. Each side's best rider is dealt 5 + best "
           "Riding + worst horse of the group, from the location deck."),
        // TRANSLATORS: ROAD is the heading of a location card a chase may start with; "Stuck in
        // Town" is the name of that outcome.
        tr("The varmint plays one card, then the posse one or more (riding hard). Each side's first card must "
           "be a ROAD card (else Stuck in Town); every later card must be linked from that side's previous "
           "card."),
        tr("The posse matches when its last card is the varmint's location (the count resets). Three varmint "
           "cards in a row unmatched: escaped. The varmint may not play the posse's location, nor the last "
           "place the posse passed through to reach it. A varmint with no legal card is caught: a duel (one "
           "on one) or a shootout at its last location; an ambush there gives the ambushers a free round."),
        tr("OUT OF TOWN: a chase may start at a location (Ctrl+L at the station): each side's first card must "
           "lead on from it. AN AMBUSH springs when the posse rides into the named place, or the varmint is "
           "caught there: a shootout there, the ambushers shooting first.")}},
      {tr("GM reference: Judges, the Mayor, land and notes"),
       {tr("AT THE STATION: F11, scan the badge of the Judge or the Mayor acting, then Ctrl + a key. Every "
           "decision gets a number (#N, listed on the screen): an override names it."),
        tr("A JUDGE: D deputizes one character for one task (the badge of the one to arrest, or the task in "
           "words): the deputy may make that one arrest as a Lawman. S sentences an arrested character: "
           "1 jail (minutes, a timer), 2 a fine, 3 banishment, 4 hanging (a lawful death), with the charge. "
           "O overrides any decision of a Mayor or Judge; a Judge overriding another Judge's ruling is a "
           "dispute the Mayor settles (T)."),
        tr("THE MAYOR: P gives a Territory Fair prize. EITHER: L notarizes a land deal (the deed, 1 sale, "
           "2 mortgage, 3 redemption, the other party, the price); R shows who owns what; N notarizes a "
           "banker's promissory note (banker, payer, payee, amount, minutes until due), printed for the "
           "payee. At F5 a note is passed on (Ctrl+N) or paid once (Ctrl+P).")}},
  };
  for (const auto& sheet : sheets) {
    doc.new_page(sheet.title);
    Column col(doc, sheet.title);
    col.write(model.title, 9, false, 3);
    for (const auto& line : sheet.lines) col.write(line, 11, false, 4);
  }
}

}  // namespace marshal::printables
