#include "printables/audit_report.h"

#include <cairo-pdf.h>
#include <glib.h>
#include <pango/pangocairo.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "core/action_deck.h"
#include "i18n/translate.h"
#include "i18n/venue_time.h"

namespace marshal::printables {

namespace {
using Json = protocol::Json;
using i18n::tr;

// A check's figures by its name ({} when the audit has no such check).
Json figures_of(const Json& summary, const char* name) {
  for (const auto& c : summary.value("checks", Json::array()))
    if (c.value("name", "") == name) return c.value("figures", Json::object());
  return Json::object();
}

// The report's chart width: 720 points is 960 px on a screen; a chart of 360 points' height is
// half an A4 page.
constexpr double chart_w = 720;

Chart timeline_chart(const Json& timeline) {
  std::vector<std::string> ticks;
  std::vector<Series> series;
  std::int64_t slots = timeline.value("slots", std::int64_t{0});
  std::int64_t start = timeline.value("start_ms", std::int64_t{0}), slot_ms = timeline.value("slot_ms", std::int64_t{1});
  for (std::int64_t i = 0; i < slots; ++i) ticks.push_back(i18n::clock_text(start + i * slot_ms));
  const Json stations = timeline.value("stations", Json::object());
  for (const auto& [station, counts] : stations.items()) {
    Series s{station, {}};
    for (const auto& c : counts) s.values.push_back(c.get<double>());
    series.push_back(std::move(s));
  }
  // TRANSLATORS: an audit chart's title, then its y axis: how many ledger events each station
  // recorded in each 10 minutes of the evening. {} is the venue's time zone (Europe/Moscow).
  return line_chart(fmt::format(fmt::runtime(tr("Events per 10 minutes, by station ({})")), i18n::time_zone_label(start)),
                    tr("events"), ticks, series);
}

Chart refusals_chart(const Json& figures) {
  std::vector<Bar> bars;
  const Json by_reason = figures.value("by_reason", Json::object());
  for (const auto& [reason, n] : by_reason.items()) bars.push_back({reason, n.get<double>(), ""});
  std::sort(bars.begin(), bars.end(), [](const Bar& a, const Bar& b) { return a.value > b.value; });
  // TRANSLATORS: an audit chart's title: the ledger's refusals, counted by their reason.
  return bar_chart(tr("Refusals by reason"), "", bars);
}

Chart fairness(const Json& figures) {
  std::vector<FairnessPanel> panels;
  std::vector<double> expected;
  for (int v = core::lowest_card; v <= core::highest_card; ++v)
    expected.push_back(static_cast<double>(core::action_deck_copies[v]) / core::action_deck_size);
  for (const char* source : {"station", "table"}) {
    const Json by_station = figures.value(source, Json::object());
    for (const auto& [station, f] : by_station.items()) {
        FairnessPanel p;
        // TRANSLATORS: a fairness chart panel's name: a station, then whose cards were counted: the
        // station's own draws, or the cards entered at its table.
        p.name = std::string(source) == "station" ? fmt::format(fmt::runtime(tr("{}: station draws")), station)
                                                  : fmt::format(fmt::runtime(tr("{}: table cards")), station);
        double n = f["draws"].get<double>();
        for (const auto& c : f["counts"]) p.observed.push_back(n > 0 ? c.get<double>() / n : 0);
        p.expected = expected;
        if (f.value("judged", false)) {
          // TRANSLATORS: under a fairness chart panel's name: how many cards were drawn (any count), then
          // the test's p-value.
          p.verdict = fmt::format(fmt::runtime(tr("{} cards, p = {:.3g}")), f["draws"].get<std::int64_t>(),
                                  f["p_value"].get<double>());
          p.flagged = f.value("flagged", false);
        } else {
          // TRANSLATORS: under a fairness chart panel's name: how many cards were drawn (any count).
          p.verdict = fmt::format(fmt::runtime(tr("{} cards: too few to judge")), f["draws"].get<std::int64_t>());
        }
        panels.push_back(std::move(p));
    }
  }
  // TRANSLATORS: an audit chart's title.
  return fairness_chart(tr("Fairness: the cards each station drew against the deck"), panels);
}

Chart calibration(const Json& figures) {
  std::vector<CalibrationPoint> points;
  const Json bins = figures.value("bins", Json::array());
  for (const auto& b : bins)
      points.push_back({b["predicted"].get<double>(), b["observed"].get<double>(), b["duels"].get<long long>()});
  // TRANSLATORS: an audit chart's title: the odds shown for who shoots first in a duel, against
  // what happened.
  return calibration_chart(tr("Calibration: who shoots first in a duel, odds against outcomes"), points);
}

Chart sync_chart(const Json& figures) {
  std::vector<Bar> bars;
  if (figures.is_object())
    for (const auto& [station, f] : figures.items()) {
      std::int64_t offline = f.value("offline_records", std::int64_t{0});
      double late_min = static_cast<double>(f.value("latest_sync_ms", std::int64_t{0})) / 60000.0;
      // TRANSLATORS: beside a station's bar in the audit's offline records chart: how many ledger
      // records it kept while offline (any count), and how many minutes late the latest one synced.
      bars.push_back({station, late_min,
                      offline == 0 ? tr("none kept offline")
                                   : fmt::format(fmt::runtime(tr("{} kept offline, the latest synced {:.0f} min late")),
                                                 offline, late_min)});
    }
  // TRANSLATORS: an audit chart's title.
  return bar_chart(tr("Records kept offline and how late they synced (minutes)"), "", bars);
}

std::string html_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string base64(const std::string& bytes) {
  gchar* encoded = g_base64_encode(reinterpret_cast<const guchar*>(bytes.data()), bytes.size());
  std::string out(encoded);
  g_free(encoded);
  return out;
}

// A check's status in words: PASS, WARN or FAIL (any other as FAIL).
std::string status_words(const std::string& status) {
  // TRANSLATORS: an audit check's status, one short word in capitals: the check passed, warns,
  // or failed.
  if (status == "PASS") return tr("PASS");
  if (status == "WARN") return tr("WARN");
  return tr("FAIL");
}

// Words and a shape for each status: colour is never the only signal.
std::string status_mark(const std::string& status) {
  const char* shape = status == "PASS" ? "&#10004; " : status == "WARN" ? "&#9888; " : "&#10008; ";
  return shape + html_escape(status_words(status));
}

std::string verdict_words(const std::string& verdict) {
  // TRANSLATORS: the audit's verdict, at the top of its report.
  if (verdict == "FAIL") return tr("FAILED: at least one check failed");
  if (verdict == "WARN") return tr("passed with warnings");
  return tr("passed: every check passed");
}

std::string report_html(const Json& summary, const std::vector<Chart>& charts) {
  const std::string verdict = summary.value("verdict", "FAIL");
  std::string verdict_class = verdict == "FAIL" ? "fail" : verdict == "WARN" ? "warn" : "pass";
  const std::string ledger_name = summary.value("ledger", "");
  std::string html = fmt::format(R"(<!DOCTYPE html>
<html lang="{0}"><head><meta charset="utf-8">
<title>{3}</title>
<style>
body {{ font-family: "DejaVu Sans", sans-serif; margin: 2em auto; max-width: 1000px; color: #1a1a1a; line-height: 1.4; }}
h1 {{ font-size: 1.6em; }} h2 {{ margin-top: 1.6em; }}
.verdict {{ font-size: 1.3em; font-weight: bold; padding: .5em .8em; border: 3px solid; }}
.pass {{ color: #005a2b; }} .warn {{ color: #7a4a00; }} .fail {{ color: #a00000; }}
table {{ border-collapse: collapse; width: 100%; }}
td, th {{ border-bottom: 1px solid #ccc; padding: .35em .5em; text-align: left; vertical-align: top; }}
td.status {{ white-space: nowrap; font-weight: bold; }}
figure {{ margin: 1.5em 0; }} figure img {{ width: 100%; max-width: 960px; border: 1px solid #ddd; }}
figcaption {{ font-size: .9em; color: #333; }}
</style></head><body>
<h1>{4}</h1>
<p class="verdict {1}">{2}</p>
<p>{5}</p>
<h2>{6}</h2>
<table><tr><th>{7}</th><th>{8}</th><th>{9}</th></tr>
)",
      html_escape(i18n::current_language()), verdict_class, html_escape(verdict_words(verdict)),
      // TRANSLATORS: the audit report's title in a web browser: the ledger's name.
      html_escape(fmt::format(fmt::runtime(tr("Marshal audit of {}")), ledger_name)),
      // TRANSLATORS: the audit report's heading: the ledger's name.
      html_escape(fmt::format(fmt::runtime(tr("Audit of {}")), ledger_name)),
      // TRANSLATORS: under the audit report's verdict. summary.json is a file name; the line break
      // only wraps the web page's source.
      html_escape(tr("Every check below with its evidence; the figures behind them are in summary.json, the evening's\n"
                     "tables (events, characters' fates, conflicts, refusals) in the CSV files beside this report.")),
      // TRANSLATORS: a heading of the audit report, above the list of checks.
      html_escape(tr("Checks")),
      // TRANSLATORS: the audit report's table of checks: its column headings.
      html_escape(tr("status")), html_escape(tr("check")), html_escape(tr("evidence")));
  for (const auto& c : summary.value("checks", Json::array())) {
    const std::string status = c.value("status", "FAIL");
    const char* cls = status == "PASS" ? "pass" : status == "WARN" ? "warn" : "fail";
    html += fmt::format("<tr><td class=\"status {}\">{}</td><td>{}</td><td>{}</td></tr>\n", cls, status_mark(status),
                        html_escape(c.value("title", c.value("name", ""))), html_escape(c.value("evidence", "")));
  }
  html += "</table>\n";
  const Json characters = figures_of(summary, "characters").value("characters", Json::array());
  if (!characters.empty()) {
    // TRANSLATORS: a heading of the audit report, above the characters' fates.
    html += "<h2>" + html_escape(tr("Characters")) + "</h2>\n";
    // TRANSLATORS: the audit report's table of characters: its column headings.
    html += fmt::format("<table><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>\n",
                        html_escape(tr("character")), html_escape(tr("fate")), html_escape(tr("bystanders lost")),
                        html_escape(tr("tricks played")), html_escape(tr("secrets held at the end")),
                        html_escape(tr("horses")));
    for (const auto& c : characters) {
      std::string horses;
      for (const auto& h : c["horses"]) horses += (horses.empty() ? "" : "<br>") + html_escape(h.get<std::string>());
      // TRANSLATORS: in the audit report's table of characters: how many bystanders were lost, or
      // tricks played, of how many.
      const std::string of = tr("{} of {}");
      html += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                          html_escape(c["name"].get<std::string>()), html_escape(c["fate"].get<std::string>()),
                          html_escape(fmt::format(fmt::runtime(of), c["bystanders_lost"].get<std::int64_t>(),
                                                  c["bystanders"].get<std::int64_t>())),
                          html_escape(fmt::format(fmt::runtime(of), c["tricks_played"].get<std::int64_t>(),
                                                  c["tricks"].get<std::int64_t>())),
                          html_escape(c["secrets_held"].get<std::string>()), horses);
    }
    html += "</table>\n";
  }
  // TRANSLATORS: a heading of the audit report, above its charts.
  html += "<h2>" + html_escape(tr("Charts")) + "</h2>\n";
  for (const auto& chart : charts)
    if (chart.empty)
      // TRANSLATORS: in the audit report, instead of a chart with no data: the chart's title.
      html += "<p>" + html_escape(fmt::format(fmt::runtime(tr("{}: nothing to show.")), chart.title)) + "</p>\n";
    else
      html += fmt::format("<figure><img alt=\"{}\" src=\"data:image/svg+xml;base64,{}\"><figcaption>{}</figcaption></figure>\n",
                        html_escape(chart.alt), base64(chart_svg(chart, chart_w, chart.height)), html_escape(chart.alt));
  html += "</body></html>\n";
  return html;
}

// The PDF: A4 pages, the checks first (text wrapped by pango), then two charts a page.
class PdfReport {
 public:
  explicit PdfReport(const std::string& path)
      : surface_(cairo_pdf_surface_create(path.c_str(), page_w, page_h)), cr_(cairo_create(surface_)) {
    if (cairo_surface_status(surface_) != CAIRO_STATUS_SUCCESS)
      throw std::runtime_error(fmt::format(fmt::runtime(tr("cannot write {}")), path));
  }
  ~PdfReport() {
    cairo_destroy(cr_);
    cairo_surface_destroy(surface_);
  }
  PdfReport(const PdfReport&) = delete;
  PdfReport& operator=(const PdfReport&) = delete;

  // Writes a paragraph at the cursor, starting a new page when it does not fit.
  void paragraph(const std::string& words, double size, bool bold = false, double r = 0.1, double g = 0.1, double b = 0.1) {
    PangoLayout* layout = pango_cairo_create_layout(cr_);
    PangoFontDescription* font = pango_font_description_from_string(bold ? "DejaVu Sans Bold" : "DejaVu Sans");
    pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    pango_layout_set_font_description(layout, font);
    pango_layout_set_width(layout, static_cast<int>((page_w - 2 * margin) * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_text(layout, words.c_str(), -1);
    int w = 0, h = 0;
    pango_layout_get_pixel_size(layout, &w, &h);
    if (y_ + h > page_h - margin) new_page();
    cairo_set_source_rgb(cr_, r, g, b);
    cairo_move_to(cr_, margin, y_);
    pango_cairo_show_layout(cr_, layout);
    y_ += h + size * 0.5;
    pango_font_description_free(font);
    g_object_unref(layout);
  }
  void chart(const Chart& c) {
    double scale = (page_w - 2 * margin) / chart_w;
    if (y_ + c.height * scale > page_h - margin) new_page();
    cairo_save(cr_);
    cairo_translate(cr_, margin, y_);
    cairo_scale(cr_, scale, scale);
    c.draw(cr_, chart_w, c.height);
    cairo_restore(cr_);
    y_ += c.height * scale + 24;
  }
  void new_page() {
    cairo_show_page(cr_);
    y_ = margin;
  }
  void finish() {
    cairo_show_page(cr_);
    cairo_surface_finish(surface_);
    if (cairo_surface_status(surface_) != CAIRO_STATUS_SUCCESS) throw std::runtime_error(tr("the PDF could not be written"));
  }

 private:
  static constexpr double page_w = 595.28, page_h = 841.89, margin = 42;  // A4 in points, 15 mm margins
  cairo_surface_t* surface_;
  cairo_t* cr_;
  double y_ = margin;
};

void write_pdf(const Json& summary, const std::vector<Chart>& charts, const std::string& path) {
  PdfReport pdf(path);
  pdf.paragraph(fmt::format(fmt::runtime(tr("Audit of {}")), summary.value("ledger", "")), 18, true);
  const std::string verdict = summary.value("verdict", "FAIL");
  bool failed = verdict == "FAIL", warned = verdict == "WARN";
  pdf.paragraph(verdict_words(verdict), 14, true, failed ? 0.63 : warned ? 0.48 : 0.0, failed ? 0 : warned ? 0.29 : 0.35,
                failed ? 0 : warned ? 0 : 0.17);
  for (const auto& c : summary.value("checks", Json::array())) {
    const std::string status = c.value("status", "FAIL");
    const char* shape = status == "PASS" ? "" : status == "WARN" ? " (!)" : " (X)";
    pdf.paragraph(fmt::format("{}{}  {}", status_words(status), shape, c.value("title", c.value("name", ""))), 11, true);
    pdf.paragraph(c.value("evidence", ""), 9.5);
  }
  const Json characters = figures_of(summary, "characters").value("characters", Json::array());
  if (!characters.empty()) {
    pdf.new_page();
    pdf.paragraph(tr("Characters"), 14, true);
    for (const auto& c : characters) {
      pdf.paragraph(fmt::format("{}: {}", c["name"].get<std::string>(), c["fate"].get<std::string>()), 10, true);
      // TRANSLATORS: in the audit report's PDF, under a character's name and fate; more items may
      // follow, each after "; ".
      std::string line = fmt::format(fmt::runtime(tr("Bystanders lost {} of {}; tricks played {} of {}")),
                                     c["bystanders_lost"].get<std::int64_t>(), c["bystanders"].get<std::int64_t>(),
                                     c["tricks_played"].get<std::int64_t>(), c["tricks"].get<std::int64_t>());
      if (!c["secrets_held"].get<std::string>().empty())
        // TRANSLATORS: an item of a character's line in the audit report's PDF: the titles of the
        // secrets the character held at the end.
        line += "; " + fmt::format(fmt::runtime(tr("secrets held: {}")), c["secrets_held"].get<std::string>());
      for (const auto& h : c["horses"])
        // TRANSLATORS: an item of a character's line in the audit report's PDF: one horse the
        // character had at the end.
        line += "; " + fmt::format(fmt::runtime(tr("horse {}")), h.get<std::string>());
      pdf.paragraph(line, 9);
    }
  }
  pdf.new_page();
  for (const auto& chart : charts)
    if (chart.empty)
      pdf.paragraph(fmt::format(fmt::runtime(tr("{}: nothing to show.")), chart.title), 11, true);
    else
      pdf.chart(chart);
  pdf.finish();
}
}  // namespace

std::vector<Chart> audit_charts(const Json& summary) {
  return {timeline_chart(summary.value("timeline", Json::object())), refusals_chart(figures_of(summary, "refusals")),
          fairness(figures_of(summary, "fairness")), calibration(figures_of(summary, "calibration")),
          sync_chart(figures_of(summary, "stations"))};
}

ReportFiles write_audit_report(const Json& summary, const std::string& dir) {
  std::vector<Chart> charts = audit_charts(summary);
  ReportFiles files{(std::filesystem::path(dir) / "report.html").string(), (std::filesystem::path(dir) / "report.pdf").string()};
  {
    std::ofstream html(files.html, std::ios::trunc | std::ios::binary);
    html << report_html(summary, charts);
    if (!html) throw std::runtime_error(fmt::format(fmt::runtime(tr("cannot write {}")), files.html));
  }
  write_pdf(summary, charts, files.pdf);
  return files;
}

}  // namespace marshal::printables
