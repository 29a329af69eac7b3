//===- HtmlPage.cpp - The HTML page's escaping, style and script ----------===//
//
// The fixed parts of the `check --format html` page. The script is small
// and needs nothing else: each filter checkbox toggles a class on <body>
// that a style rule turns into `display: none` for the findings of that
// verdict or kind (no walk over tens of thousands of elements), a count of
// the findings shown is kept, and once it has run it marks the page ready
// (`#state[data-state=ready]`); script errors are written into
// `#js-errors`. The browser test reads both from the DOM. The blocks of
// source lines are laid out only when scrolled to (`content-visibility`):
// a 10k-op model's page is 250k pixels high.
//
//===----------------------------------------------------------------------===//

#include "HtmlInternal.h"

namespace symshape::solver::html {

const Verdict kVerdictOrder[6] = {Verdict::Error,       Verdict::UbGuaranteed,
                                  Verdict::UbPossible,  Verdict::Unknown,
                                  Verdict::Unreachable, Verdict::Safe};

namespace {

void appendEscapedValid(std::string &out, std::string_view text,
                        bool attribute) {
  static const char kReplacement[] = "\xEF\xBF\xBD"; // U+FFFD
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += attribute ? "&gt;" : ">"; // needs no escape in text
      break;
    case '"':
      out += attribute ? "&quot;" : "\"";
      break;
    case '\'':
      out += attribute ? "&#39;" : "'";
      break;
    default:
      if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F)
        out += kReplacement;
      else if (c == 0xC2 && i + 1 < text.size() &&
               static_cast<unsigned char>(text[i + 1]) < 0xA0) {
        out += kReplacement; // a C1 control, U+0080..U+009F
        ++i;
      } else
        out += char(c);
    }
  }
}

} // namespace

void appendEscaped(std::string &out, std::string_view text, bool attribute) {
  for (char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) {
      appendEscapedValid(out, validUtf8(std::string(text)), attribute);
      return;
    }
  appendEscapedValid(out, text, attribute);
}

std::string classOf(std::string_view name) {
  std::string out(name);
  for (char &c : out)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
      c = '_';
  return out;
}

const char *const kStyle = R"(
body{margin:0;font:14px/1.4 "DejaVu Sans",system-ui,sans-serif;color:#1d1d1f;background:#fff}
header{padding:12px 20px;background:#f3f4f6;border-bottom:1px solid #c8ccd2}
main{padding:4px 20px 24px}
h1{font-size:20px;margin:0 0 8px}
h2{font-size:17px;margin:22px 0 6px;padding-top:6px;border-top:2px solid #c8ccd2}
h3{font-size:15px;margin:14px 0 6px}
h4,h5{font-size:13px;margin:8px 0 4px}
code{font:12px/1.35 "DejaVu Sans Mono",ui-monospace,monospace;background:#eef0f6;padding:0 2px;word-break:break-word}
table.sum{border-collapse:collapse;margin:4px 0 8px}
table.sum th,table.sum td{border:1px solid #c8ccd2;padding:2px 10px}
table.sum td{text-align:right}
#filters{margin:6px 0}
#filters label{margin-right:12px;white-space:nowrap}
#filters .group{display:inline-block;margin-right:16px}
#js-errors{color:#b00020;white-space:pre-wrap;font-weight:bold}
.src{border:1px solid #c8ccd2;font:12px/1.35 "DejaVu Sans Mono",ui-monospace,monospace}
pre.s{margin:0;font:inherit;overflow-x:auto;content-visibility:auto;contain-intrinsic-block-size:auto 40px}
pre.s>i{display:inline-block;width:6ch;margin-right:10px;padding-right:6px;text-align:right;font-style:normal;color:#8a8f98;background:#f6f7f9;border-right:1px solid #dde0e4;user-select:none}
ul.fs{list-style:none;margin:0;padding:0}
ul.fs>li{margin:2px 4px 3px 7ch;padding:3px 8px;border-left:4px solid #888;background:#fafafa;font:13px/1.4 "DejaVu Sans",system-ui,sans-serif}
ul.fs>li>b:first-child{display:inline-block;padding:0 6px;border-radius:3px;color:#fff;background:#888;font-size:12px}
ul.fs>li>b:nth-child(2){font-weight:600}
ul.fs>li>i{color:#555}
ul.fs.apart>li{margin-left:0}
.d{margin:1px 0 0 14px;color:#333}
.fn{margin:6px 0;padding:4px 10px;border:1px solid #dde0e4;border-radius:4px}
.fn>summary{cursor:pointer}
b[class^="v-"]{padding:0 6px;border-radius:3px;color:#fff;background:#888;font-size:12px}
table.sum th{text-align:left;font-weight:normal}
.svg{overflow:auto;max-height:640px;border:1px solid #eee}
.nograph{color:#666;font-style:italic;margin:4px 0}
.v-safe{border-color:#2e7d32!important}
b.v-safe,.v-safe>b:first-child{background:#2e7d32!important}
.v-ub-possible{border-color:#e07000!important}
b.v-ub-possible,.v-ub-possible>b:first-child{background:#e07000!important}
.v-ub-guaranteed,.v-error{border-color:#c62828!important}
b.v-ub-guaranteed,b.v-error,.v-ub-guaranteed>b:first-child,.v-error>b:first-child{background:#c62828!important}
.v-unreachable{border-color:#757575!important}
b.v-unreachable,.v-unreachable>b:first-child{background:#757575!important}
.v-unknown{border-color:#7b1fa2!important}
b.v-unknown,.v-unknown>b:first-child{background:#7b1fa2!important}
.chk{border-color:#1565c0!important}
.chk>b:first-child{background:#1565c0!important}
ul.sf>li{border-color:#2e7d32}
ul.brief{padding-left:7ch}
ul.brief>li{display:inline-block;margin:2px 6px 2px 0}
p.brief{margin:2px 0 2px 7ch;color:#555;font-style:italic}
ul.sf>li::before{content:"safe";display:inline-block;margin-right:4px;padding:0 6px;border-radius:3px;color:#fff;background:#2e7d32;font-size:12px}
.h-v-safe .sf,.h-v-safe p.brief,.h-v-ub-possible .fs>.v-ub-possible,.h-v-ub-guaranteed .fs>.v-ub-guaranteed,.h-v-error .fs>.v-error,.h-v-unreachable .fs>.v-unreachable,.h-v-unknown .fs>.v-unknown{display:none}
)";

const char *const kScript = R"(
(function () {
  var errors = document.getElementById('js-errors');
  window.addEventListener('error', function (e) {
    errors.hidden = false;
    errors.textContent += (e.message || 'script error') + '\n';
  });
  var body = document.body;
  var boxes = document.querySelectorAll('#filters input[type=checkbox]');
  var items = document.querySelectorAll('ul.fs>li');
  var shown = document.getElementById('shown');
  function count() {
    var n = 0, total = 0;
    for (var i = 0; i < items.length; ++i) {
      // A list of counted safe findings (ul.brief): "2 rank".
      var weight = items[i].parentNode.classList.contains('brief') ?
          parseInt(items[i].textContent, 10) : 1;
      total += weight;
      if (!hidden(items[i])) n += weight;
    }
    shown.textContent = n + ' of ' + total + ' findings shown';
  }
  // A finding's classes: v-VERDICT k-KIND [chk], or in a list of safe
  // ones (ul.sf) k-KIND.
  function hidden(li) {
    if (li.parentNode.classList.contains('sf') &&
        body.classList.contains('h-v-safe'))
      return true;
    for (var j = 0; j < li.classList.length; ++j)
      if (body.classList.contains('h-' + li.classList[j])) return true;
    return false;
  }
  function apply(box) {
    body.classList.toggle('h-' + box.value, !box.checked);
  }
  for (var i = 0; i < boxes.length; ++i) {
    apply(boxes[i]);
    boxes[i].addEventListener('change', function () {
      apply(this);
      count();
    });
  }
  count();
  document.getElementById('state').setAttribute('data-state', 'ready');
})();
)";

} // namespace symshape::solver::html
