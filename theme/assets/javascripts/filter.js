/*
 * papersite: narrow the rows of the "All papers" list by words, topic, year and
 * "has code", in the browser, with no server (works from file:// too).
 *
 * The page carries a form ([data-ps-filter]) and a list whose items hold their
 * facets as data attributes (data-year, data-topics, data-code); each item's text
 * is lower-cased once, so a keystroke costs one pass of substring tests.
 */
(function () {
  "use strict";

  function setup(form) {
    var scope = form.closest(".ps-filterable") || document;
    var rows = Array.prototype.slice.call(scope.querySelectorAll("li[data-year]"));
    var texts = rows.map(function (row) {
      return row.textContent.toLowerCase();
    });
    var words = form.querySelector("[name=words]");
    var topic = form.querySelector("[name=topic]");
    var year = form.querySelector("[name=year]");
    var code = form.querySelector("[name=code]");
    var count = form.querySelector(".ps-filter-count");
    var pending = 0;

    function apply() {
      pending = 0;
      var terms = words.value.toLowerCase().split(/\s+/).filter(Boolean);
      var wantTopic = topic.value;
      var wantYear = year.value;
      var wantCode = code.checked;
      var shown = 0;
      for (var i = 0; i < rows.length; i++) {
        var row = rows[i];
        var ok =
          (!wantYear || row.getAttribute("data-year") === wantYear) &&
          (!wantCode || row.getAttribute("data-code") === "1") &&
          (!wantTopic || ("|" + row.getAttribute("data-topics") + "|").indexOf("|" + wantTopic + "|") !== -1);
        for (var t = 0; ok && t < terms.length; t++) {
          ok = texts[i].indexOf(terms[t]) !== -1;
        }
        if (row.hidden === ok) {
          row.hidden = !ok;
        }
        shown += ok ? 1 : 0;
      }
      count.textContent = shown === rows.length
        ? rows.length + " papers"
        : shown + " of " + rows.length + " papers";
    }

    function schedule() {
      if (!pending) {
        pending = window.requestAnimationFrame(apply);
      }
    }

    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
    });
    // Start from the URL: papers/?topic=federated-learning&year=2024&words=privacy&code=1
    var params = new URLSearchParams(window.location.search);
    if (params.get("words")) words.value = params.get("words");
    if (params.get("topic")) topic.value = params.get("topic");
    if (params.get("year")) year.value = params.get("year");
    if (params.get("code")) code.checked = true;
    form.hidden = false;
    apply();
  }

  function init() {
    var forms = document.querySelectorAll("form[data-ps-filter]");
    for (var i = 0; i < forms.length; i++) {
      setup(forms[i]);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
