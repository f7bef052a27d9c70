#pragma once
// Charts for the audit report (docs/audit.md), each drawn once with cairo onto any surface
// (the report's SVG images and its PDF pages), text laid out with pango. A chart draws itself
// into a w x h box in points; colour is never the only signal (series also differ in marker
// and dash, bars carry their values in words).
#include <functional>
#include <string>
#include <vector>

#include <cairo.h>

namespace marshal::printables {

struct Chart {
  std::string title;
  std::string alt;  // what it shows, in words (the HTML's alt text and the PDF's caption)
  bool empty = false;  // nothing to draw: the report says so in a line instead
  double height = 360;  // points, at the report's width of 720: a bar chart is as tall as its bars
  std::function<void(cairo_t* cr, double w, double h)> draw;
};

// Horizontal bars, largest first as given, each labelled with its value.
struct Bar {
  std::string label;
  double value = 0;
  std::string value_text;  // "" for the value itself
};
Chart bar_chart(std::string title, std::string unit, std::vector<Bar> bars);

// Lines over a shared x axis (time slots), one per series, with a legend.
struct Series {
  std::string name;
  std::vector<double> values;  // one per x tick
};
Chart line_chart(std::string title, std::string y_label, std::vector<std::string> x_ticks, std::vector<Series> series);

// For each station: the share of each card value it drew (bars) against the deck's share
// (a black tick), with the station's draws and p-value.
struct FairnessPanel {
  std::string name;             // "saloon-gm: station draws"
  std::vector<double> observed; // share of each value 1..10
  std::vector<double> expected; // the deck's share of each value
  std::string verdict;          // "412 cards, p = 0.53" or "too few to judge"
  bool flagged = false;
};
Chart fairness_chart(std::string title, std::vector<FairnessPanel> panels);

// Predicted probability (x) against observed frequency (y), one point per bin sized by its
// count, against the diagonal of perfect calibration.
struct CalibrationPoint {
  double predicted = 0, observed = 0;
  long long count = 0;
};
Chart calibration_chart(std::string title, std::vector<CalibrationPoint> points);

// The chart as a self-contained SVG document (cairo's SVG surface), w x h points.
std::string chart_svg(const Chart& chart, double w, double h);

}  // namespace marshal::printables
