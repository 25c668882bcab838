/*
 * papersite: the "All papers" list in the browser, with no server (works from file:// too).
 *
 * A page of All papers holds a few hundred rows; the whole list is in parts under
 * listindex/ (generator/render/lists.py), one script a part, loaded only when needed:
 *
 * - a filter (words, topic, year, "has code") looks through every part in turn, and lists
 *   what it finds as the parts arrive: the whole corpus, not just the page's rows;
 * - scrolling to the end of the page's rows brings the rows that follow, part by part.
 *
 * Nothing is loaded before the reader filters or scrolls, so a page opens as fast as its own
 * rows. The form says how the list is cut: data-ps-total (papers), data-ps-first (this page's
 * first row in the whole list), data-ps-part-rows and data-ps-parts (each part's newest and
 * oldest year, so a year filter skips the parts without it). A row's topics are their places
 * in the topic menu. Each row's text is lower-cased once, so a keystroke costs one pass of
 * substring tests over what is loaded.
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var root = new URL("../../", script.src).href; // assets/javascripts/ -> site root
  var fileSite = window.location.protocol === "file:"; // pages are x.html, not x/
  var PARALLEL = 2; // parts loading at once while a filter looks through them

  /* --- loading the parts ------------------------------------------------------------- */

  var parts = {}; // part number -> rows, filled by the parts' scripts
  var pending = {}; // part number -> Promise of rows ([] when the part is missing)

  window.__psList = function (part, rows) {
    parts[part] = rows;
  };

  function load(part) {
    if (!pending[part]) {
      pending[part] = new Promise(function (resolve) {
        var element = document.createElement("script");
        element.src = root + "listindex/" + part + ".js";
        element.async = true;
        element.onload = element.onerror = function () {
          resolve(parts[part] || []);
        };
        document.head.appendChild(element);
      });
    }
    return pending[part];
  }

  /* --- rows ---------------------------------------------------------------------------- */

  function setup(form) {
    var scope = form.closest(".ps-filterable") || document;
    var list = scope.querySelector("li[data-year]") ? scope.querySelector("li[data-year]").parentNode : null;
    if (!list) return;
    var total = parseInt(form.getAttribute("data-ps-total"), 10);
    var first = parseInt(form.getAttribute("data-ps-first"), 10);
    var partRows = parseInt(form.getAttribute("data-ps-part-rows"), 10);
    var spans = JSON.parse(form.getAttribute("data-ps-parts") || "[]");
    var words = form.querySelector("[name=words]");
    var topic = form.querySelector("[name=topic]");
    var year = form.querySelector("[name=year]");
    var code = form.querySelector("[name=code]");
    var count = form.querySelector(".ps-filter-count");
    var topics = Array.prototype.slice.call(topic.options, 1).map(function (option) {
      return { slug: option.value, name: option.textContent };
    });
    // What a filter finds, in a list of its own: the page's rows come back as they were.
    var found = document.createElement("ul");
    found.className = "ps-found";
    found.hidden = true;
    list.parentNode.insertBefore(found, list.nextSibling);
    var next = first + list.querySelectorAll("li[data-year]").length; // the next row a scroll brings
    var texts = {}; // part number -> each row's lower-cased text
    var search = 0; // the filter being applied; a newer one stops the older
    var applied = null; // what that filter asks for, as a string
    var pendingFrame = 0;

    function address(url) {
      return root + (fileSite ? url.replace(/\/$/, ".html") : url);
    }

    function text(part, rows) {
      if (!texts[part]) {
        texts[part] = rows.map(function (row) {
          var names = row[3].map(function (i) { return topics[i] ? topics[i].name : ""; });
          return (row[0] + " " + row[2] + " " + names.join(", ") + " " + row[5]).toLowerCase();
        });
      }
      return texts[part];
    }

    /* A row as the page's own rows are: title, year and topics, the code mark, summary. */
    function element(row) {
      var item = document.createElement("li");
      var shown = row[3].map(function (i) { return topics[i] || { slug: "", name: "" }; });
      item.setAttribute("data-year", String(row[2]));
      item.setAttribute("data-topics", shown.map(function (t) { return t.slug; }).join("|"));
      item.setAttribute("data-code", row[4] ? "1" : "0");
      var link = document.createElement("a");
      link.className = "ps-row-title";
      link.href = address(row[1]);
      link.textContent = row[0];
      var meta = document.createElement("span");
      meta.className = "ps-row-meta";
      meta.textContent = row[2] + " · " + shown.map(function (t) { return t.name; }).join(", ");
      item.append(link, " ", meta);
      if (row[4]) {
        var mark = document.createElement("span");
        mark.className = "ps-has-code ps-icon-github";
        mark.setAttribute("role", "img");
        mark.setAttribute("aria-label", "Code on GitHub");
        mark.title = "Code on GitHub";
        item.append(" ", mark);
      }
      item.append(document.createElement("br"), row[5]);
      return item;
    }

    /* --- the filter -------------------------------------------------------------------- */

    function wanted() {
      return {
        terms: words.value.toLowerCase().split(/\s+/).filter(Boolean),
        topic: topic.value ? topics.findIndex(function (t) { return t.slug === topic.value; }) : -1,
        year: year.value ? parseInt(year.value, 10) : 0,
        code: code.checked,
      };
    }

    function matches(want, row, rowText) {
      if (want.year && row[2] !== want.year) return false;
      if (want.code && !row[4]) return false;
      if (want.topic >= 0 && row[3].indexOf(want.topic) === -1) return false;
      for (var t = 0; t < want.terms.length; t++) {
        if (rowText.indexOf(want.terms[t]) === -1) return false;
      }
      return true;
    }

    function apply() {
      pendingFrame = 0;
      var want = wanted();
      // The same filter again, as the "change" a click elsewhere fires when the box loses
      // focus: leave the list alone, or the row under the reader's pointer is replaced
      // between the press and the release, and the click on it is lost.
      var key = JSON.stringify(want);
      if (key === applied) return;
      applied = key;
      var id = ++search;
      if (!want.terms.length && want.topic < 0 && !want.year && !want.code) {
        found.hidden = true;
        found.textContent = "";
        list.hidden = false;
        count.textContent = total + " papers";
        watch();
        return;
      }
      list.hidden = true;
      found.textContent = "";
      found.hidden = false;
      // The parts a year filter needs: the list runs from the newest year to the oldest.
      var todo = [];
      for (var p = 0; p < spans.length; p++) {
        if (!want.year || (spans[p][0] >= want.year && want.year >= spans[p][1])) todo.push(p);
      }
      var shown = 0;
      var looked = 0;
      count.textContent = "Looking through the papers…";

      function look(index) {
        if (id !== search) return; // the reader changed the filter
        if (index >= todo.length) {
          count.textContent = shown + " of " + total + " papers";
          return;
        }
        if (index + PARALLEL - 1 < todo.length) load(todo[index + PARALLEL - 1]);
        load(todo[index]).then(function (rows) {
          if (id !== search) return;
          var rowTexts = text(todo[index], rows);
          var batch = document.createDocumentFragment();
          for (var i = 0; i < rows.length; i++) {
            if (matches(want, rows[i], rowTexts[i])) {
              batch.appendChild(element(rows[i]));
              shown++;
            }
          }
          found.appendChild(batch);
          looked += rows.length;
          count.textContent = "Looking through the papers: " + shown + " found in the first " + looked + "…";
          look(index + 1);
        });
      }
      for (var k = 0; k < PARALLEL && k < todo.length; k++) load(todo[k]);
      look(0);
    }

    function schedule() {
      if (!pendingFrame) {
        pendingFrame = window.requestAnimationFrame(apply);
      }
    }

    /* --- scrolling on past the page's rows ------------------------------------------- */

    var bringing = false;
    function bringMore() {
      if (bringing || !list.isConnected || list.hidden || next >= total) return;
      bringing = true;
      var part = Math.floor(next / partRows);
      load(part).then(function (rows) {
        bringing = false;
        var batch = document.createDocumentFragment();
        var end = (part + 1) * partRows;
        for (; next < end && next - part * partRows < rows.length; next++) {
          batch.appendChild(element(rows[next - part * partRows]));
        }
        list.appendChild(batch);
        if (!rows.length) next = total; // a missing part: stop here, the pager still leads on
        watch(); // still in sight after these rows: bring the next ones
      });
    }

    // The end of the list, watched: in sight (or nearly), it brings the rows that follow.
    var end = document.createElement("div");
    end.className = "ps-list-end";
    list.parentNode.insertBefore(end, found);
    var observer = "IntersectionObserver" in window
      ? new IntersectionObserver(function (entries) {
        if (entries[0].isIntersecting) bringMore();
      }, { rootMargin: "400px" })
      : null;
    function watch() {
      if (!observer) return;
      observer.unobserve(end); // observing anew reports whether it is in sight now
      observer.observe(end);
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
