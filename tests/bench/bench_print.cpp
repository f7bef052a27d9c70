// Measures the printables and prints figures (targets live in the issue notes):
//  - a generated event of 200 characters (about 5,000 cards) written as CSV files, imported with
//    seeded codes and made into a ledger;
//  - print_packets for every character into one combined PDF, then one PDF per character:
//    seconds, cards per second, peak memory (getrusage ru_maxrss) and KB per card;
//  - in the same run, the naive pipeline an organiser would script for a sample of 50 cards: the
//    `qrencode` CLI once per card (qrencode -o x.png CODE), ImageMagick `montage` into pages,
//    then `convert` of the pages into a PDF (Debian's ImageMagick policy forbids writing PDF: the
//    pages are then packed into a PDF with cairo, and the output says so); the per-card ratio.
// Run from the dev build: build/dev/tests/bench/bench_print [--quick]   (quick: 10 characters,
// a sample of 10 cards)
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/card_code.h"
#include "core/csprng.h"
#include "import/import_event.h"
#include "ledger/ledger.h"
#include "printables/print_jobs.h"
#include "printables/print_model.h"

using namespace marshal;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

extern char** environ;

namespace {

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double peak_rss_mb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // Linux: kilobytes
}

std::uintmax_t size_of_files(const std::vector<std::string>& files) {
  std::uintmax_t total = 0;
  for (const auto& f : files) total += fs::file_size(f);
  return total;
}

// Runs a program found on PATH, without a shell, its output discarded; returns its exit code.
int run(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return 127;
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string dirs = path;
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    fs::path candidate = fs::path(dirs.substr(start, end - start)) / program;
    if (access(candidate.c_str(), X_OK) == 0) return true;
    start = end + 1;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The generated event.

const char* const first_names[] = {"Abel",   "Bess",  "Cyrus", "Delia", "Ezra",  "Flora", "Gideon", "Hattie",
                                   "Isaac",  "Jessa", "Kit",   "Lottie", "Moses", "Nell",  "Obadiah", "Prudence",
                                   "Quincy", "Ruth",  "Silas", "Tilda"};
const char* const last_names[] = {"Ashby",  "Brennan", "Calloway", "Dunmore", "Ellery", "Fairbanks", "Granger",
                                  "Holloway", "Ingram", "Jessup"};
const char* const powers[] = {"doctor", "mayor", "judge", "lawman", "banker", "tracking", "hideout", "prospecting",
                              "charm"};
const char* const hands[] = {"Pair of Aces", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House",
                             "Four of a Kind"};

struct GeneratedEvent {
  int characters = 0;
  int cards = 0;  // including badges and power cards
};

// Writes the CSV files of an event with `count` characters into `dir`.
GeneratedEvent write_event(const fs::path& dir, int count) {
  fs::create_directories(dir);
  core::Csprng rng(core::seed_from_number(200));
  std::ofstream characters(dir / "characters.csv"), bystanders(dir / "bystanders.csv"), tricks(dir / "tricks.csv"),
      horses(dir / "horses.csv"), secrets(dir / "secrets.csv"), options(dir / "options.csv"),
      locations(dir / "locations.csv");
  characters << "name,player,hth,speed,accuracy,gambling,riding,powers,notes\n";
  bystanders << "character,name\n";
  tricks << "character,hand,flag\n";
  horses << "character,name,rating\n";
  secrets << "character,title,text\n";
  options << "option,value\ntitle,Benchmark Gulch - 200 characters\n";
  locations << "name,road,copies,links\nNorth Road,yes,4,Dry Gulch\nDry Gulch,,3,Box Canyon\nBox Canyon,,2,\n";
  GeneratedEvent e;
  for (int i = 0; i < count; ++i) {
    const std::string name = std::string(first_names[i % 20]) + " " + last_names[(i / 20) % 10] + " " +
                             std::to_string(i + 1);
    std::string power_list;
    const int power_count = i % 5 == 0 ? 2 : i % 5 == 1 ? 1 : 0;  // 3 powers every 5 characters
    for (int p = 0; p < power_count; ++p) power_list += (p ? ";" : "") + std::string(powers[(i + 4 * p) % 9]);
    auto attribute = [&] { return rng.uniform(5); };
    characters << '"' << name << "\",Player " << i + 1 << ',' << attribute() << ',' << attribute() << ','
               << attribute() << ',' << attribute() << ',' << attribute() << ',' << power_list
               << ",\"A newcomer to Benchmark Gulch with debts, a grudge and a plan for the evening.\"\n";
    for (int b = 0; b < 8; ++b)
      bystanders << '"' << name << "\",\"" << first_names[(i + b + 3) % 20] << ' ' << last_names[(b + 7) % 10]
                 << ", a friend from the old days " << b + 1 << "\"\n";
    for (int t = 0; t < 7; ++t)
      tricks << '"' << name << "\"," << hands[(i + t) % 7] << ',' << (rng.uniform(2) ? "cheat" : "skill") << '\n';
    for (int h = 0; h < 1 + i % 2; ++h)
      horses << '"' << name << "\",Horse " << h + 1 << " of " << i + 1 << ',' << rng.uniform(5) << '\n';
    for (int s = 0; s < 7; ++s)
      secrets << '"' << name << "\",Secret number " << s + 1 << ",\"" << name
              << " knows where the strongbox of the Benchmark Gulch bank was buried in 1871 and has told "
                 "nobody; the Sheriff suspects as much and watches every move.\"\n";
    e.cards += 1 + power_count + 8 + 7 + (1 + i % 2) + 7;
  }
  e.characters = count;
  return e;
}

std::function<std::string()> seeded_codes(std::uint64_t seed) {
  return core::seeded_card_codes(seed);
}

// ---------------------------------------------------------------------------------------------
// The naive pipeline.

// Packs PNG pages into an A4 PDF, each scaled to fit the page at its centre.
void pack_pngs_into_pdf(const std::vector<fs::path>& pages, const fs::path& pdf) {
  const double w = 595.276, h = 841.89, margin = 22.7;  // A4 in points, 8 mm margins
  cairo_surface_t* surface = cairo_pdf_surface_create(pdf.c_str(), w, h);
  cairo_t* cr = cairo_create(surface);
  for (const auto& page : pages) {
    cairo_surface_t* image = cairo_image_surface_create_from_png(page.c_str());
    double iw = cairo_image_surface_get_width(image), ih = cairo_image_surface_get_height(image);
    double scale = std::min((w - 2 * margin) / iw, (h - 2 * margin) / ih);
    cairo_save(cr);
    cairo_translate(cr, (w - iw * scale) / 2, (h - ih * scale) / 2);
    cairo_scale(cr, scale, scale);
    cairo_set_source_surface(cr, image, 0, 0);
    cairo_paint(cr);
    cairo_restore(cr);
    cairo_show_page(cr);
    cairo_surface_destroy(image);
  }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
}

struct NaiveResult {
  bool ran = false;
  double qrencode_s = 0, montage_s = 0, pdf_s = 0;
  std::string pdf_step;  // how the pages became a PDF
  std::uintmax_t pdf_bytes = 0;
  int pages = 0;
};

NaiveResult naive_pipeline(const std::vector<std::string>& codes, const fs::path& dir) {
  NaiveResult r;
  for (const char* program : {"qrencode", "montage", "convert"})
    if (!on_path(program)) {
      std::printf("naive pipeline skipped: '%s' is not installed (apt-get install qrencode imagemagick)\n", program);
      return r;
    }
  fs::create_directories(dir);
  std::vector<std::string> montage{"montage"};
  auto start = Clock::now();
  for (std::size_t i = 0; i < codes.size(); ++i) {
    std::string png = (dir / ("card-" + std::to_string(i) + ".png")).string();
    if (run({"qrencode", "-o", png, codes[i]}) != 0) {
      std::printf("naive pipeline failed: qrencode %s\n", codes[i].c_str());
      return r;
    }
    montage.push_back("-label");
    montage.push_back(core::format_card_code(codes[i]));
    montage.push_back(png);
  }
  r.qrencode_s = seconds_since(start);
  // Three columns, four rows a page, each code scaled up to a printable size.
  for (const char* a : {"-tile", "3x4", "-geometry", "260x260+40+40", "-pointsize", "22"}) montage.emplace_back(a);
  montage.push_back((dir / "page-%02d.png").string());
  start = Clock::now();
  if (run(montage) != 0) {
    std::printf("naive pipeline failed: montage\n");
    return r;
  }
  r.montage_s = seconds_since(start);
  std::vector<fs::path> pages;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().rfind("page-", 0) == 0) pages.push_back(entry.path());
  std::sort(pages.begin(), pages.end());
  r.pages = static_cast<int>(pages.size());
  const fs::path pdf = dir / "naive.pdf";
  std::vector<std::string> convert{"convert"};
  for (const auto& p : pages) convert.push_back(p.string());
  convert.push_back(pdf.string());
  start = Clock::now();
  if (run(convert) == 0 && fs::exists(pdf) && fs::file_size(pdf) > 0) {
    r.pdf_step = "convert PAGES naive.pdf";
  } else {
    // Debian's /etc/ImageMagick-6/policy.xml: <policy domain="coder" rights="none" pattern="PDF" />.
    // MAGICK_CONFIGURE_PATH cannot lift a system policy, so the pages are packed with cairo.
    start = Clock::now();
    pack_pngs_into_pdf(pages, pdf);
    r.pdf_step = "convert refused PDF (ImageMagick security policy): PNG pages packed into the PDF with cairo";
  }
  r.pdf_s = seconds_since(start);
  r.pdf_bytes = fs::file_size(pdf);
  r.ran = true;
  return r;
}

}  // namespace

// Under the ci build's LeakSanitizer: pango and cairo keep fontconfig patterns in font caches
// that are reported as leaked at exit (see tests/printables/lsan_suppressions.cpp).
extern "C" __attribute__((used, visibility("default"))) const char* __lsan_default_suppressions() {
  return "leak:libfontconfig.so\n";
}

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int character_count = quick ? 10 : 200;
  const std::size_t naive_sample = quick ? 10 : 50;
  const fs::path dir = fs::temp_directory_path() / ("marshal-bench-print-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);

  // 1. The event: CSV files, import with seeded codes, the ledger.
  auto start = Clock::now();
  GeneratedEvent event = write_event(dir / "event", character_count);
  db::ImportResult imported = db::import_event((dir / "event").string(), seeded_codes(1));
  if (!imported.ok()) {
    for (const auto& e : imported.errors) std::fprintf(stderr, "%s\n", e.to_string().c_str());
    return 1;
  }
  const std::string db_path = (dir / "event.db").string();
  db::Ledger::create(db_path, imported.definition, 0);
  printables::PrintModel model = printables::load_print_model(db_path);
  std::printf("event: %d characters, %d cards (CSV, import, ledger, print model in %.2f s)\n", event.characters,
              event.cards, seconds_since(start));
  std::fflush(stdout);

  // 2. Our packets: one combined PDF, then one PDF per character. One packet first, untimed, so
  // the first use of cairo, pango and fontconfig is not counted.
  start = Clock::now();
  printables::print_packets(model, (dir / "warm-up").string(), printables::Paper::a4,
                            model.characters.front().name, false);
  std::printf("warm-up (first use of cairo, pango and fontconfig; one packet, not counted): %.2f s\n", seconds_since(start));
  start = Clock::now();
  printables::PrintResult combined =
      printables::print_packets(model, (dir / "combined").string(), printables::Paper::a4, std::nullopt, true);
  double combined_s = seconds_since(start);
  std::uintmax_t combined_bytes = size_of_files(combined.files);
  std::printf("print_packets, one combined PDF: %d cards, %d pages in %.2f s (%.0f cards/s, %.2f ms/card); "
              "%.1f MB, %.2f KB/card; peak RSS %.0f MB\n",
              combined.cards, combined.pages, combined_s, combined.cards / combined_s,
              1000 * combined_s / combined.cards, static_cast<double>(combined_bytes) / 1e6,
              static_cast<double>(combined_bytes) / 1024.0 / combined.cards, peak_rss_mb());
  std::fflush(stdout);
  start = Clock::now();
  printables::PrintResult each =
      printables::print_packets(model, (dir / "each").string(), printables::Paper::a4, std::nullopt, false);
  double each_s = seconds_since(start);
  std::uintmax_t each_bytes = size_of_files(each.files);
  std::printf("print_packets, one PDF per character: %zu files, %d cards, %d pages in %.2f s (%.0f cards/s, "
              "%.2f ms/card); %.1f MB, %.2f KB/card; peak RSS %.0f MB\n",
              each.files.size(), each.cards, each.pages, each_s, each.cards / each_s, 1000 * each_s / each.cards,
              static_cast<double>(each_bytes) / 1e6, static_cast<double>(each_bytes) / 1024.0 / each.cards,
              peak_rss_mb());
  std::fflush(stdout);

  // 3. The naive pipeline on a sample of cards spread over the event.
  std::vector<std::string> sample;
  const auto& cards = imported.definition.cards;
  for (std::size_t i = 0; i < naive_sample && i < cards.size(); ++i)
    sample.push_back(cards[i * cards.size() / naive_sample].code);
  NaiveResult naive = naive_pipeline(sample, dir / "naive");
  if (naive.ran) {
    const double naive_s = naive.qrencode_s + naive.montage_s + naive.pdf_s;
    const double n = static_cast<double>(sample.size());
    const double ours_per_card = each_s / each.cards;
    std::printf("naive pipeline, %zu cards: qrencode per card %.3f s (%.1f ms/card), montage %.3f s (%d pages), "
                "PDF %.3f s [%s]; total %.3f s = %.1f ms/card, %.2f KB/card (QR and code only: no card, text or "
                "cut marks)\n",
                sample.size(), naive.qrencode_s, 1000 * naive.qrencode_s / n, naive.montage_s, naive.pages,
                naive.pdf_s, naive.pdf_step.c_str(), naive_s, 1000 * naive_s / n,
                static_cast<double>(naive.pdf_bytes) / 1024.0 / n);
    std::printf("per card: naive %.2f ms / ours %.2f ms (one PDF per character) = %.1fx\n", 1000 * naive_s / n,
                1000 * ours_per_card, (naive_s / n) / ours_per_card);
  }
  std::error_code ignored;
  fs::remove_all(dir, ignored);
  return 0;
}
