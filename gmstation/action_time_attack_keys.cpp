// The Action Time screen's keys for an attack's extras (issue 32 item 10; docs/twtw.md "The
// Action Time screen"): each Ctrl key cycles one part (the firer's movement, the mount, a called
// shot, the snap penalty, the advantage, fan firing, the damage's kind, the target's cover, its
// forgone defense, unseen, the firer's weapons, the relative speed, a throw, bystanders a miss may hit,
// a Scatter weapon's stray shots), the
// TN line shows the TN again with its reasons. Once the card is taken the TN stands (003 L225):
// only the kind and the cover, which change the damage, still change.
#include <fmt/format.h>

#include "gmstation/action_time_page.h"
#include "ui/words.h"

namespace marshal::gm {

namespace at = action_time;
using ui::tr;
using ui::utf8;
using ui::wx_tr;

void ActionTimePage::show_attack_keys() {
  // TRANSLATORS: the Action Time screen's keys during an attack, pressed with Ctrl (Latin letters on any keyboard): two lines
  // at 1024 x 600, at most 80 characters each. V advantage, D the target forgoes defense, W the firer's weapons (two, off hand),
  // R relative speed, I someone near the shot's path or a melee, B a Scatter weapon's stray shots (docs/twtw.md).
  set_text(keys_help_, keys_help_text_,
           wx_tr("Ctrl+ M move  H mount  C called  S snap  V adv.  F fan  K kind  O cover  T throw\n"
                 "D no defense  U unseen  W hands  R speed  G DMG row  L Rel  I bystanders  B Scatter"));
}

bool ActionTimePage::attack_key(int key) {
  static const std::string keys = "MHCSVFKODUWRGLTIB";
  if (keys.find(static_cast<char>(key)) == std::string::npos) return false;
  if (mode_ != Mode::step || attacker_.empty() || target_name_.empty() || question_ != Question::none) {
    // TRANSLATORS: refused at the Action Time screen: a Ctrl key of an attack's extras with no attack asked.
    refuse(wx_tr("A: start an attack first (the key sets a part of it)"));
    return true;
  }
  // L (Rel), T, I and B (scatter and stray shots) are judged with the card: before it, like the TN.
  const bool changes_tn = key != 'K' && key != 'O' && key != 'G';
  if (changes_tn && card_taken_) {
    // TRANSLATORS: refused at the Action Time screen: the TN is fixed once the card is drawn (003 L225).
    refuse(wx_tr("The card is drawn: the TN stands (Ctrl+K, Ctrl+O and Ctrl+G still change the damage)"));
    return true;
  }
  switch (key) {
    case 'M': at::next_firer(extras_); break;
    case 'H': at::next_mount(extras_); break;
    case 'C': at::next_called(extras_); break;
    case 'S': at::next_snap(extras_); break;
    case 'V': at::next_advantage(extras_); break;
    case 'F': extras_.fan = !extras_.fan; break;
    case 'K': at::next_kind(extras_); break;
    case 'O': at::next_cover(extras_); break;
    case 'D': extras_.forgoes_defense = !extras_.forgoes_defense; break;
    case 'U': extras_.unseen = !extras_.unseen; break;
    case 'W': at::next_hands(extras_); break;
    case 'R': at::next_speed(extras_); break;
    case 'G': at::next_dmg_row(extras_); break;
    case 'L': at::next_rel(extras_); break;
    case 'T': extras_.thrown = !extras_.thrown; break;
    case 'I': at::next_bystanders(extras_); break;
    case 'B': at::next_scatter_bonus(extras_); break;
    default: break;
  }
  update_tn();
  return true;
}

}  // namespace marshal::gm
