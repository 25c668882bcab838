/*
 * papersite: a Web Worker stand-in for pages opened from file://.
 *
 * Browsers refuse `new Worker(url)` on file:// pages, which breaks Material's
 * search in an offline bundle. Material's offline plugin would load a shim from
 * a CDN; this small one is ours, so the bundle makes no network request.
 * It runs the worker script in a hidden same-origin iframe and passes messages
 * both ways. On http(s) it does nothing: real workers are used.
 * (The file name contains "iframe-worker" so that the offline plugin, which looks
 * for that name among extra.polyfills, does not add its CDN script.)
 */
(function () {
  "use strict";
  if (location.protocol !== "file:" || typeof window.Worker !== "function") {
    return;
  }

  function FileWorker(url) {
    var target = document.createElement("div"); // an EventTarget for the page side
    var listeners = this;
    var queue = [];
    var ready = false;
    var frame = document.createElement("iframe");
    frame.setAttribute("aria-hidden", "true");
    frame.setAttribute("tabindex", "-1");
    frame.style.display = "none";
    document.body.appendChild(frame);

    var inner = frame.contentWindow;
    // The worker's postMessage reaches the page as a "message" event.
    inner.postMessage = function (data) {
      var event = new MessageEvent("message", { data: data });
      setTimeout(function () {
        if (typeof listeners.onmessage === "function") {
          listeners.onmessage(event);
        }
        target.dispatchEvent(event);
      }, 0);
    };
    inner.importScripts = function () {
      throw new Error("importScripts is not supported in the file:// worker shim");
    };

    var script = inner.document.createElement("script");
    script.src = new URL(url, location.href).href;
    script.onload = function () {
      ready = true;
      queue.splice(0).forEach(function (data) {
        deliver(data);
      });
    };
    script.onerror = function () {
      var event = new Event("error");
      if (typeof listeners.onerror === "function") {
        listeners.onerror(event);
      }
      target.dispatchEvent(event);
    };
    inner.document.head.appendChild(script);

    function deliver(data) {
      inner.dispatchEvent(new MessageEvent("message", { data: data }));
    }

    this.postMessage = function (data) {
      if (ready) {
        setTimeout(function () {
          deliver(data);
        }, 0);
      } else {
        queue.push(data);
      }
    };
    this.terminate = function () {
      frame.remove();
    };
    this.addEventListener = target.addEventListener.bind(target);
    this.removeEventListener = target.removeEventListener.bind(target);
    this.dispatchEvent = target.dispatchEvent.bind(target);
  }

  window.Worker = FileWorker;
})();
