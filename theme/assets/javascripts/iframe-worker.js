/*
 * papersite: Material's search worker on pages opened from file://.
 *
 * Browsers refuse `new Worker(url)` on file:// pages, which breaks Material's
 * search in an offline bundle; Material's offline plugin would load a shim from a
 * CDN. This stand-in is ours, so the bundle makes no network request. On http(s)
 * it does nothing: Material uses real workers there.
 * (The file name contains "iframe-worker" so that the offline plugin, which looks
 * for that name among extra.polyfills, does not add its CDN script.)
 *
 * How it makes search answer soon (hooks/offline_search.py writes the two files):
 * - Loads search/search_index.js and search/search_worker.js at once, while the
 *   page is parsing; on file:// Material would load the index only when search
 *   is first opened, and then build it. The documents in it are gzip-compressed
 *   (every page loads the script); the browser's DecompressionStream inflates them.
 * - Runs Material's worker source as a real Worker from a Blob URL, off the
 *   page's thread, and starts building the index as soon as Material creates it.
 *   The documents travel as JSON text and are parsed in the worker.
 * - Builds two indexes: a quick one of titles and tags, which answers first,
 *   and the full one (text too), which then answers the same query again and
 *   every later one. Titles and tags weigh most, so the quick answer already
 *   leads with the best matches; when it has none, Material's "Initializing
 *   search" stays until the full index answers.
 * - Answers Material's repeated setup (it sends one each time search opens) from
 *   the index already built.
 * Where a Blob worker cannot run, the worker script runs in a hidden iframe.
 */
(function () {
  "use strict";
  if (location.protocol !== "file:" || typeof window.Worker !== "function") {
    return;
  }

  var NativeWorker = window.Worker;
  var SETUP = 0; // Material's worker messages: SETUP -> READY, QUERY -> RESULT
  var READY = 1;
  var QUERY = 2;
  var RESULT = 3;
  var root = new URL("../../", document.currentScript.src).href; // assets/javascripts/ -> site

  /* Timings for bench/search_speed.py, in the browser's performance timeline. */
  function mark(name) {
    if (window.performance && performance.mark) performance.mark("papersite:" + name);
  }

  function load(path) {
    return new Promise(function (resolve) {
      var script = document.createElement("script");
      script.src = root + path;
      script.onload = script.onerror = resolve;
      document.head.appendChild(script);
    });
  }

  // A worker takes a while to start: start two as soon as their code is here.
  var spare = [];
  var workerCode = load("search/search_worker.js").then(function () {
    try {
      spare = window.__searchWorker ? [blobWorker(), blobWorker()] : [];
    } catch (error) {
      spare = []; // no Blob workers here
    }
  });
  var sources = Promise.all([workerCode, load("search/search_index.js")])
    .then(inflateDocs)
    .then(function () {
      mark("sources");
    });

  /* The documents come gzip-compressed, base64-encoded: inflate them to JSON text. */
  function inflateDocs() {
    var packed = window.__searchDocsGzip;
    if (typeof packed !== "string" || typeof DecompressionStream !== "function") return;
    var bytes;
    if (typeof Uint8Array.fromBase64 === "function") {
      bytes = Uint8Array.fromBase64(packed);
    } else {
      var binary = atob(packed);
      bytes = new Uint8Array(binary.length);
      for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(
      function (text) {
        window.__searchDocs = text;
      },
      function () {} // a damaged index: search finds nothing, the page still works
    );
  }

  /* Unpack the documents written by hooks/offline_search.py (in a worker or here). */
  function unpackDocs(text) {
    var packed = JSON.parse(text);
    return packed.docs.map(function (row) {
      var doc = {};
      packed.fields.forEach(function (field, n) {
        if (row[n] !== undefined && row[n] !== null) {
          doc[field] = field !== "tags" ? row[n] : row[n].map(function (tag) {
            return packed.tags[tag];
          });
        }
      });
      return doc;
    });
  }

  /* Runs in the worker before Material's code: unpacks documents sent as text. */
  function prelude(unpack) {
    self.addEventListener("message", function (event) {
      var message = event.data;
      if (message && message.type === 0 && typeof message.data.docs === "string") {
        message.data.docs = unpack(message.data.docs);
      }
    });
  }

  /* Material sends its setup with the documents left out by the hook: put them back. */
  function withDocs(message, unpack) {
    var data = message.data;
    var text = window.__searchDocs;
    if (message.type !== SETUP || !data || (data.docs && data.docs.length) || typeof text !== "string") {
      return message;
    }
    return { type: SETUP, data: Object.assign({}, data, { docs: unpack ? unpackDocs(text) : text }) };
  }

  function setupKey(message) {
    return JSON.stringify([message.data.config, message.data.options]);
  }

  /* The setup Material will send once search opens, known from the page already. */
  function expectedSetup() {
    var page = JSON.parse(document.getElementById("__config").textContent);
    var suggest = (page.features || []).indexOf("search.suggest") >= 0;
    return { type: SETUP, data: { config: window.__index.config, docs: [], options: { suggest: suggest } } };
  }

  var blobURL = null;
  function blobWorker() {
    if (spare.length) return spare.shift();
    if (!blobURL) {
      var code = "(" + prelude + ")(" + unpackDocs + ");\n" + window.__searchWorker.source;
      blobURL = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    }
    var worker = new NativeWorker(blobURL);
    // A spare worker may fail before anyone listens: remember it (see spawn).
    worker.addEventListener("error", function () {
      worker.failed = true;
    });
    return worker;
  }

  /* Material's search worker as two real workers, a quick one and a full one. */
  function SearchWorkers(toPage, onError) {
    var meta = document.querySelector(".md-search-result__meta");
    var initializing = meta ? meta.textContent : ""; // "Initializing search", before READY
    var key = null;
    var full = null;
    var quick = null;
    var fullReady = false;
    var quickReady = false;
    var setupPending = false; // Material sent a setup and waits for READY
    var lastQuery = null;
    var upgrade = false; // the quick index answered: the full one answers again
    var fullAnswered = false;

    function spawn(message, ready) {
      var worker = blobWorker();
      worker.onmessage = function (event) {
        var data = event.data;
        if (data && data.type === READY) {
          ready();
        } else if (data && data.type === RESULT) {
          result(worker, data);
        } else {
          toPage(data);
        }
      };
      worker.onerror = function () {
        onError(!(fullReady || quickReady)); // true: nothing built, the caller may fall back
      };
      if (worker.failed) {
        setTimeout(worker.onerror, 0); // it failed while it waited as a spare
      } else {
        worker.postMessage(withDocs(message, false));
      }
      return worker;
    }

    function begin(message) {
      [full, quick].forEach(function (worker) {
        if (worker) worker.terminate();
      });
      mark("setup");
      key = setupKey(message);
      fullReady = quickReady = upgrade = fullAnswered = false;
      full = quick = null;
      var fields = message.data.config.fields || {};
      if (!("text" in fields) || Object.keys(fields).length < 2) {
        beginFull(message);
        return;
      }
      var config = Object.assign({}, message.data.config, { fields: Object.assign({}, fields) });
      delete config.fields.text;
      // With two cores or fewer, the full index starts once the quick one is built, so
      // that the quick one does not wait for a core; with more, both start at once.
      var both = (navigator.hardwareConcurrency || 1) > 2;
      quick = spawn({ type: SETUP, data: Object.assign({}, message.data, { config: config }) }, function () {
        mark("quick-ready");
        quickReady = true;
        announce();
        if (!both) beginFull(message);
      });
      if (both) beginFull(message);
    }

    function beginFull(message) {
      full = spawn(message, function () {
        mark("full-ready");
        fullReady = true;
        if (quick) quick.terminate();
        quick = null;
        announce();
        if (upgrade && lastQuery) full.postMessage(lastQuery);
        upgrade = false;
      });
    }

    function announce() {
      if (setupPending && (fullReady || quickReady)) {
        setupPending = false;
        toPage({ type: READY });
      }
    }

    function result(worker, data) {
      if (worker === full) {
        if (!fullAnswered) mark("full-answer");
        fullAnswered = true;
        toPage(data);
      } else if (!fullReady) {
        var query = lastQuery ? String(lastQuery.data).trim() : "";
        if (data.data.items.length || !query) {
          toPage(data);
        } else {
          // No title or tag matches it: clear the list, and say that search is still being
          // set up (in Material's own words) until the full index answers.
          toPage(data, function () {
            if (meta) meta.textContent = initializing;
          });
        }
      }
    }

    this.send = function (message) {
      if (message && message.type === SETUP) {
        if (setupKey(message) !== key) begin(message);
        setupPending = true;
        announce();
      } else if (message && message.type === QUERY) {
        lastQuery = message;
        if (fullReady || !quick) {
          full.postMessage(message);
        } else {
          upgrade = true;
          quick.postMessage(message);
        }
      } else {
        (full || quick).postMessage(message);
      }
    };
    this.terminate = function () {
      [full, quick].forEach(function (worker) {
        if (worker) worker.terminate();
      });
    };

    begin(expectedSetup()); // before search is even opened
  }

  /* The worker script in a hidden same-origin iframe, on the page's own thread. */
  function FrameWorker(url, toPage, onError) {
    var queue = [];
    var ready = false;
    var frame = document.createElement("iframe");
    frame.setAttribute("aria-hidden", "true");
    frame.setAttribute("tabindex", "-1");
    frame.style.display = "none";
    document.body.appendChild(frame);

    var inner = frame.contentWindow;
    inner.postMessage = function (data) {
      toPage(data); // the worker's postMessage reaches the page
    };
    inner.importScripts = function () {
      throw new Error("importScripts is not supported in the file:// worker shim");
    };
    var script = inner.document.createElement("script");
    script.src = new URL(url, location.href).href;
    script.onload = function () {
      ready = true;
      queue.splice(0).forEach(deliver);
    };
    script.onerror = onError;
    inner.document.head.appendChild(script);

    function deliver(message) {
      inner.dispatchEvent(new MessageEvent("message", { data: withDocs(message, true) }));
    }

    this.send = function (message) {
      if (ready) {
        setTimeout(function () {
          deliver(message);
        }, 0);
      } else {
        queue.push(message);
      }
    };
    this.terminate = function () {
      frame.remove();
    };
  }

  function FileWorker(url) {
    var target = document.createElement("div"); // an EventTarget for the page side
    var listeners = this;
    var backend = null;
    var queue = [];

    function toPage(data, after) {
      var event = new MessageEvent("message", { data: data });
      setTimeout(function () {
        if (typeof listeners.onmessage === "function") {
          listeners.onmessage(event);
        }
        target.dispatchEvent(event);
        if (after) after();
      }, 0);
    }
    function onError() {
      var event = new Event("error");
      if (typeof listeners.onerror === "function") {
        listeners.onerror(event);
      }
      target.dispatchEvent(event);
    }

    function useFrame() {
      spare.splice(0).forEach(function (worker) {
        worker.terminate();
      });
      if (backend) backend.terminate();
      backend = new FrameWorker(url, toPage, onError);
    }

    sources.then(function () {
      var name = new URL(url, location.href).pathname.split("/").pop();
      if (window.__searchWorker && window.__index && name === window.__searchWorker.name) {
        try {
          backend = new SearchWorkers(toPage, function (unbuilt) {
            if (!unbuilt) return onError();
            useFrame(); // the Blob workers failed before building anything: replay in the iframe
            if (setup) backend.send(setup);
          });
        } catch (error) {
          backend = null; // no Blob workers here
        }
      }
      if (!backend) useFrame();
      queue.splice(0).forEach(backend.send);
    });

    var setup = null; // Material's last setup
    this.postMessage = function (message) {
      if (message && message.type === SETUP) setup = message;
      if (backend) {
        backend.send(message);
      } else {
        queue.push(message);
      }
    };
    this.terminate = function () {
      if (backend) backend.terminate();
    };
    this.addEventListener = target.addEventListener.bind(target);
    this.removeEventListener = target.removeEventListener.bind(target);
    this.dispatchEvent = target.dispatchEvent.bind(target);
  }

  window.Worker = FileWorker;
})();
