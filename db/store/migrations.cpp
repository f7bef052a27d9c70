// The ledger's numbered migrations (store/schema.h: MIGRATIONS): the SQL of each, in order.
#include <string>
#include <utility>
#include <vector>

#include "store/schema.h"
#include "store/tabletop_migrations.h"

namespace marshal::db {

const std::vector<std::string>& migrations() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> numbered{
      // 1: the event log, the projections of an event's people and cards, the refusal trail.
      R"sql(
CREATE TABLE events (
  seq INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  station TEXT NOT NULL,
  client_time_ms INTEGER,
  server_time_ms INTEGER NOT NULL,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  prev_hash BLOB NOT NULL,
  hash BLOB NOT NULL
);
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: correct a mistake with a new event'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: correct a mistake with a new event'); END;

CREATE TABLE refusals (
  id INTEGER PRIMARY KEY,
  server_time_ms INTEGER NOT NULL,
  station TEXT NOT NULL,
  uuid TEXT,
  type TEXT,
  code TEXT NOT NULL,
  field TEXT NOT NULL,
  reason TEXT NOT NULL,
  payload TEXT
);
CREATE TRIGGER refusals_no_update BEFORE UPDATE ON refusals
BEGIN SELECT RAISE(ABORT, 'the refusal trail is append-only'); END;
CREATE TRIGGER refusals_no_delete BEFORE DELETE ON refusals
BEGIN SELECT RAISE(ABORT, 'the refusal trail is append-only'); END;

CREATE TABLE event_info (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE characters (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  player TEXT NOT NULL DEFAULT '',
  hth INTEGER NOT NULL, speed INTEGER NOT NULL, accuracy INTEGER NOT NULL,
  gambling INTEGER NOT NULL, riding INTEGER NOT NULL,
  powers TEXT NOT NULL DEFAULT '',
  notes TEXT NOT NULL DEFAULT '',
  wounded INTEGER NOT NULL DEFAULT 0,
  wounded_limb TEXT NOT NULL DEFAULT '',
  dead INTEGER NOT NULL DEFAULT 0,
  killing TEXT,
  killed_by TEXT,
  arrested_by INTEGER REFERENCES characters(id),
  jailed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE cards (
  code TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('badge','bystander','trick','horse','secret','power')),
  holder INTEGER REFERENCES characters(id),
  owner INTEGER REFERENCES characters(id),
  title TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '{}',
  spent INTEGER NOT NULL DEFAULT 0,
  fate TEXT,
  revoked INTEGER NOT NULL DEFAULT 0,
  replaced_by TEXT,
  since_seq INTEGER NOT NULL
);
CREATE INDEX cards_by_holder ON cards(holder, kind);
CREATE TABLE card_holders (
  code TEXT NOT NULL REFERENCES cards(code),
  seq INTEGER NOT NULL,
  holder INTEGER REFERENCES characters(id),
  how TEXT NOT NULL,
  PRIMARY KEY (code, seq)
);
CREATE TABLE timers (
  character INTEGER NOT NULL REFERENCES characters(id),
  kind TEXT NOT NULL,
  start_ms INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  seq INTEGER NOT NULL
);
CREATE TABLE locations (
  name TEXT PRIMARY KEY,
  road INTEGER NOT NULL,
  copies INTEGER NOT NULL,
  links TEXT NOT NULL
);
)sql",
      // 2: the stations allowed to talk to the ledger server. Admin state, not a projection:
      // only hashes of enrollment codes and tokens are kept.
      R"sql(
CREATE TABLE stations (
  name TEXT PRIMARY KEY,
  role TEXT NOT NULL CHECK (role IN ('gm', 'kiosk')),
  enroll_hash BLOB,
  token_hash BLOB UNIQUE,
  created_ms INTEGER NOT NULL,
  enrolled_ms INTEGER,
  revoked INTEGER NOT NULL DEFAULT 0
);
)sql",
      // 3: what a character holds and their timers are read on every resolution they take part
      // in; the index gives the held cards in their order without a sort.
      R"sql(
CREATE INDEX timers_by_character ON timers(character);
)sql",
      // 4: votes a Mayor calls; the ballots stay open for 15 minutes.
      R"sql(
CREATE TABLE votes (
  seq INTEGER PRIMARY KEY,
  office TEXT NOT NULL,
  called_by INTEGER NOT NULL REFERENCES characters(id),
  start_ms INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL
);
)sql",
      // 5: the cards a character holds, read twice for every resolution the ledger replays:
      // covered by the index and in its order, so SQLite neither visits the table nor sorts.
      R"sql(
DROP INDEX cards_by_holder;
CREATE INDEX cards_in_hand ON cards(holder, kind, spent, revoked, since_seq, code);
)sql",
      // 6: the refusal trail counts repeats (ledger/refusal_trail.h): a row stands for `repeats`
      // refusals of one code from one station in one minute.
      R"sql(
ALTER TABLE refusals ADD COLUMN repeats INTEGER NOT NULL DEFAULT 1;
)sql",
      // 7: each character's kiosk PIN (ledger/kiosk_pins.h). Admin state like the stations, not a
      // projection and never in an event: GM stations read every event's payload.
      R"sql(
CREATE TABLE kiosk_pins (
  character INTEGER PRIMARY KEY REFERENCES characters(id),
  pin TEXT NOT NULL CHECK (length(pin) = 4 AND pin NOT GLOB '*[^0-9]*'),
  set_ms INTEGER NOT NULL
);
)sql",
      // 8: secret ballots in a vote (apply_votes.cpp), and the vote's count and override.
      R"sql(
CREATE TABLE ballots (
  vote_seq INTEGER NOT NULL REFERENCES votes(seq),
  voter INTEGER NOT NULL REFERENCES characters(id),
  candidate INTEGER NOT NULL REFERENCES characters(id),
  seq INTEGER NOT NULL,
  PRIMARY KEY (vote_seq, voter)
);
ALTER TABLE votes ADD COLUMN counted_seq INTEGER;
ALTER TABLE votes ADD COLUMN outcome TEXT;
ALTER TABLE votes ADD COLUMN overridden_seq INTEGER;
)sql",
      // 9: a kiosk's admin card and PIN, as their hash (protocol::admin_check), never themselves.
      R"sql(
ALTER TABLE stations ADD COLUMN admin_check TEXT;
)sql",
      // 10: who may write is in the chain (ledger/station_events.h): a station's row points at
      // its enrolment event. The refusal trail is chained like the events (store/hash_chain.h);
      // rows written before this have no hash. Stations enrolled before this must enrol again.
      R"sql(
ALTER TABLE stations ADD COLUMN enrolled_seq INTEGER;
ALTER TABLE refusals ADD COLUMN prev_hash BLOB;
ALTER TABLE refusals ADD COLUMN hash BLOB;
)sql",
      // 11: a tabletop game's nights and the Bennies and chips each holder has (apply_chips.cpp);
      // holder 0 is the GM's pool.
      R"sql(
CREATE TABLE game_nights (
  seq INTEGER PRIMARY KEY,
  start_ms INTEGER NOT NULL,
  ended_seq INTEGER
);
CREATE TABLE chips (
  holder INTEGER NOT NULL,
  colour TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count >= 0),
  PRIMARY KEY (holder, colour)
);
)sql",
      // 12: tabletop trait rolls recorded with their dice (apply_rolls.cpp), as judged; holder 0
      // is the GM's.
      R"sql(
CREATE TABLE rolls (
  seq INTEGER PRIMARY KEY,
  holder INTEGER NOT NULL,
  die INTEGER NOT NULL,
  result INTEGER NOT NULL,
  success INTEGER NOT NULL,
  raises INTEGER NOT NULL,
  crit_fail INTEGER NOT NULL
);
)sql",
      // 13: tokens of fortune are cards (apply_tokens.cpp): the kinds a card may be gain 'token'.
      // SQLite changes a CHECK only by rebuilding the table (migrate() turns foreign keys off
      // around a migration and checks them after, as SQLite's procedure for this asks).
      R"sql(
CREATE TABLE cards_rebuilt (
  code TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('badge','bystander','trick','horse','secret','power','token')),
  holder INTEGER REFERENCES characters(id),
  owner INTEGER REFERENCES characters(id),
  title TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '{}',
  spent INTEGER NOT NULL DEFAULT 0,
  fate TEXT,
  revoked INTEGER NOT NULL DEFAULT 0,
  replaced_by TEXT,
  since_seq INTEGER NOT NULL
);
INSERT INTO cards_rebuilt(code, kind, holder, owner, title, detail, spent, fate, revoked, replaced_by, since_seq)
  SELECT code, kind, holder, owner, title, detail, spent, fate, revoked, replaced_by, since_seq FROM cards;
DROP TABLE cards;
ALTER TABLE cards_rebuilt RENAME TO cards;
CREATE INDEX cards_in_hand ON cards(holder, kind, spent, revoked, since_seq, code);
)sql",
      // 14: a tabletop game's characters (event_defined with game tabletop): Wild Card or Extra,
      // the posse's or the GM's, and their traits as die types ("Shooting" d10, "Strength" d12+1).
      R"sql(
ALTER TABLE characters ADD COLUMN wild_card INTEGER NOT NULL DEFAULT 1;
ALTER TABLE characters ADD COLUMN side TEXT NOT NULL DEFAULT 'posse' CHECK (side IN ('posse', 'gm'));
CREATE TABLE traits (
  character INTEGER NOT NULL REFERENCES characters(id),
  trait TEXT NOT NULL,
  die INTEGER NOT NULL CHECK (die IN (4, 6, 8, 10, 12)),
  bonus INTEGER NOT NULL DEFAULT 0 CHECK (bonus >= 0),
  PRIMARY KEY (character, trait)
);
)sql",
      // 15: The West That Wasn't's action time (apply_twtw.cpp; 14 is the traits table): each
      // character's part (twtw.csv) and wounds by location, the rounds with their judged order,
      // and each resolved step with the state it changed, so an Undo can put it back.
      R"sql(
CREATE TABLE twtw_characters (
  character INTEGER PRIMARY KEY REFERENCES characters(id),
  side TEXT NOT NULL CHECK (side IN ('posse','judge')),
  reflex INTEGER NOT NULL,
  size INTEGER NOT NULL,
  start_ct INTEGER NOT NULL,
  shooting INTEGER NOT NULL,
  fighting INTEGER NOT NULL,
  dodge INTEGER NOT NULL,
  wounds TEXT NOT NULL,
  ct INTEGER NOT NULL,
  stunned INTEGER NOT NULL DEFAULT 0,
  bleeding INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'fighting' CHECK (state IN ('fighting','concussed','out_of_action','dead'))
);
CREATE TABLE twtw_rounds (
  seq INTEGER PRIMARY KEY,
  number INTEGER NOT NULL UNIQUE,
  declarations TEXT NOT NULL,
  steps TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  ended_seq INTEGER
);
CREATE TABLE twtw_steps (
  seq INTEGER PRIMARY KEY,
  round_seq INTEGER NOT NULL REFERENCES twtw_rounds(seq),
  step INTEGER NOT NULL,
  before TEXT NOT NULL,
  undone_seq INTEGER
);
)sql",
      // 16: when a card was spent (the event's seq): a trick played a second time is refused
      // naming when and at which station it was played.
      R"sql(
ALTER TABLE cards ADD COLUMN spent_seq INTEGER;
)sql",
      // 17: the town's offices (apply_offices.cpp): a Judge's deputies (one task each, ended
      // 'done' by the deputy's arrest, 'released' by a Judge, 'overridden' by another Judge), the
      // sentences, the Territory Fair's prizes, banishment, and every decision a Mayor or Judge
      // made (a vote's count or call, a sentence, a deputizing, a prize, a ruling) with whoever
      // overrode it or settled the dispute it began. Votes counted before this migration become
      // decisions of whoever's badge the event names (the Mayor who called
      // the vote when the badge is no longer known).
      R"sql(
CREATE TABLE deputies (
  seq INTEGER PRIMARY KEY,
  judge INTEGER NOT NULL REFERENCES characters(id),
  deputy INTEGER NOT NULL REFERENCES characters(id),
  task TEXT NOT NULL,
  target INTEGER REFERENCES characters(id),
  ended_seq INTEGER,
  ended_how TEXT CHECK (ended_how IN ('done', 'released', 'overridden'))
);
CREATE TABLE sentences (
  seq INTEGER PRIMARY KEY,
  judge INTEGER NOT NULL REFERENCES characters(id),
  character INTEGER NOT NULL REFERENCES characters(id),
  sentence TEXT NOT NULL CHECK (sentence IN ('jail', 'fine', 'banishment', 'hanging')),
  charge TEXT NOT NULL,
  minutes INTEGER,
  fine TEXT
);
CREATE TABLE prizes (
  seq INTEGER PRIMARY KEY,
  mayor INTEGER NOT NULL REFERENCES characters(id),
  winner INTEGER NOT NULL REFERENCES characters(id),
  prize TEXT NOT NULL
);
CREATE TABLE decisions (
  seq INTEGER PRIMARY KEY,
  type TEXT NOT NULL,
  made_by INTEGER NOT NULL REFERENCES characters(id),
  of_seq INTEGER,
  ruling TEXT,
  dispute INTEGER NOT NULL DEFAULT 0,
  overridden_seq INTEGER,
  settled_seq INTEGER
);
ALTER TABLE characters ADD COLUMN banished INTEGER NOT NULL DEFAULT 0;
INSERT INTO decisions(seq, type, made_by, overridden_seq)
  SELECT v.counted_seq, 'vote_counted', COALESCE((SELECT b.holder FROM events e JOIN cards b
           ON b.code = json_extract(e.payload, '$.character') AND b.kind = 'badge' WHERE e.seq = v.counted_seq), v.called_by),
         v.overridden_seq FROM votes v WHERE v.counted_seq IS NOT NULL;
INSERT INTO decisions(seq, type, made_by, of_seq, ruling)
  SELECT v.overridden_seq, 'vote_overridden', COALESCE((SELECT b.holder FROM events e JOIN cards b
           ON b.code = json_extract(e.payload, '$.character') AND b.kind = 'badge' WHERE e.seq = v.overridden_seq), v.called_by),
         v.counted_seq, v.outcome FROM votes v WHERE v.overridden_seq IS NOT NULL;
)sql",
      // 18: land deeds (deeds.csv) and promissory notes are cards: the kinds gain 'deed' and
      // 'note' (rebuilt as 13 did), and every transfer of land with its notary is kept.
      R"sql(
CREATE TABLE cards_rebuilt (
  code TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('badge','bystander','trick','horse','secret','power','token','deed','note')),
  holder INTEGER REFERENCES characters(id),
  owner INTEGER REFERENCES characters(id),
  title TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '{}',
  spent INTEGER NOT NULL DEFAULT 0,
  fate TEXT,
  revoked INTEGER NOT NULL DEFAULT 0,
  replaced_by TEXT,
  since_seq INTEGER NOT NULL,
  spent_seq INTEGER
);
INSERT INTO cards_rebuilt(code, kind, holder, owner, title, detail, spent, fate, revoked, replaced_by, since_seq, spent_seq)
  SELECT code, kind, holder, owner, title, detail, spent, fate, revoked, replaced_by, since_seq, spent_seq FROM cards;
DROP TABLE cards;
ALTER TABLE cards_rebuilt RENAME TO cards;
CREATE INDEX cards_in_hand ON cards(holder, kind, spent, revoked, since_seq, code);
CREATE TABLE land_transfers (
  seq INTEGER PRIMARY KEY,
  deed TEXT NOT NULL REFERENCES cards(code),
  how TEXT NOT NULL CHECK (how IN ('sale', 'mortgage', 'redemption')),
  from_character INTEGER NOT NULL REFERENCES characters(id),
  to_character INTEGER NOT NULL REFERENCES characters(id),
  notary INTEGER NOT NULL REFERENCES characters(id),
  price TEXT NOT NULL
);
)sql",
      // 19: a standby ledger (issue 29, docs/server.md "A standby ledger"): stations gain the role
      // 'standby' (rebuilt: a CHECK cannot be altered), and a standby keeps what it knows of its
      // primary in replica_state (never replicated, never a projection).
      R"sql(
CREATE TABLE stations_rebuilt (
  name TEXT PRIMARY KEY,
  role TEXT NOT NULL CHECK (role IN ('gm', 'kiosk', 'standby')),
  enroll_hash BLOB,
  token_hash BLOB UNIQUE,
  created_ms INTEGER NOT NULL,
  enrolled_ms INTEGER,
  revoked INTEGER NOT NULL DEFAULT 0,
  admin_check TEXT,
  enrolled_seq INTEGER
);
INSERT INTO stations_rebuilt(name, role, enroll_hash, token_hash, created_ms, enrolled_ms, revoked, admin_check, enrolled_seq)
  SELECT name, role, enroll_hash, token_hash, created_ms, enrolled_ms, revoked, admin_check, enrolled_seq FROM stations;
DROP TABLE stations;
ALTER TABLE stations_rebuilt RENAME TO stations;
CREATE TABLE replica_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
)sql",
      // 20: the ledger's epoch is its last promotion's (ledger/station_events.h, current_epoch):
      // found by this index at once, where a file without any was read through.
      R"sql(
CREATE INDEX events_promotions ON events(seq) WHERE type = 'ledger_promoted';
)sql",
    };
    // 21 onwards: the tabletop fights' (issue 32), in a file of their own.
    for (std::string& sql : tabletop_migrations()) numbered.push_back(std::move(sql));
    return numbered;
  }();
  return all;
}

}  // namespace marshal::db
