// How old the nvFuser commit a page describes is. The page carries the
// commit's date (data-commit-date, from the build record) and the age past
// which the handbook may be behind nvFuser (data-stale-after, days; 0
// never); the age is counted here, in the reader's browser, so that the
// page itself never depends on when it was built. Past that age, the
// page's stale notice is shown. Without JavaScript the date alone shows.
(function () {
  "use strict";
  var day = 24 * 60 * 60 * 1000;
  var spans = document.querySelectorAll(".commit-age[data-commit-date]");
  for (var i = 0; i < spans.length; i++) {
    var span = spans[i];
    var when = Date.parse(span.getAttribute("data-commit-date"));
    if (isNaN(when)) continue;
    var days = Math.max(0, Math.floor((Date.now() - when) / day));
    span.textContent = days === 0 ? ", less than a day old" : ", " + days + (days === 1 ? " day old" : " days old");
    span.hidden = false;
    var stale = parseInt(span.getAttribute("data-stale-after"), 10);
    if (stale > 0 && days > stale) {
      var notices = document.querySelectorAll(".stale-notice");
      for (var j = 0; j < notices.length; j++) notices[j].hidden = false;
    }
  }
})();
