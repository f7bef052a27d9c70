// The ledger's migrations 21 onwards (store/tabletop_migrations.h): the SQL of each, in order.
#include "store/tabletop_migrations.h"

namespace marshal::db {

namespace {

// SQL: the badge code at `path` of an event's payload (`e`) as the ledger reads one (upper case,
// no spaces, hyphens or tabs, O read as 0, I and L as 1), to join cards.code on.
std::string badge_in_payload(const char* path) {
  return std::string("replace(replace(replace(replace(replace(replace(upper(json_extract(e.payload, '") + path +  // i18n: not words (SQL)
         "')), ' ', ''), '-', ''), char(9), ''), 'O', '0'), 'I', '1'), 'L', '1')";  // i18n: not words (SQL)
}

}  // namespace

std::vector<std::string> tabletop_migrations() {
  return {
      // 21: a tabletop fighter's sheet (combat.csv) and the state a fight left, the fights and
      // their hits (issue 32; ledger/combatants.h, apply_fight.cpp, apply_harm.cpp). Rows come
      // from event_defined and the fight's events only, so an older file has none and its replay
      // none either.
      R"sql(
CREATE TABLE combatants (
  character INTEGER PRIMARY KEY REFERENCES characters(id),
  toughness INTEGER NOT NULL,
  armor INTEGER NOT NULL,
  parry INTEGER NOT NULL,
  wound_levels INTEGER NOT NULL,
  luck TEXT NOT NULL CHECK (luck IN ('none', 'unlucky', 'lucky', 'great_luck')),
  wounds INTEGER NOT NULL DEFAULT 0,
  shaken INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'fighting'
    CHECK (state IN ('fighting', 'incapacitated', 'bleeding_out', 'unconscious', 'last_stand', 'dead', 'out'))
);
CREATE TABLE fights (
  seq INTEGER PRIMARY KEY,
  ended_seq INTEGER
);
CREATE TABLE hits (
  seq INTEGER PRIMARY KEY,
  fight INTEGER NOT NULL REFERENCES fights(seq),
  target INTEGER NOT NULL REFERENCES combatants(character),
  total INTEGER NOT NULL,
  toughness INTEGER NOT NULL,
  shaken INTEGER NOT NULL,
  wounds INTEGER NOT NULL,
  state_before TEXT NOT NULL,
  soaked INTEGER NOT NULL DEFAULT 0,
  soak_rolls INTEGER NOT NULL DEFAULT 0
);
)sql",
      // 22: each round of a fight's Action Cards (issue 32; apply_fight.cpp cards_dealt): the
      // cards as dealt, whether the deck was shuffled before, whether a Joker came out; and
      // whether a hit's last Soak roll was a Critical Failure (no chip rerolls that, 001 L42).
      R"sql(
CREATE TABLE fight_rounds (
  seq INTEGER PRIMARY KEY,
  fight INTEGER NOT NULL REFERENCES fights(seq),
  number INTEGER NOT NULL,
  cards TEXT NOT NULL,
  shuffled INTEGER NOT NULL,
  joker INTEGER NOT NULL,
  UNIQUE (fight, number)
);
ALTER TABLE hits ADD COLUMN soak_crit_fail INTEGER NOT NULL DEFAULT 0;
)sql",
      // 23: who rolled each hit and which dice (issue 32; apply_harm.cpp): a chip's reroll of the
      // damage (001 L46) is by the same hand with the same dice. `rolled_by` is the payload's
      // `by` (a badge or "gm"), `dice` its dice's names and the raise ("d6 d6 +raise"); a file
      // of schema 22 takes both from its events, as a replay writes them.
      R"sql(
ALTER TABLE hits ADD COLUMN rolled_by TEXT NOT NULL DEFAULT '';
ALTER TABLE hits ADD COLUMN dice TEXT NOT NULL DEFAULT '';
UPDATE hits SET
  rolled_by = COALESCE((SELECT json_extract(e.payload, '$.by') FROM events e WHERE e.seq = hits.seq), ''),
  dice = COALESCE((SELECT (SELECT group_concat(json_extract(d.value, '$.die'), ' ') FROM json_each(e.payload, '$.dice') d) ||
                          CASE WHEN json_extract(e.payload, '$.raise') IS NOT NULL THEN ' +raise' ELSE '' END
                   FROM events e WHERE e.seq = hits.seq), '');
)sql",
      // 24: Injuries (issue 32; 000 L173-178; ledger/apply_injury.cpp): the group's injury table
      // (injuries.csv by rank, 0 the Joker), the Injury each fighter owes after an
      // Incapacitation roll, and the Injuries drawn. A file of schema 23 has no table nor any
      // Injury drawn; what its fighters owe comes from their incapacitation_rolled events, as a
      // replay writes it (ledger/combatants.h owe_injury: the worst owed, none after death; a
      // payload's badge as the ledger reads it, in any case, spaces and hyphens). And
      // whether a round has begun (001 L45: no new Action Card after its first roll, hit, Soak,
      // Spirit or healing roll; ledger/combatants.h mark_round_begun), from the events between
      // its deal and the next deal or the fight's end.
      R"sql(
ALTER TABLE combatants ADD COLUMN injury_owed TEXT CHECK (injury_owed IN ('temporary', 'permanent'));
CREATE TABLE injury_table (
  card_key INTEGER PRIMARY KEY,
  injury TEXT NOT NULL
);
CREATE TABLE injuries (
  seq INTEGER PRIMARY KEY,
  character INTEGER NOT NULL REFERENCES characters(id),
  card TEXT NOT NULL,
  injury TEXT NOT NULL,
  permanent INTEGER NOT NULL,
  days INTEGER
);
CREATE TEMP TABLE fates AS
  SELECT e.seq, c.holder AS character, json_extract(e.payload, '$.ledger.incapacitation') AS fate
  FROM events e JOIN cards c ON c.code = )sql" + badge_in_payload("$.by") + R"sql( AND c.kind = 'badge'
  WHERE e.type = 'incapacitation_rolled';
UPDATE combatants SET injury_owed = CASE
  WHEN (SELECT fate FROM fates f WHERE f.character = combatants.character ORDER BY seq DESC LIMIT 1) = 'death' THEN NULL
  WHEN EXISTS (SELECT 1 FROM fates f WHERE f.character = combatants.character AND fate = 'bleeding_out') THEN 'permanent'
  WHEN EXISTS (SELECT 1 FROM fates f WHERE f.character = combatants.character AND fate IN ('unconscious', 'last_stand'))
    THEN 'temporary'
  END;
DROP TABLE fates;
ALTER TABLE fight_rounds ADD COLUMN begun INTEGER NOT NULL DEFAULT 0;
UPDATE fight_rounds SET begun = EXISTS (
  SELECT 1 FROM events e
  WHERE e.seq > fight_rounds.seq
    AND e.seq < COALESCE((SELECT MIN(n.seq) FROM fight_rounds n WHERE n.fight = fight_rounds.fight AND n.seq > fight_rounds.seq),
                         (SELECT f.ended_seq FROM fights f WHERE f.seq = fight_rounds.fight), 9223372036854775807)
    AND e.type IN ('roll_recorded', 'damage_rolled', 'soaked', 'unshaken', 'incapacitation_rolled', 'healed'));
)sql",
      // 25: each Healing attempt (issue 32; 000 L200; ledger/heal_attempts.h): who healed whom, in
      // which round of a fight (NULL outside one), and whether it succeeded. A file of schema 24
      // takes them from its healed events, as a replay writes them.
      R"sql(
CREATE TABLE heal_attempts (
  seq INTEGER PRIMARY KEY,
  patient INTEGER NOT NULL REFERENCES characters(id),
  healer INTEGER NOT NULL REFERENCES characters(id),
  round INTEGER,
  success INTEGER NOT NULL
);
INSERT INTO heal_attempts(seq, patient, healer, round, success)
SELECT e.seq, p.holder, h.holder,
       (SELECT MAX(r.seq) FROM fight_rounds r JOIN fights f ON f.seq = r.fight
        WHERE r.seq < e.seq AND f.seq < e.seq AND (f.ended_seq IS NULL OR f.ended_seq > e.seq)),
       COALESCE(json_extract(e.payload, '$.ledger.healed'), 0) > 0
FROM events e
JOIN cards p ON p.code = )sql" + badge_in_payload("$.patient") + R"sql( AND p.kind = 'badge'
JOIN cards h ON h.code = )sql" + badge_in_payload("$.healer") + R"sql( AND h.kind = 'badge'
WHERE e.type = 'healed';
)sql",
      // 26: the table's time as far as healing cares (issue 32; 000 L188; ledger/heal_attempts.h
      // golden hour): `hour` an hour or more passed (hour_passed, every fighter), `day` a
      // fighter's day of natural healing (natural_healing_rolled). A file of schema 25 takes its
      // days from its natural_healing_rolled events, as a replay writes them; it had no
      // hour_passed.
      R"sql(
CREATE TABLE time_marks (
  seq INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('hour', 'day')),
  character INTEGER REFERENCES characters(id),
  CHECK ((kind = 'hour') = (character IS NULL))
);
INSERT INTO time_marks(seq, kind, character)
SELECT e.seq, 'day', c.holder
FROM events e JOIN cards c ON c.code = )sql" + badge_in_payload("$.by") + R"sql( AND c.kind = 'badge'
WHERE e.type = 'natural_healing_rolled';
)sql",
      // 27: care after TWTW's action time (apply_twtw_care.cpp; 003 L605-615): each
      // twtw_cared (new with its event: an older file has none), and each hit that wounded a
      // location in a step not undone (twtw_wound_marks, taken from the file's steps), so that a
      // healer's second first aid on the same wounds is refused and a new wound allows another.
      R"sql(
CREATE TABLE twtw_care (
  seq INTEGER PRIMARY KEY,
  character INTEGER NOT NULL REFERENCES characters(id),
  care TEXT NOT NULL CHECK (care IN ('concussion', 'first_aid', 'natural')),
  location TEXT,
  healer INTEGER REFERENCES characters(id),
  passed INTEGER NOT NULL,
  wounds_after INTEGER,
  CHECK ((care = 'concussion') = (location IS NULL)),
  CHECK ((care = 'first_aid') = (healer IS NOT NULL))
);
CREATE INDEX twtw_care_by_healer ON twtw_care(character, healer, location);
CREATE TABLE twtw_wound_marks (
  seq INTEGER NOT NULL,
  character INTEGER NOT NULL REFERENCES characters(id),
  location TEXT NOT NULL
);
CREATE INDEX twtw_wound_marks_by_location ON twtw_wound_marks(character, location, seq);
INSERT INTO twtw_wound_marks(seq, character, location)
SELECT e.seq, c.id, json_extract(h.value, '$.location')
FROM events e JOIN twtw_steps s ON s.seq = e.seq AND s.undone_seq IS NULL,
     json_each(json_extract(e.payload, '$.ledger.hits')) h
JOIN characters c ON c.name = json_extract(h.value, '$.target')
WHERE e.type = 'twtw_step_resolved' AND json_extract(h.value, '$.wounds') > 0
ORDER BY e.seq, h.key;
)sql",
  };
}

}  // namespace marshal::db
