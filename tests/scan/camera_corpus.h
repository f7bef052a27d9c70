#pragma once
// Issue 31's corpus of webcam frames (docs/plans/camera-scanning.md section 2), shared by
// bench_scan (`--corpus camera`) and the floor test (camera_floor_test.cpp): a table's clutter and
// one card, then what a webcam in a dim saloon does to it (camera_degradations.h), in a camera's
// order: perspective, motion blur, glare, dim light, noise, JPEG. Sets:
// - easy: what a steady hand under a good lamp gives (a slight perspective and blur, bright, no
//   glare, no JPEG): every frame is to be read;
// - hard: every degradation at once within the ranges;
// - hard:<one>: that degradation at its hard range, the others easy (where the misses come from).
// Deterministic: the same seed and set give the same pixels.
#include <cairo.h>

#include <array>
#include <string>
#include <string_view>

#include "camera_degradations.h"
#include "synthetic_frames.h"

namespace marshal::scan::testing {

enum class CameraSet { easy, hard, motion, glare, dim, jpeg, perspective };
inline constexpr std::array<CameraSet, 7> camera_sets{CameraSet::easy,   CameraSet::hard,  CameraSet::motion,
                                                     CameraSet::glare,  CameraSet::dim,   CameraSet::jpeg,
                                                     CameraSet::perspective};

inline std::string_view camera_set_name(CameraSet set) {
  switch (set) {
    case CameraSet::easy: return "easy";
    case CameraSet::hard: return "hard";
    case CameraSet::motion: return "hard:motion";
    case CameraSet::glare: return "hard:glare";
    case CameraSet::dim: return "hard:dim";
    case CameraSet::jpeg: return "hard:jpeg";
    case CameraSet::perspective: return "hard:perspective";
  }
  return "";
}

// The easy set's bounds (a steady hand, a good lamp); the hard ones are camera_degradations.h's.
inline constexpr double min_px_per_module = 3;  // the modules of 3-5 px
inline constexpr double max_px_per_module = 5;
inline constexpr double easy_perspective = 0.08;
inline constexpr double easy_motion_blur_px = 1.5;
inline constexpr double easy_min_light = 0.85;
inline constexpr int noise_amplitude = 10;  // sensor noise, uniform +-10 grey levels (add_noise)
inline constexpr double camera_max_shear = 0.15;  // a card held towards the camera, tilted a little
inline constexpr double camera_min_squash = 0.85;

// A table's clutter (grey boxes and papers, some with hard dark edges) and one card whose code
// lies wholly in the frame: what bench_scan's corpora draw before a camera spoils it.
struct Scene {
  std::string code;
  CardPose pose;
  GreyImage image{0, 0};
};

// A table's clutter: 5 to 25 grey boxes and papers at any angle, some with hard dark edges.
inline void draw_clutter(cairo_t* cr, Rng& rng, int width, int height) {
  const int clutter = rng.integer(5, 25);
  for (int i = 0; i < clutter; ++i) {
    cairo_save(cr);
    cairo_translate(cr, rng.uniform(0, width), rng.uniform(0, height));
    cairo_rotate(cr, rng.uniform(0, 2 * pi));
    const double w = rng.uniform(20, 400), h = rng.uniform(10, 300);
    const double grey = rng.uniform(0, 1);
    cairo_rectangle(cr, -w / 2, -h / 2, w, h);
    cairo_set_source_rgb(cr, grey, grey, grey);
    cairo_fill_preserve(cr);
    const double edge = rng.uniform(0, 1);
    cairo_set_source_rgb(cr, edge, edge, edge);
    cairo_set_line_width(cr, rng.uniform(0, 4));
    cairo_stroke(cr);
    cairo_restore(cr);
  }
}

// `max_shear` and `min_squash` bound the card's affine foreshortening (bench_scan's table and
// harsh corpora: 0.3 and 0.7); the camera corpus keeps it modest (camera_max_shear,
// camera_min_squash), its perspective being a degradation of its own.
inline Scene draw_scene(Rng& rng, int width, int height, double min_px, double max_px, double max_shear = 0.3,
                        double min_squash = 0.7, bool with_card = true) {
  Scene s;
  s.code = random_card_code(rng);
  Canvas canvas(width, height, rng.uniform(0.2, 0.8));
  cairo_t* cr = canvas.cr();
  draw_clutter(cr, rng, width, height);
  CardPose& pose = s.pose;
  pose.px_per_module = rng.uniform(min_px, max_px);
  pose.degrees = rng.uniform(0, 360);
  pose.shear = rng.uniform(-max_shear, max_shear);
  pose.squash = rng.uniform(min_squash, 1.0);
  const double margin = code_side_px(s.code, pose.px_per_module) * (0.71 + std::abs(pose.shear) / 2) + 2;
  pose.cx = rng.uniform(margin, width - margin);
  pose.cy = rng.uniform(margin, height - margin);
  const double paper = rng.uniform(0.85, 1.0), ink = rng.uniform(0.0, 0.2);
  if (with_card) draw_card(cr, s.code, pose, paper, ink);
  s.image = canvas.grey();
  return s;
}

// One frame of a set and what was done to it (for breakdowns and --dump's file names).
struct CameraFrame {
  std::string code;
  double code_x = 0, code_y = 0;  // the code's centre in the frame (pixels)
  double px_per_module = 0;
  double motion_px = 0;
  double motion_degrees = 0;  // the blur's direction (0: left to right)
  double glare_radius_px = 0;  // 0: no glare
  double light = 1;
  int jpeg_quality = 0;        // 0: not through JPEG
  double perspective = 0;      // the largest corner pull drawn, a fraction of the code's side
  GreyImage image{0, 0};
};

// What a webcam in a dim saloon does to a frame whose code is known (its centre at f.code_x,
// f.code_y, `side_px` a side): perspective, motion blur, glare, dim light, noise and JPEG, in a
// camera's order, each at its hard range in the sets that have it hard and easy in the others.
// Every draw is made whatever the set, so that the sets share their scenes' random stream.
inline void spoil_like_a_webcam(Rng& rng, CameraSet set, CameraFrame& f, double side_px) {
  auto hard = [set](CameraSet which) { return set == CameraSet::hard || set == which; };
  std::array<double, 8> pull{};
  const double reach = hard(CameraSet::perspective) ? max_perspective : easy_perspective;
  for (double& p : pull) {
    p = rng.uniform(-reach, reach) / 2;  // two corners apart: the whole reach at most
    f.perspective = std::max(f.perspective, std::abs(p) * 2);
  }
  const double motion = rng.uniform(0, 1), motion_degrees = rng.uniform(0, 360);
  const double glare_x = rng.uniform(-side_px / 2, side_px / 2), glare_y = rng.uniform(-side_px / 2, side_px / 2);
  const double glare_radius = rng.uniform(min_glare_radius_px, max_glare_radius_px), glare_peak = rng.uniform(0.5, 0.9);
  const double light = rng.uniform(0, 1);
  const int quality = rng.integer(min_jpeg_quality, max_jpeg_quality);

  perspective(f.image, f.code_x, f.code_y, side_px, pull);
  f.motion_px = motion * (hard(CameraSet::motion) ? max_motion_blur_px : easy_motion_blur_px);
  f.motion_degrees = motion_degrees;
  motion_blur(f.image, f.motion_px, motion_degrees);
  if (hard(CameraSet::glare)) {
    f.glare_radius_px = glare_radius;
    glare(f.image, f.code_x + glare_x, f.code_y + glare_y, glare_radius, glare_peak);
  }
  f.light = hard(CameraSet::dim) ? min_light_level + light * (max_light_level - min_light_level)
                                 : easy_min_light + light * (1 - easy_min_light);
  dim(f.image, f.light);
  add_noise(f.image, noise_amplitude, rng);
  if (hard(CameraSet::jpeg)) {
    f.jpeg_quality = quality;
    jpeg_round_trip(f.image, quality);
  }
}

// `with_card` false: the same table and the same spoiling, but no card (no code is to be seen).
inline CameraFrame make_camera_frame(Rng& rng, CameraSet set, int width = 1280, int height = 720, bool with_card = true) {
  Scene scene = draw_scene(rng, width, height, min_px_per_module, max_px_per_module, camera_max_shear, camera_min_squash,
                           with_card);
  CameraFrame f;
  f.code = scene.code;
  f.code_x = scene.pose.cx;
  f.code_y = scene.pose.cy;
  f.px_per_module = scene.pose.px_per_module;
  f.image = std::move(scene.image);
  spoil_like_a_webcam(rng, set, f, code_side_px(f.code, f.px_per_module));
  return f;
}

}  // namespace marshal::scan::testing
