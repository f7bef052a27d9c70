#pragma once
// What gets printed, read from a ledger: the event's title, its characters with the cards they
// hold (not revoked), and the chase locations.
#include <optional>
#include <string>
#include <vector>

#include "core/character.h"
#include "core/chase.h"
#include "protocol/json_fields.h"

namespace marshal::printables {

using protocol::Json;

struct PrintCard {
  std::string code;
  std::string kind;   // badge, bystander, trick, horse, secret, power
  std::string title;
  Json detail;
  std::string holder;
  std::string owner;
  bool spent = false;  // played or lost (a token of fortune played is not printed again)
};

struct PrintCharacter {
  std::string name;
  std::string player;
  std::string notes;
  core::Attributes attributes;
  std::vector<core::Power> powers;
  std::string badge_code;
  std::string kiosk_pin;  // empty for a ledger older than kiosk PINs (marshal pins makes them)
  std::vector<PrintCard> cards;  // in packet order: badge, powers, secrets, horses, bystanders, tricks
};

struct PrintModel {
  std::string title;
  std::string language = "en";  // options.csv's language: what the cards are printed in
  std::vector<PrintCharacter> characters;
  std::vector<core::Location> locations;
};

// Throws std::runtime_error when the file is not a ledger.
PrintModel load_print_model(const std::string& db_path);
// The card with this code, if the ledger knows it and it is not revoked.
std::optional<PrintCard> find_card(const PrintModel& model, const std::string& code);

}  // namespace marshal::printables
