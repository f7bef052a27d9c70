// Votes (RULES.md, seed: "Calling a vote for any public office. The ballots stay open for 15
// minutes, then the Mayor can count the vote and decide the outcome. Judges can over-ride the
// Mayor's call."): a Mayor calls a vote, the living cast one secret ballot each while it is open,
// the Mayor counts it once it has closed (the ledger adds the tally), a Judge may override the call.
#include "i18n/utf8_text.h"
#include "ledger/apply.h"

namespace marshal::db {

namespace {

constexpr std::int64_t vote_duration_ms = 15 * 60 * 1000;

struct VoteRow {
  std::int64_t seq = 0;
  std::string office;
  std::int64_t start_ms = 0, duration_ms = 0;
  bool counted = false, overridden = false;
};

// The latest vote called, if any.
std::optional<VoteRow> latest_vote(Database& db) {
  Statement s = db.prepare(
      "SELECT seq, office, start_ms, duration_ms, counted_seq IS NOT NULL, overridden_seq IS NOT NULL FROM votes "
      "ORDER BY seq DESC LIMIT 1");
  if (!s.step()) return std::nullopt;
  return VoteRow{s.int64(0), s.text(1), s.int64(2), s.int64(3), s.int64(4) != 0, s.int64(5) != 0};
}

bool is_open(const VoteRow& v, std::int64_t now_ms) {
  return !v.counted && v.start_ms <= now_ms && now_ms < v.start_ms + v.duration_ms;
}

std::string outcome_text(protocol::Fields& f) {
  std::string outcome = f.text("outcome");
  if (outcome.empty() || i18n::characters_in(outcome) > 200) throw LedgerRefusal(RefusalCode::bad_input, "outcome", say("must be 1 to 200 characters"));
  return outcome;
}

}  // namespace

void apply_vote_event(const std::string& type, ApplyContext& ctx) {
  Town& town = ctx.town;
  Database& db = town.db();
  protocol::Fields f(ctx.payload, "");
  if (type == "vote_called") {
    std::int64_t mayor = town.character_by_badge(f.required("character"), "character");
    std::string office = f.text("office");
    f.optional_text("note");
    f.done();
    if (office.empty() || i18n::characters_in(office) > 40) throw LedgerRefusal(RefusalCode::bad_input, "office", say("must be 1 to 40 characters"));
    town.require_power(mayor, core::Power::mayor, "character");
    town.require_alive(mayor, "character");
    if (auto v = latest_vote(db); v && is_open(*v, town.now_ms()))
      throw LedgerRefusal(RefusalCode::illegal_move, "office", say("a vote is already open: count it first"));
    db.prepare("INSERT INTO votes(seq, office, called_by, start_ms, duration_ms) VALUES (?,?,?,?,?)")
        .bind(1, town.seq())
        .bind(2, office)
        .bind(3, mayor)
        .bind(4, town.now_ms())
        .bind(5, vote_duration_ms)
        .run();
  } else if (type == "ballot_cast") {
    std::int64_t voter = town.character_by_badge(f.required("voter"), "voter");
    std::int64_t candidate = town.character_by_badge(f.required("candidate"), "candidate");
    f.done();
    auto v = latest_vote(db);
    if (!v || !is_open(*v, town.now_ms()))
      throw LedgerRefusal(RefusalCode::illegal_move, "voter",
                          say("no vote is open: ballots are cast in the 15 minutes after the Mayor calls one"));
    town.require_alive(voter, "voter");
    town.require_alive(candidate, "candidate");
    Statement voted = db.prepare("SELECT COUNT(*) FROM ballots WHERE vote_seq = ? AND voter = ?");
    voted.bind(1, v->seq).bind(2, voter);
    voted.step();
    if (voted.int64(0) > 0)
      throw LedgerRefusal(RefusalCode::illegal_move, "voter", say("{} has cast a ballot in this vote already", town.name_of(voter)));
    db.prepare("INSERT INTO ballots(vote_seq, voter, candidate, seq) VALUES (?,?,?,?)")
        .bind(1, v->seq)
        .bind(2, voter)
        .bind(3, candidate)
        .bind(4, town.seq())
        .run();
  } else if (type == "vote_counted") {
    std::int64_t mayor = town.character_by_badge(f.required("character"), "character");
    std::optional<std::string> call;
    if (f.has("outcome")) call = outcome_text(f);
    f.done();
    town.require_power(mayor, core::Power::mayor, "character");
    town.require_alive(mayor, "character");
    auto v = latest_vote(db);
    if (!v || v->counted) throw LedgerRefusal(RefusalCode::illegal_move, "character", say("no vote waits to be counted"));
    if (town.now_ms() < v->start_ms + v->duration_ms)
      throw LedgerRefusal(RefusalCode::illegal_move, "character", say("the ballots stay open 15 minutes: count when they close"));
    // The tally, most ballots first (then by name): what the ledger adds to the event.
    Json tally = Json::array();
    std::int64_t cast = 0;
    Statement s = db.prepare(
        "SELECT c.name, COUNT(*) AS n FROM ballots b JOIN characters c ON c.id = b.candidate WHERE b.vote_seq = ? "
        "GROUP BY b.candidate ORDER BY n DESC, c.name");
    s.bind(1, v->seq);
    while (s.step()) {
      tally.push_back({{"candidate", s.text(0)}, {"ballots", s.int64(1)}});
      cast += s.int64(1);
    }
    const bool tie = tally.size() > 1 && tally[0]["ballots"] == tally[1]["ballots"];
    // Stored in English (the ledger's words); a station words it again in its language from the
    // tally (kiosk_frame_ballot.cpp). A call the Mayor typed stands as typed.
    std::string outcome = call ? *call
                          : tally.empty() ? say("no ballots were cast").english()
                          : tie           ? say("a tie: the Mayor decides").english()
                                          // TRANSLATORS: the ledger's outcome of a vote: the winner's name, then the office (Sheriff).
                                          : say("{} is elected {}", tally[0]["candidate"].get<std::string>(), v->office).english();
    ctx.ledger["office"] = v->office;
    ctx.ledger["ballots"] = cast;
    ctx.ledger["tally"] = tally;
    ctx.ledger["outcome"] = outcome;
    db.prepare("UPDATE votes SET counted_seq = ?, outcome = ? WHERE seq = ?")
        .bind(1, town.seq())
        .bind(2, outcome)
        .bind(3, v->seq)
        .run();
    record_vote_decision(town, "vote_counted", mayor, std::nullopt, "");
  } else if (type == "vote_overridden") {
    std::int64_t judge = town.character_by_badge(f.required("character"), "character");
    std::string outcome = outcome_text(f);
    f.done();
    town.require_power(judge, core::Power::judge, "character");
    town.require_alive(judge, "character");
    auto v = latest_vote(db);
    if (!v || !v->counted) throw LedgerRefusal(RefusalCode::illegal_move, "character", say("no counted vote to override"));
    if (v->overridden) throw LedgerRefusal(RefusalCode::illegal_move, "character", say("this vote's call was overridden already"));
    if (judge == db.scalar_int("SELECT made_by FROM decisions WHERE type = 'vote_counted' AND seq = (SELECT counted_seq "
                               "FROM votes WHERE seq = " + std::to_string(v->seq) + ")"))
      throw LedgerRefusal(RefusalCode::illegal_move, "character", say("a Judge does not override his own decision"));

    db.prepare("UPDATE votes SET overridden_seq = ?, outcome = ? WHERE seq = ?")
        .bind(1, town.seq())
        .bind(2, outcome)
        .bind(3, v->seq)
        .run();
    record_vote_decision(town, "vote_overridden", judge,
                         db.scalar_int("SELECT counted_seq FROM votes WHERE seq = " + std::to_string(v->seq)), outcome);
  }
}

}  // namespace marshal::db
