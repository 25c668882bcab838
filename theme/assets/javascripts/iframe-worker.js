/*
 * papersite: the search engine behind Material's search box, the same hosted and from file://.
 *
 * Material's search talks to a worker (SETUP -> READY, QUERY -> RESULT) that builds a lunr
 * index of the whole site in the browser. This file stands in for that worker, in the page:
 * `new Worker(<Material's search worker>)` gets a `SearchWorker` from here, which answers
 * from the index papersite built (generator/render/search.py, the files under searchindex/).
 * A query loads only what it needs, as <script> elements (file:// pages can neither fetch
 * nor start workers): the postings of its words, the terms that start with the word being
 * typed, and the cards of the papers it shows. Everything loaded stays for the next query.
 *
 * Ranking: papers that match more of the query's words come first; among them, the sum of
 * each word's BM25F weight (title and coined name most, then topics, keywords and authors,
 * then the abstract), plus the title bigrams the query repeats in order. The last word
 * matches as a prefix while it is typed. Words are stemmed by lunr.js (MkDocs ships it; the
 * build copies it beside this file), as lunr.py stems them at build time.
 *
 * Material reads the query on keyup: a query pasted with the mouse, or set by a script or
 * autofill, fires `input` alone, so `input` is passed on as a keyup.
 *
 * (The name contains "iframe-worker" so that Material's offline plugin, which looks for that
 * name among extra.polyfills, does not add its CDN shim.)
 */
(function () {
  "use strict";

  var SETUP = 0; // Material's worker messages
  var READY = 1;
  var QUERY = 2;
  var RESULT = 3;
  var VERSION = 2; // generator/render/search.py VERSION
  var SHOWN = 30; // papers a result lists (Material renders 10, then more as one scrolls)
  var EXPANSIONS = 12; // terms a prefix stands for, the most common first
  var PREFIX_WEIGHT = 0.25; // a word matched by a longer term, while it is being typed

  var script = document.currentScript;
  var root = new URL("../../", script.src).href; // assets/javascripts/ -> site root
  var fileSite = window.location.protocol === "file:"; // pages are x.html, not x/

  /* --- loading the index's parts ------------------------------------------------------ */

  var parts = {}; // "kind:key" -> data, filled by the index's scripts
  var pending = {}; // "kind:key" -> Promise of data (null when the part is missing)

  window.__psIndex = function (kind, key, data) {
    parts[kind + ":" + key] = data;
  };

  function loadScript(src) {
    return new Promise(function (resolve) {
      var element = document.createElement("script");
      element.src = src;
      element.async = true;
      element.onload = function () { resolve(true); };
      element.onerror = function () { resolve(false); };
      document.head.appendChild(element);
    });
  }

  function part(kind, key, path) {
    var id = kind + ":" + key;
    if (!pending[id]) {
      pending[id] = id in parts
        ? Promise.resolve(parts[id])
        : loadScript(root + "searchindex/" + path).then(function () {
          return id in parts ? parts[id] : null;
        });
    }
    return pending[id];
  }

  var lunrReady = null;
  function stemmer() {
    if (!lunrReady) {
      lunrReady = (window.lunr ? Promise.resolve(true) : loadScript(root + "assets/javascripts/lunr.js"))
        .then(function () { return window.lunr || null; });
    }
    return lunrReady;
  }

  function meta() {
    return part("meta", 0, "meta.js").then(function (data) {
      if (!data || data.version !== VERSION) return null;
      (data.stop || []).forEach(function (word) { moreStopWords[word] = true; });
      cardsPerFolder = data.cards;
      return data;
    });
  }

  /* The same hash as generator/render/search.py shard_of: FNV-1a of the UTF-8 bytes. */
  function shardOf(term, shards) {
    var bytes = new TextEncoder().encode(term);
    var h = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
    }
    return h % shards;
  }

  function postings(term, index) {
    var k = shardOf(term, index.shards);
    return part("p", k, "p/" + k + ".js").then(function (shard) {
      return shard && Object.prototype.hasOwnProperty.call(shard, term) ? decode(shard[term]) : null;
    });
  }

  /* [top weight, base64 of (gap varint, weight byte) per paper] -> {docs, weights}: the
     papers in order and each one's weight (typed arrays: at 100,000 papers a common word's
     list holds tens of thousands). */
  var decoded = {};
  function decode(entry) {
    if (decoded[entry[1]]) return decoded[entry[1]];
    var top = entry[0] / 255;
    var bytes = atob(entry[1]);
    var docs = new Int32Array(bytes.length >> 1); // an entry takes two bytes at least
    var weights = new Float32Array(docs.length);
    var count = 0;
    var doc = -1;
    for (var i = 0; i < bytes.length; ) {
      var gap = 0;
      var shift = 0;
      var b;
      do {
        b = bytes.charCodeAt(i++);
        gap += (b & 0x7f) * Math.pow(2, shift);
        shift += 7;
      } while (b & 0x80);
      doc += gap + 1;
      docs[count] = doc;
      weights[count++] = top * bytes.charCodeAt(i++);
    }
    decoded[entry[1]] = { docs: docs.subarray(0, count), weights: weights.subarray(0, count) };
    return decoded[entry[1]];
  }

  var cardsPerFolder = 1; // generator/render/search.py CARDS_PER_FOLDER, from meta.js
  function card(doc) {
    var folder = Math.floor(doc / cardsPerFolder);
    return part("d", doc, "d/" + folder + "/" + doc + ".js");
  }

  /* --- words, as generator/render/search.py words() and terms() make them ---------------- */

  function fold(text) {
    return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  }

  var moreStopWords = {}; // generator/render/search.py MORE_STOP_WORDS, from meta.js
  function isStopWord(lunr, word) {
    return moreStopWords[word] === true || lunr.stopWordFilter(new lunr.Token(word, {})) === undefined;
  }

  var stems = new Map(); // word -> lunr.js stem: marking a snippet stems its words again and again
  function stem(lunr, word) {
    var found = stems.get(word);
    if (found === undefined) {
      found = lunr.stemmer(new lunr.Token(word, {})).toString();
      stems.set(word, found);
    }
    return found;
  }

  /* The words of a query, each with its stem and, for the last one while it is typed, the
     stems it may become: [{word, stem, prefix, stop, terms: [{term, weight}]}]. A word's
     stem is the index's own (w/ lists every word of the papers with the stem lunr.py gave
     it); a word no paper has is stemmed by lunr.js. */
  function queryWords(lunr, query, index) {
    var raw = fold(query).split(/[^a-z0-9]+/).filter(Boolean);
    var typing = !/\s$/.test(query);
    var words = [];
    var seen = {};
    raw.forEach(function (word, i) {
      var prefix = i === raw.length - 1 && typing && word.length >= 2;
      var stop = isStopWord(lunr, word);
      if ((stop && !prefix) || seen[word]) return;
      seen[word] = true;
      words.push({ word: word, prefix: prefix, stop: stop });
    });
    // While the word lists load, load the postings the query will most likely need: lunr.js
    // stems almost every word as lunr.py did, so its stems and their pairs are asked for at
    // once, and the names the query writes like names (a part is loaded once, however often
    // it is asked for; the word lists say which words some paper writes like a name).
    var guesses = words.filter(function (w) { return !w.stop; }).map(function (w) {
      var guess = stem(lunr, w.word);
      postings(guess, index);
      return guess;
    });
    var written = {}; // the words the query writes like a name
    (query.match(/[\p{L}\p{N}]+/gu) || []).forEach(function (token) {
      if (/\p{Lu}/u.test(token.slice(1)) || (/\p{N}/u.test(token) && /\p{L}/u.test(token))) {
        fold(token).split(/[^a-z0-9]+/).filter(Boolean).forEach(function (word) {
          written[word] = true;
          postings("=" + word, index);
        });
      }
    });
    for (var i = 0; i + 1 < guesses.length; i++) postings(guesses[i] + " " + guesses[i + 1], index);
    return Promise.all(words.map(function (w) {
      var key = w.word.slice(0, 2);
      return part("w", key, "w/" + key + ".js").then(function (list) {
        list = list || [];
        var own = null;
        var asName = false;
        var more = [];
        var taken = {};
        list.forEach(function (entry) {
          if (entry[0] === w.word) {
            own = entry[1];
            // A name: the query writes it like one, or at least half the papers that have
            // the word do ("longlora"); not a word most write plainly ("molecular", which
            // one paper writes "MolecuLAR").
            asName = entry.length > 3 && (written[w.word] || 2 * entry[3] >= entry[2]);
          } else if (w.prefix && more.length < EXPANSIONS && entry[0].lastIndexOf(w.word, 0) === 0 && !taken[entry[1]]) {
            taken[entry[1]] = true;
            more.push(entry[1]);
          }
        });
        w.stem = own || stem(lunr, w.word);
        w.terms = w.stop ? [] : [{ term: w.stem, weight: 1 }];
        if (asName && !w.stop) w.terms.push({ term: "=" + w.word, weight: 1, name: true });
        more.forEach(function (s) {
          if (s !== w.stem) w.terms.push({ term: s, weight: PREFIX_WEIGHT });
        });
        return w;
      });
    })).then(function (words) {
      return words.filter(function (w) { return w.terms.length; });
    });
  }

  /* --- ranking ----------------------------------------------------------------------- */

  function rank(words, index) {
    var lists = words.map(function (word) {
      return Promise.all(word.terms.map(function (t) { return postings(t.term, index); }));
    });
    var pairs = [];
    for (var i = 0; i + 1 < words.length; i++) pairs.push(postings(words[i].stem + " " + words[i + 1].stem, index));
    return Promise.all([Promise.all(lists), Promise.all(pairs)]).then(function (loaded) {
      return order(words, loaded[0], loaded[1], index.docs);
    });
  }

  /* Rank the papers that have any of the query's words, over arrays as long as the corpus:
     a paper's score, its level (see below), and which words it has (a bit each). */
  function order(words, perWord, pairLists, n) {
    var score = new Float64Array(n);
    var level = new Uint16Array(n);
    var has = new Uint32Array(n); // bit k: the paper has word k (the first 32 words)
    var stemmed = new Float64Array(n); // this word's weight in a paper: its best stem,
    var named = new Float64Array(n); // and the word as a name
    var how = new Uint8Array(n); // 1: a paper has this word; 2: as typed, not only a longer one; 4: as a name
    var matched = [];
    perWord.forEach(function (lists, k) {
      var terms = words[k].terms;
      var touched = [];
      lists.forEach(function (list, t) {
        if (!list) return;
        var term = terms[t];
        for (var i = 0; i < list.docs.length; i++) {
          var doc = list.docs[i];
          var value = list.weights[i] * term.weight;
          if (!how[doc]) touched.push(doc);
          if (term.name) named[doc] = value;
          else if (value > stemmed[doc]) stemmed[doc] = value;
          how[doc] |= 1 | (term.weight === 1 ? 2 : 0) | (term.name ? 4 : 0);
        }
      });
      touched.forEach(function (doc) {
        if (!level[doc]) matched.push(doc);
        // A word a paper has as typed counts twice, one it has only as a longer word once:
        // while the last word is being typed, "data" is more likely "data" than "database".
        // A name as written counts once more.
        level[doc] += how[doc] & 2 ? (how[doc] & 4 ? 3 : 2) : 1;
        score[doc] += stemmed[doc] + named[doc];
        if (k < 32) has[doc] |= 1 << k;
        stemmed[doc] = named[doc] = how[doc] = 0;
      });
    });
    // Two of the query's words in a row that the paper has in a row.
    pairLists.forEach(function (list) {
      if (!list) return;
      for (var i = 0; i < list.docs.length; i++) {
        if (level[list.docs[i]]) score[list.docs[i]] += list.weights[i];
      }
    });
    return { docs: best(matched, level, score), total: matched.length, score: score, has: has };
  }

  /* The SHOWN best papers, in order: the higher level first, then the higher score, then
     the first in the index. */
  function best(matched, level, score) {
    function better(a, b) {
      return level[a] !== level[b] ? level[a] > level[b] : score[a] !== score[b] ? score[a] > score[b] : a < b;
    }
    var top = [];
    matched.forEach(function (doc) {
      if (top.length === SHOWN && !better(doc, top[SHOWN - 1])) return;
      var at = top.length === SHOWN ? SHOWN - 1 : top.length;
      while (at > 0 && better(doc, top[at - 1])) {
        top[at] = top[at - 1];
        at--;
      }
      top[at] = doc;
    });
    return top;
  }

  /* --- results as Material renders them -------------------------------------------------- */

  var ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  function escapeHTML(text) {
    return text.replace(/[&<>"']/g, function (c) { return ESCAPES[c]; });
  }

  /* Mark the words of `text` that the query matched; return HTML. */
  function marked(lunr, text, words) {
    var out = "";
    var last = 0;
    var re = /[\p{L}\p{N}]+/gu;
    var m;
    while ((m = re.exec(text))) {
      if (hits(lunr, m[0], words)) {
        out += escapeHTML(text.slice(last, m.index)) + "<mark>" + escapeHTML(m[0]) + "</mark>";
        last = m.index + m[0].length;
      }
    }
    return out + escapeHTML(text.slice(last));
  }

  function hits(lunr, token, words) {
    var w = fold(token);
    if (!/^[a-z0-9]+$/.test(w)) return false;
    var s = stem(lunr, w); // both sides by lunr.js: marking needs no index part
    return words.some(function (q) {
      return (!q.stop && (q.word === w || stem(lunr, q.word) === s)) || (q.prefix && w.lastIndexOf(q.word, 0) === 0);
    });
  }

  /* The passage of an abstract with the most query words, about 30 words long. */
  function snippet(lunr, text, words) {
    var tokens = [];
    var re = /\S+/g;
    var m;
    while ((m = re.exec(text))) tokens.push({ at: m.index, end: m.index + m[0].length, hit: hits(lunr, m[0].replace(/^\W+|\W+$/g, ""), words) });
    var span = 30;
    var bestStart = 0;
    var bestCount = -1;
    var count = 0;
    for (var i = 0; i < tokens.length; i++) {
      if (tokens[i].hit) count++;
      if (i >= span && tokens[i - span].hit) count--;
      if (count > bestCount) {
        bestCount = count;
        bestStart = Math.max(0, i - span + 1);
      }
    }
    if (!tokens.length) return "";
    var start = Math.max(0, bestStart - 3);
    var end = Math.min(tokens.length, start + span + 6);
    var piece = text.slice(tokens[start].at, tokens[end - 1].end);
    return (start > 0 ? "… " : "") + marked(lunr, piece, words) + (end < tokens.length ? " …" : "");
  }

  /* A paper's address: x/ on a hosted site, x.html in the offline bundle (no directory URLs). */
  function address(url) {
    return fileSite ? url.replace(/\/$/, ".html") : url;
  }

  function item(lunr, data, doc, ranked, words) {
    var terms = {};
    words.forEach(function (word, k) {
      terms[word.word] = k >= 32 || (ranked.has[doc] & (1 << k)) !== 0;
    });
    return [{
      location: address(data.u),
      title: marked(lunr, data.t, words),
      text: snippet(lunr, data.a, words),
      tags: [data.v + " " + data.y].concat(data.g),
      score: ranked.score[doc],
      terms: terms
    }];
  }

  /* Answer a query: Material's SearchResult, and how many papers matched in all. */
  function search(query, stale) {
    // A query typed further while this one loads makes it stale: it loads nothing more
    // (no longer words' postings, no cards), so that the parts the latest query needs are
    // not queued behind those of every keystroke before it.
    stale = stale || function () { return false; };
    var none = { items: [], total: 0 };
    return Promise.all([stemmer(), meta()]).then(function (ready) {
      var lunr = ready[0];
      var index = ready[1];
      if (!lunr || !index || stale()) return none;
      return queryWords(lunr, query, index).then(function (words) {
        if (!words.length || stale()) return none;
        return rank(words, index).then(function (ranked) {
          return stale() ? none : show(lunr, ranked, words);
        });
      });
    });
  }

  /* The first papers of a ranking, with their cards, as Material's result items. */
  function show(lunr, ranked, words) {
    var top = ranked.docs;
    return Promise.all(top.map(card)).then(function (cards) {
      var items = [];
      cards.forEach(function (data, n) {
        if (data) items.push(item(lunr, data, top[n], ranked, words));
      });
      return { items: items, total: ranked.total };
    });
  }

  /* --- the stand-in worker ------------------------------------------------------------- */

  /* A performance mark ("papersite:ready"), for benchmarks (bench/search_speed.py). */
  function mark(name) {
    if (window.performance && performance.mark) performance.mark("papersite:" + name);
  }

  function SearchWorker() {
    var target = document.createDocumentFragment(); // an EventTarget every browser has
    var latest = 0;
    var worker = {
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
      dispatchEvent: target.dispatchEvent.bind(target),
      terminate: function () {},
      postMessage: function (message) {
        if (!message) return;
        if (message.type === SETUP) {
          mark("setup");
          Promise.all([stemmer(), meta()]).then(function () { mark("ready"); post({ type: READY }); });
        } else if (message.type === QUERY && message.data && typeof message.data === "object") {
          zensical(message.data);
        } else if (message.type === QUERY) {
          var ticket = ++latest;
          mark("query");
          search(String(message.data || ""), function () { return ticket !== latest; }).then(function (result) {
            if (ticket !== latest) return; // a later query is on its way
            mark("result");
            post({ type: RESULT, data: { items: result.items } });
            count(result);
          }, function () {
            if (ticket === latest) post({ type: RESULT, data: { items: [] } });
          });
        }
      }
    };
    /* Zensical's search box asks with a state ({input, page, ...}) and lists the items of its
       search.json that the answer names by position: papersite writes that file with one item a
       paper, in the order of its own index (generator/engine/finish.py), so a paper's number is
       its item. One page of results; its words are not marked (Zensical marks what it is told). */
    function zensical(state) {
      var ticket = ++latest;
      var query = typeof state.input === "string" ? state.input : "";
      mark("query");
      var answer = Promise.all([stemmer(), meta()]).then(function (ready) {
        var lunr = ready[0];
        var index = ready[1];
        if (!lunr || !index || !query) return null;
        return queryWords(lunr, query, index).then(function (words) {
          return words.length && ticket === latest ? rank(words, index) : null;
        });
      });
      answer.then(function (ranked) {
        if (ticket !== latest) return;
        mark("result");
        var items = ranked ? Array.prototype.map.call(ranked.docs, function (doc) { return { id: doc, matches: [] }; }) : [];
        post({ type: RESULT, data: { items: items, pagination: { total: ranked ? ranked.total : 0 } } });
      }, function () {
        if (ticket === latest) post({ type: RESULT, data: { items: [], pagination: { total: 0 } } });
      });
    }
    function post(data) {
      var event = new MessageEvent("message", { data: data });
      if (typeof worker.onmessage === "function") worker.onmessage(event);
      worker.dispatchEvent(event);
    }
    return worker;
  }

  /* Material counts the papers it was given; say how many matched, when more did. */
  function count(result) {
    var meta = document.querySelector(".md-search-result__meta");
    if (!meta || result.total <= result.items.length) return;
    meta.textContent = result.total.toLocaleString("en") + " matching papers, the best " + result.items.length + " shown";
  }

  var NativeWorker = window.Worker;
  function isSearchWorker(url) {
    return /\/workers\/search\.[^/]*\.js/.test(String(url));
  }
  window.Worker = function (url, options) {
    if (isSearchWorker(url)) return SearchWorker();
    return new NativeWorker(url, options);
  };
  if (NativeWorker) window.Worker.prototype = NativeWorker.prototype;

  /* A query that arrives without a key press: pass `input` on as a keyup. */
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (input && input.matches && input.matches("input.md-search__input") && !event.isComposing) {
      input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
    }
  }, true);

  /* For tests and benchmarks: the ranking without the interface. */
  window.papersiteSearch = { search: search };

  /* The first query needs the stemmer and the index's first part: load them once the page
     has loaded, or as soon as the search box gets the focus, so that a query typed at once
     is answered at once. */
  function warm() { stemmer(); meta(); }
  if (document.readyState === "complete") warm();
  else window.addEventListener("load", warm);
  document.addEventListener("focusin", function (event) {
    if (event.target && event.target.matches && event.target.matches("input.md-search__input")) warm();
  }, true);
})();
