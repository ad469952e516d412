// Copy buttons for code blocks. The buttons are in the HTML, hidden; this
// script shows them and copies the block's text. Without JavaScript the code
// reads the same and can be selected by hand.
(function () {
  "use strict";
  var live = document.createElement("div");
  live.className = "visually-hidden";
  live.setAttribute("aria-live", "polite");
  document.body.appendChild(live);

  function textOf(block) {
    var code = block.querySelector("pre code") || block.querySelector("pre");
    if (!code) return "";
    // Line-number cells (when a block asks for them) are not part of the code.
    var clone = code.cloneNode(true);
    var nums = clone.querySelectorAll(".ln, .lnt");
    for (var i = 0; i < nums.length; i++) nums[i].remove();
    return clone.textContent.replace(/\n$/, "");
  }

  function fallbackCopy(text) {
    var ta = document.createElement("textarea");
    ta.value = text;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    document.body.appendChild(ta);
    ta.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(ta);
    return ok ? Promise.resolve() : Promise.reject(new Error("copy failed"));
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () { return fallbackCopy(text); });
    }
    return fallbackCopy(text);
  }

  var buttons = document.querySelectorAll("button.copy");
  for (var i = 0; i < buttons.length; i++) {
    (function (btn) {
      var block = btn.closest(".code");
      if (!block) return;
      var label = block.getAttribute("aria-label");
      btn.setAttribute("aria-label", label ? "Copy " + label.toLowerCase() : "Copy code");
      btn.hidden = false;
      var timer = 0;
      btn.addEventListener("click", function () {
        copy(textOf(block)).then(function () {
          btn.textContent = "Copied";
          live.textContent = "Copied to the clipboard";
        }, function () {
          btn.textContent = "Press Ctrl+C";
          var sel = window.getSelection(), range = document.createRange();
          range.selectNodeContents(block.querySelector("pre"));
          sel.removeAllRanges();
          sel.addRange(range);
        });
        clearTimeout(timer);
        timer = setTimeout(function () { btn.textContent = "Copy"; live.textContent = ""; }, 2000);
      });
    })(buttons[i]);
  }
})();
