#include "ledger/replica_wire.h"

#include <limits>
#include <optional>
#include <string>

#include "i18n/sentence.h"
#include "protocol/json_text.h"

namespace marshal::db {

using protocol::Json;

namespace {
constexpr std::int64_t any_int64 = std::numeric_limits<std::int64_t>::max();

std::int64_t whole(protocol::Fields& f, const std::string& key, std::int64_t min) {
  const std::int64_t value = f.int64_or(key, min, any_int64, min - 1);
  if (value < min) throw protocol::InputError(f.path_of(key), i18n::say("a whole number of at least {} is needed", min));
  return value;
}

// 64 lower-case hex digits as the 32 bytes of a hash.
Blob hash_of_hex(protocol::Fields& f, const std::string& key) {
  std::optional<Blob> bytes = hash_from_hex(f.text(key));
  if (!bytes) throw protocol::InputError(f.path_of(key), i18n::say("a hash is 64 lower-case hex digits"));
  return *bytes;
}
}  // namespace

Json replica_event_json(const EventRow& row) {
  Json json{{"seq", row.seq},   {"uuid", row.uuid},       {"station", row.station},
            {"server_time_ms", row.server_time_ms},     {"type", row.type},
            {"payload", row.payload}, {"prev_hash", to_hex(row.prev_hash)}, {"hash", to_hex(row.hash)}};
  json["client_time_ms"] = row.client_time_ms ? Json(*row.client_time_ms) : Json();
  return json;
}

Json replica_refusal_json(const RefusalRow& row) {
  Json json{{"id", row.id},     {"server_time_ms", row.server_time_ms}, {"station", row.station},
            {"type", row.type}, {"code", row.code},                     {"field", row.field},
            {"reason", row.reason}, {"repeats", row.repeats}};
  json["uuid"] = row.uuid ? Json(*row.uuid) : Json();
  json["payload"] = row.payload ? Json(*row.payload) : Json();
  // A row written before the trail was chained (migration 10) has no hashes: null.
  json["prev_hash"] = row.hash.empty() ? Json() : Json(to_hex(row.prev_hash));
  json["hash"] = row.hash.empty() ? Json() : Json(to_hex(row.hash));
  return json;
}

namespace {
// A JSON object written field by field, in the order given, and closed when it goes.
class ObjectText {
 public:
  explicit ObjectText(std::string& out) : out_(out) { out_ += '{'; }
  ~ObjectText() { out_ += '}'; }
  ObjectText(const ObjectText&) = delete;
  ObjectText& operator=(const ObjectText&) = delete;

  ObjectText& number(const char* key, std::optional<std::int64_t> n) {
    field(key);
    out_ += n ? std::to_string(*n) : "null";
    return *this;
  }
  ObjectText& text(const char* key, const std::string& text) {
    field(key);
    protocol::append_compact_string(text, out_);
    return *this;
  }
  ObjectText& text(const char* key, const std::optional<std::string>& text) {
    if (text) return this->text(key, *text);
    field(key);
    out_ += "null";
    return *this;
  }
  ObjectText& hash(const char* key, const Blob* hash) {  // null: none
    field(key);
    out_ += hash ? '"' + to_hex(*hash) + '"' : "null";
    return *this;
  }

 private:
  void field(const char* key) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += '"';
    out_ += key;
    out_ += "\":";
  }
  std::string& out_;
  bool first_ = true;
};
}  // namespace

// Keys in replica_event_json's order: the two give the same bytes (replica_follow_test).
void append_replica_event_text(const EventRow& row, std::string& out) {
  ObjectText(out)
      .number("seq", row.seq)
      .text("uuid", row.uuid)
      .text("station", row.station)
      .number("server_time_ms", row.server_time_ms)
      .text("type", row.type)
      .text("payload", row.payload)
      .hash("prev_hash", &row.prev_hash)
      .hash("hash", &row.hash)
      .number("client_time_ms", row.client_time_ms);
}

void append_replica_refusal_text(const RefusalRow& row, std::string& out) {
  const bool chained = !row.hash.empty();  // as replica_refusal_json: null hashes before the chain
  ObjectText(out)
      .number("id", row.id)
      .number("server_time_ms", row.server_time_ms)
      .text("station", row.station)
      .text("type", row.type)
      .text("code", row.code)
      .text("field", row.field)
      .text("reason", row.reason)
      .number("repeats", row.repeats)
      .text("uuid", row.uuid)
      .text("payload", row.payload)
      .hash("prev_hash", chained ? &row.prev_hash : nullptr)
      .hash("hash", chained ? &row.hash : nullptr);
}

EventRow replica_event_from_json(const Json& json, const std::string& path) {
  protocol::Fields f(json, path);
  EventRow row;
  row.seq = whole(f, "seq", 1);
  row.uuid = f.text("uuid");
  row.station = f.text("station");
  if (const std::int64_t at = f.int64_or("client_time_ms", 0, any_int64, -1); at >= 0) row.client_time_ms = at;  // null: none
  row.server_time_ms = whole(f, "server_time_ms", 0);
  row.type = f.text("type");
  row.payload = f.text("payload");
  row.prev_hash = hash_of_hex(f, "prev_hash");
  row.hash = hash_of_hex(f, "hash");
  f.done();
  return row;
}

RefusalRow replica_refusal_from_json(const Json& json, const std::string& path) {
  protocol::Fields f(json, path);
  RefusalRow row;
  row.id = whole(f, "id", 1);
  row.server_time_ms = whole(f, "server_time_ms", 0);
  row.station = f.text("station");
  row.uuid = f.optional_text("uuid");
  row.type = f.text("type");
  row.code = f.text("code");
  row.field = f.text("field");
  row.reason = f.text("reason");
  row.payload = f.optional_text("payload");
  row.repeats = whole(f, "repeats", 1);
  if (f.optional_text("hash")) {  // null: a row from before the trail was chained
    row.prev_hash = hash_of_hex(f, "prev_hash");
    row.hash = hash_of_hex(f, "hash");
  } else {
    f.optional_text("prev_hash");
  }
  f.done();
  return row;
}

ReplicaBatch replica_batch_from_json(const Json& answer) {
  ReplicaBatch batch;
  auto rows = [&](const char* key) -> const Json& {
    static const Json none = Json::array();
    if (!answer.is_object() || !answer.contains(key)) return none;
    if (!answer[key].is_array()) throw protocol::InputError(key, i18n::say("a list is needed"));
    return answer[key];
  };
  const Json& events = rows("events");
  for (std::size_t i = 0; i < events.size(); ++i)
    batch.events.push_back(replica_event_from_json(events[i], "events[" + std::to_string(i) + "]"));
  const Json& refusals = rows("refusals");
  for (std::size_t i = 0; i < refusals.size(); ++i)
    batch.refusals.push_back(replica_refusal_from_json(refusals[i], "refusals[" + std::to_string(i) + "]"));
  if (answer.is_object() && answer.contains("admin")) batch.admin = admin_snapshot_from_json(answer["admin"]);
  return batch;
}

}  // namespace marshal::db
