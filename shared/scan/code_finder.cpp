#include "scan/code_finder.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace marshal::scan {

namespace {

// Each whole cell's spread (standard deviation of its pixels), row by row of cells.
std::vector<float> cell_spreads(const GrayFrame& frame, int columns, int rows) {
  std::vector<float> spreads(static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows));
  std::vector<std::uint32_t> sums(static_cast<std::size_t>(columns)), squares(sums.size());
  constexpr double pixels = code_cell_px * code_cell_px;
  for (int cy = 0; cy < rows; ++cy) {
    std::fill(sums.begin(), sums.end(), 0);
    std::fill(squares.begin(), squares.end(), 0);
    for (int y = cy * code_cell_px; y < (cy + 1) * code_cell_px; ++y) {
      const std::uint8_t* in = frame.data + static_cast<std::ptrdiff_t>(y) * frame.stride;
      for (int cx = 0; cx < columns; ++cx) {
        std::uint32_t sum = 0, sum_squares = 0;
        for (const std::uint8_t* p = in + cx * code_cell_px, *end = p + code_cell_px; p < end; ++p) {
          sum += *p;
          sum_squares += std::uint32_t{*p} * *p;
        }
        sums[static_cast<std::size_t>(cx)] += sum;
        squares[static_cast<std::size_t>(cx)] += sum_squares;
      }
    }
    for (int cx = 0; cx < columns; ++cx) {
      const double mean = sums[static_cast<std::size_t>(cx)] / pixels;
      const double variance = squares[static_cast<std::size_t>(cx)] / pixels - mean * mean;
      spreads[static_cast<std::size_t>(cy) * static_cast<std::size_t>(columns) + static_cast<std::size_t>(cx)] =
          static_cast<float>(std::sqrt(std::max(variance, 0.0)));
    }
  }
  return spreads;
}

}  // namespace

std::vector<Region> find_code_regions(const GrayFrame& frame) {
  if (!frame.data || frame.stride < frame.width) return {};
  const int columns = frame.width / code_cell_px, rows = frame.height / code_cell_px;
  if (columns < code_window_cells || rows < code_window_cells) return {};
  const std::vector<float> spreads = cell_spreads(frame, columns, rows);
  auto at = [columns](int cx, int cy) {
    return static_cast<std::size_t>(cy) * static_cast<std::size_t>(columns) + static_cast<std::size_t>(cx);
  };

  // The typical cell: most of a frame is flat (a table, a wall, the card's paper), so the median
  // cell's spread is the sensor's noise and the light's gradients.
  std::vector<float> sorted = spreads;
  auto middle = sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2);
  std::nth_element(sorted.begin(), middle, sorted.end());
  const double busy_from = std::max(busy_over_typical * *middle, min_busy_spread);

  // Busy cells counted in an integral image, one row and one column of zeros before the first.
  std::vector<int> busy((static_cast<std::size_t>(columns) + 1) * (static_cast<std::size_t>(rows) + 1), 0);
  auto sum_at = [columns, &busy](int cx, int cy) -> int& {
    return busy[static_cast<std::size_t>(cy) * static_cast<std::size_t>(columns + 1) + static_cast<std::size_t>(cx)];
  };
  for (int cy = 0; cy < rows; ++cy)
    for (int cx = 0, row = 0; cx < columns; ++cx) {
      row += spreads[at(cx, cy)] >= busy_from ? 1 : 0;
      sum_at(cx + 1, cy + 1) = sum_at(cx + 1, cy) + row;
    }

  // Every busy cell of a window busy enough is part of a code-like patch (the flat cells at its
  // edge are not: a patch ends where the code does).
  const int w = code_window_cells;
  const int enough = static_cast<int>(std::ceil(busy_share * w * w));
  std::vector<std::uint8_t> patch(spreads.size(), 0);
  for (int cy = 0; cy + w <= rows; ++cy)
    for (int cx = 0; cx + w <= columns; ++cx) {
      const int count = sum_at(cx + w, cy + w) - sum_at(cx, cy + w) - sum_at(cx + w, cy) + sum_at(cx, cy);
      if (count < enough) continue;
      for (int y = cy; y < cy + w; ++y)
        for (int x = cx; x < cx + w; ++x)
          if (spreads[at(x, y)] >= busy_from) patch[at(x, y)] = 1;
    }

  // Each patch's bounding box (cells joined by their sides), kept when a card's code could fill it.
  std::vector<Region> regions;
  std::vector<std::size_t> stack;
  for (int cy = 0; cy < rows; ++cy)
    for (int cx = 0; cx < columns; ++cx) {
      if (patch[at(cx, cy)] != 1) continue;
      int x0 = cx, x1 = cx, y0 = cy, y1 = cy;
      patch[at(cx, cy)] = 2;
      stack.assign(1, at(cx, cy));
      while (!stack.empty()) {
        const std::size_t cell = stack.back();
        stack.pop_back();
        const int x = static_cast<int>(cell % static_cast<std::size_t>(columns));
        const int y = static_cast<int>(cell / static_cast<std::size_t>(columns));
        x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
        auto visit = [&](int nx, int ny) {
          if (nx < 0 || ny < 0 || nx >= columns || ny >= rows || patch[at(nx, ny)] != 1) return;
          patch[at(nx, ny)] = 2;
          stack.push_back(at(nx, ny));
        };
        visit(x - 1, y), visit(x + 1, y), visit(x, y - 1), visit(x, y + 1);
      }
      const Region region{x0 * code_cell_px, y0 * code_cell_px, (x1 - x0 + 1) * code_cell_px, (y1 - y0 + 1) * code_cell_px};
      if (std::min(region.width, region.height) >= min_code_region_px &&
          std::max(region.width, region.height) <= max_code_region_px)
        regions.push_back(region);
    }
  std::sort(regions.begin(), regions.end(),
            [](const Region& a, const Region& b) { return a.width * a.height > b.width * b.height; });
  return regions;
}

}  // namespace marshal::scan
