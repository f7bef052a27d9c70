// The ci build runs these tests under LeakSanitizer. Pango 1.50 and cairo keep fontconfig
// patterns in font caches that LeakSanitizer reports as leaked at exit, whatever the caller does
// (printables frees every layout and font description it makes): allocations made by fontconfig
// are let through, every other leak is still reported.
extern "C" __attribute__((used, visibility("default"))) const char* __lsan_default_suppressions() {
  return "leak:libfontconfig.so\n";
}
