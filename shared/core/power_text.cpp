#include "core/power_text.h"

#include "i18n/sentence.h"

namespace marshal::core {

namespace {

i18n::Sentence power_sentence(Power power) {
  using i18n::say;
  switch (power) {
    case Power::doctor: return say("Heal a wounded character, with time: the wound and its -1 are gone.");
    case Power::mayor:
      return say("Call a vote for any public office (ballots open 15 minutes); preside over the Territory "
                 "Fair; notarize business deals; break ties between two Judges; keep the land register.");
    case Power::judge:
      return say("Override the Mayor; deputize someone as a Lawman for one task; notarize business "
                 "deals; judge and sentence criminals.");
    case Power::lawman:
      return say("Arrest anyone wounded or pinned when a shootout ends, or who surrenders; shoot anyone "
                 "caught in criminal activity; borrow a horse for a task (and return it); enter any "
                 "building on duty.");
    case Power::banker: return say("Keep the bank's cash; issue and honour promissory notes; set exchange rates.");
    case Power::tracking: return say("Track varmints who got away from a posse (tracking rules from the GM).");
    case Power::hideout: return say("You have a hideout out of town (hideout rules from the GM).");
    case Power::prospecting: return say("Search for gold and silver around town (prospecting rules from the GM).");
    case Power::charm: return say("Charm or seduce: show this card to the one you charm.");
  }
  return {};
}

}  // namespace

std::string power_card_text(Power power) { return power_sentence(power).english(); }

std::string power_card_words(Power power) {
  const i18n::Sentence text = power_sentence(power);
  return text.text.empty() ? "" : text.translated();
}

}  // namespace marshal::core
