#include "printables/charts.h"

#include <algorithm>
#include <cmath>

#include <cairo-svg.h>
#include <fmt/format.h>
#include <pango/pangocairo.h>

#include "i18n/translate.h"

namespace marshal::printables {

using i18n::tr;

namespace {

constexpr const char* font_family = "DejaVu Sans";
constexpr double title_pt = 14, label_pt = 10, small_pt = 8.5;

struct Rgb {
  double r, g, b;
};
// Okabe-Ito: told apart by the colour-blind too; series differ in marker and dash as well.
constexpr Rgb palette[] = {{0.0, 0.447, 0.698}, {0.835, 0.369, 0.0}, {0.0, 0.620, 0.451},
                           {0.800, 0.475, 0.655}, {0.902, 0.624, 0.0}, {0.337, 0.706, 0.914}};
constexpr int palette_size = sizeof palette / sizeof palette[0];
const Rgb ink{0.1, 0.1, 0.1}, grid{0.85, 0.85, 0.85}, warn_red{0.70, 0.0, 0.0};

void set(cairo_t* cr, const Rgb& c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

enum class Anchor { left, center, right };

// Draws text with its top at y, anchored at x; returns its width and height in points. Text
// wider than max_w (when given) is cut with an ellipsis, or wrapped onto more lines with `wrap`.
// With draw = false it is only measured.
std::pair<double, double> text(cairo_t* cr, const std::string& words, double x, double y, double size,
                               Anchor anchor = Anchor::left, bool bold = false, double max_w = -1,
                               bool wrap = false, bool draw = true) {
  PangoLayout* layout = pango_cairo_create_layout(cr);
  PangoFontDescription* font = pango_font_description_new();
  pango_font_description_set_family(font, font_family);
  pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
  pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description(layout, font);
  if (max_w > 0) {
    pango_layout_set_width(layout, static_cast<int>(max_w * PANGO_SCALE));
    if (wrap) pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
    else pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
  }
  pango_layout_set_text(layout, words.c_str(), -1);
  int w = 0, h = 0;
  pango_layout_get_pixel_size(layout, &w, &h);
  double left = anchor == Anchor::left ? x : anchor == Anchor::center ? x - w / 2.0 : x - w;
  if (draw) {
    cairo_move_to(cr, left, y);
    pango_cairo_show_layout(cr, layout);
  }
  pango_font_description_free(font);
  g_object_unref(layout);
  return {w, h};
}

// The title; returns the y where the plot may start.
double draw_title(cairo_t* cr, const std::string& title, double w) {
  set(cr, ink);
  auto [tw, th] = text(cr, title, 0, 0, title_pt, Anchor::left, true, w);
  return th + 8;
}

// A round step for an axis running to `top`: 1, 2 or 5 times a power of ten.
double nice_step(double top, int ticks) {
  double raw = std::max(top, 1e-9) / ticks;
  double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) return m * power;
  return 10 * power;
}

std::string number(double v) {
  if (std::fabs(v - std::round(v)) < 1e-9) return fmt::format("{}", static_cast<long long>(std::llround(v)));
  return fmt::format("{:.2g}", v);
}

void marker(cairo_t* cr, int kind, double x, double y, double r) {
  cairo_new_path(cr);  // text leaves a current point, which a shape would join with a line
  switch (kind % 5) {
    case 0: cairo_arc(cr, x, y, r, 0, 2 * M_PI); break;
    case 1: cairo_rectangle(cr, x - r, y - r, 2 * r, 2 * r); break;
    case 2:
      cairo_move_to(cr, x, y - r);
      cairo_line_to(cr, x + r, y + r);
      cairo_line_to(cr, x - r, y + r);
      cairo_close_path(cr);
      break;
    case 3:
      cairo_move_to(cr, x, y - r);
      cairo_line_to(cr, x + r, y);
      cairo_line_to(cr, x, y + r);
      cairo_line_to(cr, x - r, y);
      cairo_close_path(cr);
      break;
    default:
      cairo_move_to(cr, x - r, y - r);
      cairo_line_to(cr, x + r, y + r);
      cairo_move_to(cr, x + r, y - r);
      cairo_line_to(cr, x - r, y + r);
  }
  cairo_fill_preserve(cr);
  cairo_stroke(cr);
}

void dash(cairo_t* cr, int kind) {
  static const double dashed[] = {6, 3}, dotted[] = {1.5, 2.5}, dash_dot[] = {6, 2.5, 1.5, 2.5};
  switch (kind % 4) {
    case 0: cairo_set_dash(cr, nullptr, 0, 0); break;
    case 1: cairo_set_dash(cr, dashed, 2, 0); break;
    case 2: cairo_set_dash(cr, dotted, 2, 0); break;
    default: cairo_set_dash(cr, dash_dot, 4, 0);
  }
}

void no_data(cairo_t* cr, double top, double w, double h) {
  set(cr, ink);
  // TRANSLATORS: in the middle of an audit chart that has no data.
  text(cr, tr("nothing to show"), w / 2, top + (h - top) / 2 - label_pt, label_pt, Anchor::center);
}

}  // namespace

Chart bar_chart(std::string title, std::string unit, std::vector<Bar> bars) {
  Chart chart;
  chart.title = title;
  chart.empty = bars.empty();
  chart.height = std::min(360.0, 40.0 + 26.0 * static_cast<double>(bars.size()));
  chart.alt = title + ":";
  for (const auto& b : bars)
    chart.alt += fmt::format(" {} {}{};", b.label, b.value_text.empty() ? number(b.value) : b.value_text,
                             unit.empty() ? "" : " " + unit);
  chart.draw = [title, unit, bars](cairo_t* cr, double w, double h) {
    double top = draw_title(cr, title, w);
    if (bars.empty()) return no_data(cr, top, w, h);
    double max = 0;
    for (const auto& b : bars) max = std::max(max, b.value);
    if (max <= 0) max = 1;
    double row = std::min(26.0, (h - top) / static_cast<double>(bars.size()));
    double size = std::min(label_pt, row * 0.6);
    auto value_of = [&](const Bar& b) {
      return (b.value_text.empty() ? number(b.value) : b.value_text) + (unit.empty() ? "" : " " + unit);
    };
    double value_w = 0;  // the widest value, so that none runs off the chart
    for (const auto& b : bars) value_w = std::max(value_w, text(cr, value_of(b), 0, 0, size, Anchor::left, false, -1, false, false).first);
    double label_w = w * 0.3;
    value_w = std::min(value_w + 8, w - label_w - 60);
    double bar_w = w - label_w - value_w - 6;
    for (std::size_t i = 0; i < bars.size(); ++i) {
      double y = top + row * static_cast<double>(i);
      set(cr, ink);
      text(cr, bars[i].label, label_w - 6, y + (row - size * 1.25) / 2, size, Anchor::right, false, label_w - 6);
      double len = bar_w * bars[i].value / max;
      set(cr, palette[0]);
      cairo_rectangle(cr, label_w, y + row * 0.15, std::max(len, 1.0), row * 0.7);
      cairo_fill(cr);
      set(cr, ink);
      text(cr, value_of(bars[i]), label_w + len + 6, y + (row - size * 1.25) / 2, size, Anchor::left, false,
           w - label_w - len - 6);
    }
  };
  return chart;
}

Chart line_chart(std::string title, std::string y_label, std::vector<std::string> x_ticks, std::vector<Series> series) {
  Chart chart;
  chart.title = title;
  chart.empty = x_ticks.empty() || series.empty();
  // TRANSLATORS: a line chart described in words (the report's alt text and caption): the chart's
  // title, how many lines it has, how many time slots, the first and the last slot's time.
  chart.alt = fmt::format(fmt::runtime(tr("{}: {} series over {} slots from {} to {}")), title, series.size(),
                          x_ticks.size(), x_ticks.empty() ? "" : x_ticks.front(), x_ticks.empty() ? "" : x_ticks.back());
  for (const auto& s : series) {
    double total = 0;
    for (double v : s.values) total += v;
    // TRANSLATORS: appended to a line chart's description, once per line: its name, the sum of its
    // values.
    chart.alt += "; " + fmt::format(fmt::runtime(tr("{} {} in all")), s.name, number(total));
  }
  chart.draw = [title, y_label, x_ticks, series](cairo_t* cr, double w, double h) {
    double top = draw_title(cr, title, w);
    if (x_ticks.empty() || series.empty()) return no_data(cr, top, w, h);
    double legend_h = (label_pt + 6) * static_cast<double>((series.size() + 2) / 3);
    double left = 48, right = w - 10, bottom = h - 30 - legend_h, plot_top = top + 6;
    double max = 0;
    for (const auto& s : series)
      for (double v : s.values) max = std::max(max, v);
    double step = nice_step(max, 5);
    double y_top = std::max(step, std::ceil(max / step) * step);
    auto x_of = [&](std::size_t i) {
      return x_ticks.size() == 1 ? (left + right) / 2
                                 : left + (right - left) * static_cast<double>(i) / static_cast<double>(x_ticks.size() - 1);
    };
    auto y_of = [&](double v) { return bottom - (bottom - plot_top) * v / y_top; };
    cairo_set_line_width(cr, 0.6);
    for (double v = 0; v <= y_top + 1e-9; v += step) {
      set(cr, grid);
      cairo_move_to(cr, left, y_of(v));
      cairo_line_to(cr, right, y_of(v));
      cairo_stroke(cr);
      set(cr, ink);
      text(cr, number(v), left - 4, y_of(v) - small_pt * 0.65, small_pt, Anchor::right);
    }
    set(cr, ink);
    text(cr, y_label, left, plot_top - small_pt * 1.6, small_pt);
    std::size_t every = std::max<std::size_t>(1, (x_ticks.size() + 7) / 8);
    for (std::size_t i = 0; i < x_ticks.size(); i += every)
      text(cr, x_ticks[i], x_of(i), bottom + 4, small_pt, Anchor::center);
    cairo_set_line_width(cr, 1);
    cairo_move_to(cr, left, plot_top);
    cairo_line_to(cr, left, bottom);
    cairo_line_to(cr, right, bottom);
    cairo_stroke(cr);
    bool markers = x_ticks.size() <= 48;
    for (std::size_t k = 0; k < series.size(); ++k) {
      const auto& s = series[k];
      set(cr, palette[k % palette_size]);
      cairo_set_line_width(cr, 2);
      dash(cr, static_cast<int>(k));
      for (std::size_t i = 0; i < s.values.size() && i < x_ticks.size(); ++i) {
        if (i == 0) cairo_move_to(cr, x_of(i), y_of(s.values[i]));
        else cairo_line_to(cr, x_of(i), y_of(s.values[i]));
      }
      cairo_stroke(cr);
      dash(cr, 0);
      cairo_set_line_width(cr, 1);
      if (markers)
        for (std::size_t i = 0; i < s.values.size() && i < x_ticks.size(); ++i)
          marker(cr, static_cast<int>(k), x_of(i), y_of(s.values[i]), 2.5);
      // The legend: three to a row under the axis.
      double lx = left + (right - left) / 3 * static_cast<double>(k % 3);
      double ly = bottom + 22 + (label_pt + 6) * static_cast<double>(k / 3);
      cairo_set_line_width(cr, 2);
      dash(cr, static_cast<int>(k));
      cairo_move_to(cr, lx, ly + label_pt * 0.6);
      cairo_line_to(cr, lx + 28, ly + label_pt * 0.6);
      cairo_stroke(cr);
      dash(cr, 0);
      cairo_set_line_width(cr, 1);
      marker(cr, static_cast<int>(k), lx + 14, ly + label_pt * 0.6, 3);
      set(cr, ink);
      text(cr, s.name, lx + 34, ly, label_pt, Anchor::left, false, (right - left) / 3 - 40);
    }
  };
  return chart;
}

Chart fairness_chart(std::string title, std::vector<FairnessPanel> panels) {
  Chart chart;
  chart.title = title;
  chart.empty = panels.empty();
  chart.alt = title + ":";
  for (const auto& p : panels)
    // TRANSLATORS: one panel of the fairness chart described in words: the station's name and what
    // it drew ("412 cards, p = 0.53"); the second for a panel whose draws are suspect.
    chart.alt += " " + (p.flagged ? fmt::format(fmt::runtime(tr("{}: {} (unlikely from a fair deck)")), p.name, p.verdict)
                                  : fmt::format("{}: {}", p.name, p.verdict)) + ";";
  chart.draw = [title, panels](cairo_t* cr, double w, double h) {
    double top = draw_title(cr, title, w);
    if (panels.empty()) return no_data(cr, top, w, h);
    int cols = static_cast<int>(std::min<std::size_t>(3, panels.size()));
    int rows = static_cast<int>((panels.size() + static_cast<std::size_t>(cols) - 1) / static_cast<std::size_t>(cols));
    double pw = w / cols, ph = (h - top - 16) / rows;
    for (std::size_t i = 0; i < panels.size(); ++i) {
      const auto& p = panels[i];
      double x0 = pw * static_cast<double>(i % static_cast<std::size_t>(cols)) + 6;
      double y0 = top + ph * static_cast<double>(i / static_cast<std::size_t>(cols));
      double inner_w = pw - 14;
      set(cr, p.flagged ? warn_red : ink);
      // TRANSLATORS: the heading of a fairness chart's panel whose draws are unlikely from a fair deck.
      auto [nw, nh] = text(cr, p.flagged ? fmt::format(fmt::runtime(tr("UNLIKELY: {}")), p.name) : p.name, x0, y0, label_pt,
                           Anchor::left, p.flagged, inner_w);
      auto [vw, vh] = text(cr, p.verdict, x0, y0 + nh, small_pt, Anchor::left, false, inner_w);
      double plot_top = y0 + nh + vh + 4, plot_bottom = y0 + ph - small_pt * 1.6 - 4;
      double max = 0;
      for (std::size_t v = 0; v < p.observed.size(); ++v)
        max = std::max({max, p.observed[v], v < p.expected.size() ? p.expected[v] : 0.0});
      max = max <= 0 ? 1 : max * 1.1;  // room above the tallest bar or tick
      std::size_t n = std::max<std::size_t>(1, p.observed.size());
      double slot = inner_w / static_cast<double>(n);
      for (std::size_t v = 0; v < p.observed.size(); ++v) {
        double x = x0 + slot * static_cast<double>(v);
        double bh = (plot_bottom - plot_top) * p.observed[v] / max;
        set(cr, p.flagged ? palette[1] : palette[0]);
        cairo_rectangle(cr, x + slot * 0.15, plot_bottom - bh, slot * 0.7, bh);
        cairo_fill(cr);
        if (v < p.expected.size()) {  // the deck's share: a black tick across the bar
          double ey = plot_bottom - (plot_bottom - plot_top) * p.expected[v] / max;
          set(cr, ink);
          cairo_set_line_width(cr, 2);
          cairo_move_to(cr, x + slot * 0.05, ey);
          cairo_line_to(cr, x + slot * 0.95, ey);
          cairo_stroke(cr);
        }
        set(cr, ink);
        text(cr, std::to_string(v + 1), x + slot / 2, plot_bottom + 2, small_pt, Anchor::center);
      }
      cairo_set_line_width(cr, 1);
      set(cr, ink);
      cairo_move_to(cr, x0, plot_bottom);
      cairo_line_to(cr, x0 + inner_w, plot_bottom);
      cairo_stroke(cr);
    }
    set(cr, ink);
    // TRANSLATORS: the fairness chart's legend.
    text(cr, tr("bars: share of each card value drawn; black tick: the deck's share"), 0, h - small_pt * 1.4, small_pt);
  };
  return chart;
}

Chart calibration_chart(std::string title, std::vector<CalibrationPoint> points) {
  Chart chart;
  chart.title = title;
  chart.empty = points.empty();
  chart.alt = title + ":";
  for (const auto& p : points)
    // TRANSLATORS: one point of the calibration chart described in words: the predicted and the
    // observed share, then how many duels the point stands for (any count).
    chart.alt += " " + fmt::format(fmt::runtime(tr("predicted {:.0f}%, observed {:.0f}% ({} duels)")), 100 * p.predicted,
                                   100 * p.observed, p.count) + ";";
  chart.draw = [title, points](cairo_t* cr, double w, double h) {
    double top = draw_title(cr, title, w);
    if (points.empty()) return no_data(cr, top, w, h);
    double side = std::min(w - 70, h - top - 40);
    double left = 50, bottom = top + 6 + side;
    auto x_of = [&](double p) { return left + side * p; };
    auto y_of = [&](double p) { return bottom - side * p; };
    cairo_set_line_width(cr, 0.6);
    for (int i = 0; i <= 10; i += 2) {
      double v = i / 10.0;
      set(cr, grid);
      cairo_move_to(cr, x_of(v), y_of(0));
      cairo_line_to(cr, x_of(v), y_of(1));
      cairo_move_to(cr, x_of(0), y_of(v));
      cairo_line_to(cr, x_of(1), y_of(v));
      cairo_stroke(cr);
      set(cr, ink);
      text(cr, fmt::format("{}%", i * 10), x_of(v), bottom + 3, small_pt, Anchor::center);
      text(cr, fmt::format("{}%", i * 10), left - 4, y_of(v) - small_pt * 0.65, small_pt, Anchor::right);
    }
    set(cr, ink);
    cairo_set_line_width(cr, 1);
    dash(cr, 1);
    cairo_move_to(cr, x_of(0), y_of(0));
    cairo_line_to(cr, x_of(1), y_of(1));
    cairo_stroke(cr);
    dash(cr, 0);
    // TRANSLATORS: the calibration chart's x axis: the odds the station showed.
    text(cr, tr("predicted (odds shown)"), left + side / 2, bottom + small_pt * 1.6 + 4, small_pt, Anchor::center);
    // TRANSLATORS: the calibration chart's y axis: how often it came true.
    text(cr, tr("observed"), left, top - 2, small_pt, Anchor::left);
    long long most = 1;
    for (const auto& p : points) most = std::max(most, p.count);
    for (const auto& p : points) {
      double r = 3 + 9 * std::sqrt(static_cast<double>(p.count) / static_cast<double>(most));
      set(cr, palette[0]);
      cairo_new_path(cr);
      cairo_arc(cr, x_of(p.predicted), y_of(p.observed), r, 0, 2 * M_PI);
      cairo_fill(cr);
      set(cr, ink);
      text(cr, std::to_string(p.count), x_of(p.predicted) + r + 2, y_of(p.observed) - small_pt * 0.65, small_pt);
    }
    // TRANSLATORS: the calibration chart's legend, beside the plot.
    text(cr, tr("On the dashed line the odds came true. A dot's size and number: its duels."), left + side + 16, top + 6,
         label_pt, Anchor::left, false, std::max(60.0, w - left - side - 20), true);
  };
  return chart;
}

std::string chart_svg(const Chart& chart, double w, double h) {
  std::string svg;
  cairo_surface_t* surface = cairo_svg_surface_create_for_stream(
      [](void* closure, const unsigned char* data, unsigned int length) {
        static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
        return CAIRO_STATUS_SUCCESS;
      },
      &svg, w, h);
  cairo_t* cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  chart.draw(cr, w, h);
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  cairo_surface_destroy(surface);
  return svg;
}

}  // namespace marshal::printables
