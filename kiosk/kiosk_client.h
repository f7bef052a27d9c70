#pragma once
// What a player kiosk says to the ledger server (docs/server.md, docs/kiosk.md). Unlike a GM
// station's LedgerClient it keeps nothing private on disk: a signed-in player's view (secret
// texts) lives in memory until the kiosk's idle reset, and a hand-over is sent at once or
// refused ("ledger unreachable"), never queued: a secret given offline could be given twice.
// The kiosk's station token is the only thing in its cache file.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "client/http.h"
#include "client/repeater.h"
#include "client/server_list.h"
#include "sqlite/sqlite.h"

namespace marshal::kiosk {

using protocol::Json;

// The answer to a request: the body, or why not in words a player understands.
struct KioskReply {
  bool ok = false;
  bool reached = false;  // false: the ledger could not be reached at all
  Json body;             // when ok
  std::string code;      // the server's refusal code (wrong_pin, pin_locked, not_holder...)
  std::string field;     // the field the server's refusal names (from, to, secret...), if any
  Json error = Json::object();  // the server's whole refusal: its numbers too (tries_left, ...)
  // The server's reason (English), or the kiosk's own words (in the language of the screens) when
  // the ledger could not be reached or gave no reason. A player reads refusal_words(reply)
  // (kiosk/refusal_words.h).
  std::string reason;
};

class KioskClient {
 public:
  // `server_url` empty: the one the cache file holds from an earlier enrollment (if any).
  KioskClient(const std::string& server_url, const std::string& cache_path, long timeout_ms = 3000);
  ~KioskClient();
  KioskClient(const KioskClient&) = delete;
  KioskClient& operator=(const KioskClient&) = delete;

  // The ledger's health is asked every health_every on a thread of the client's own
  // (client/repeater.h), each ask giving up after health_timeout_ms: the attract screen reads the
  // last answer without waiting, and while the last answer was none every request is answered
  // "cannot be reached" at once instead of after its timeout (a silent network would hold up
  // the kiosk's window seconds a scan).
  static constexpr std::chrono::milliseconds health_every{2000};
  static constexpr long health_timeout_ms = 1500;

  // Trades a one-time enrollment code for the kiosk's token (kept in the cache file, with the
  // server's address).
  bool enroll(const std::string& code, std::string& error);
  // The same at another server: what an enrollment card's scan does (`standby_url`: the standby
  // the card names, pinned, or empty).
  bool enroll_at(const std::string& server_url, const std::string& code, std::string& error,
                 const std::string& standby_url = "");
  bool enrolled() const;
  // Forgets the token (the admin screen's re-enroll): the kiosk asks for an enrollment card again.
  void forget_enrollment();
  // Whether a scanned admin card's code and a typed PIN are this kiosk's (checked against the
  // hash the ledger gave at enrollment: it works with the ledger out of reach).
  bool admin_ok(const std::string& code, const std::string& pin) const;
  std::string station_name() const;
  std::string server_url() const;

  // The kiosk's window calls only enrolled(), admin_ok(), station_name() and server_url() itself
  // (they read what this client remembers, under identity_mutex_); every call that may ask the
  // ledger is made on its request worker's thread (ui/request_worker.h, docs/kiosk.md).
  bool online();              // the last health check was answered (the first call waits for one)
  KioskReply event();         // the title and options
  KioskReply timers();        // the knock-outs, headaches and an open vote
  // A character's public view by badge (no secret text): who scanned in, before the PIN.
  KioskReply character(const std::string& badge);
  // A card's public view (kind, title, holder).
  KioskReply card(const std::string& code);

  // Signs the player in; afterwards `character` and `give_secret` act as them.
  KioskReply sign_in(const std::string& badge, const std::string& pin);
  // Ends the player's sign-in here and at the server, forgetting it (the idle reset).
  void sign_out();
  bool signed_in() const { return !sign_in_.empty(); }

  // Called with the body of every reply the ledger sends this kiosk (for the privacy tests).
  void observe_replies(std::function<void(const Json& body)> observer) { observer_ = std::move(observer); }

  // A second player at the kiosk agrees with their own PIN (the buyer of a horse); their sign-in
  // goes with the next sale only, and is ended after it (or by sign_out).
  KioskReply countersign(const std::string& badge, const std::string& pin);
  // Ends the buyer's sign-in (a sale cancelled).
  void sign_out_buyer();
  // Records `horse_sold` from the signed-in player to the countersigned buyer.
  KioskReply sell_horse(const std::string& horse, const std::string& from_badge, const std::string& to_badge,
                        std::int64_t now_ms);

  // The vote: open or not, how many ballots, the candidates, whether this player voted, the last
  // result (docs/server.md, GET /vote).
  KioskReply vote();
  // Records the signed-in player's ballot.
  KioskReply cast_ballot(const std::string& voter_badge, const std::string& candidate_badge, std::int64_t now_ms);

  // Records `secret_given` from the signed-in player (`from_badge`) to `to_badge`.
  KioskReply give_secret(const std::string& secret, const std::string& from_badge, const std::string& to_badge,
                         std::int64_t now_ms);
  // Records `trick_flipped`: the signed-in player (`badge`) plays their trick.
  KioskReply play_trick(const std::string& trick, const std::string& badge, std::int64_t now_ms);

 private:
  KioskReply answer(const client::HttpReply& reply) const;
  // Requests that know the ledger's health: none is sent while it is known to be out of reach.
  client::HttpReply get(const std::string& path);
  client::HttpReply post(const std::string& path, const Json& body);
  client::HttpReply known_out_of_reach();
  void check_health();   // on the health thread
  void follow_server();  // the health thread asks the server the kiosk now talks to
  // On the request thread, before each request: the server the health thread moved to (a standby
  // promoted when the ledger died), and the servers it learnt, kept in the cache file.
  void take_switch();
  // A reply from a ledger at an epoch below the highest this kiosk has seen (an old primary,
  // replaced) is no answer; a higher epoch is remembered.
  client::HttpReply with_epoch(client::HttpReply reply);
  // A /health answer from a ledger this kiosk may use: reached, 200, not an older epoch.
  bool usable_health(const client::HttpReply& reply) const;
  void learn_servers(const Json& health);  // under health_mutex_
  void set_setting(const std::string& key, const std::string& value);

  // Remembers what an enrollment gave (under identity_mutex_: read by the window's thread).
  void remember_identity(std::string token, std::string station, std::string admin_check);

  sqlite::Database cache_;
  long timeout_ms_;
  std::unique_ptr<client::HttpClient> http_;
  mutable std::mutex identity_mutex_;
  std::string token_, station_, admin_check_, url_;  // under identity_mutex_
  std::string sign_in_, countersign_;  // in memory only
  std::function<void(const Json&)> observer_;

  enum class Health { unknown, answers, out_of_reach };
  std::atomic<Health> health_{Health::unknown};
  std::atomic<bool> health_wrong_key_{false};  // the last check met another key than the pinned one
  std::mutex health_mutex_;
  std::string health_url_;                             // under health_mutex_
  // The ledgers this kiosk may talk to (client/server_list.h), the current one first asked; the
  // health thread moves to another listed one that answers as the primary when the current one
  // does not, or is only a standby (issue 29, docs/kiosk.md).
  client::ServerList servers_;                         // under health_mutex_
  bool servers_learnt_ = false;                        // under health_mutex_: to be kept in the file
  std::string switch_to_;                              // under health_mutex_: taken by take_switch()
  std::atomic<std::int64_t> known_epoch_{0};           // the highest a ledger named (setting "epoch")
  std::int64_t saved_epoch_ = 0;                       // the request thread's: the one kept in the file
  void raise_epoch(std::int64_t epoch);                // known_epoch_ never goes down
  std::unique_ptr<client::HttpClient> health_http_;    // the health thread's own
  std::unique_ptr<client::Repeater> health_watch_;     // made last, stopped first
};

}  // namespace marshal::kiosk
