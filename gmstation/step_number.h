#pragma once
// A number a GM steps with + and - (or the arrow keys): a tabletop roll's modifier and Target
// Number. Enter or Tab moves on. Only those keys count: a scanner's burst passing through (codes
// are letters and digits) never changes it, and a step past the range is refused with the range.
#include <functional>

#include <wx/textctrl.h>

namespace marshal::gm {

class StepNumber : public wxTextCtrl {
 public:
  // `what` names the number in a refusal, in the language of the screens ("Modifier"); `show_sign`
  // writes +1 rather than 1.
  StepNumber(wxWindow* parent, const wxString& what, int low, int high, bool show_sign);

  int value() const { return value_; }
  void set_value(int value);  // kept inside the range

  void on_done(std::function<void()> done) { done_ = std::move(done); }
  void on_refused(std::function<void(const wxString&)> refused) { refused_ = std::move(refused); }
  void on_changed(std::function<void()> changed) { changed_ = std::move(changed); }

 private:
  void on_key_down(wxKeyEvent& event);
  void on_char(wxKeyEvent& event);
  void step(int by);
  void show();

  wxString what_;
  int low_, high_, value_ = 0;
  bool show_sign_;
  std::function<void()> done_, changed_;
  std::function<void(const wxString&)> refused_;
};

}  // namespace marshal::gm
