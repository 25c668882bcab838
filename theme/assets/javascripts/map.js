/*
 * papersite: the Map page. Every paper is a point on a <canvas>, placed by what it is about
 * (generator/plan/paper_map.py); its colour is its first topic.
 *
 * The data are scripts calling __psMap(kind, key, data) (generator/render/map_files.py), added
 * as <script> elements because file:// pages cannot fetch: points.js at once, and the titles in
 * parts (t/<k>.js) when a point of a part is first hovered, focused or clicked.
 *
 * Pointer: drag to pan, wheel or pinch to zoom, hover shows a title, a click opens the paper (a
 * finger's first tap on a point shows its title, a second opens it).
 * Keyboard (the canvas is focusable): arrows go to the nearest point that way (the map follows),
 * Enter opens it, Shift + arrows pan, + and - zoom, 0 shows the whole map. The focused or
 * hovered title is also written to a live region. The page does nothing without [data-ps-map].
 */
(function () {
  "use strict";

  var VERSION = 2;
  var STEPS = 1000; // a coordinate's integer steps (map_files.STEPS)
  var MARGIN = 16; // CSS pixels around the map
  var HIT = 10; // how near (CSS pixels) the pointer must be to a point to pick it
  var DRAG = 4; // pointer moves beyond this many pixels make a drag, not a click
  var ZOOM_STEP = 1.5;
  var PAN_STEP = 0.1; // of the canvas size, per Shift + arrow
  var MAX_ZOOM = 64;

  var root = document.querySelector("[data-ps-map]");
  if (!root) return;
  var canvas = root.querySelector("canvas");
  var tip = root.querySelector(".ps-map-tip");
  var status = root.querySelector(".ps-map-status");
  var form = root.querySelector(".ps-map-filter");
  var count = root.querySelector(".ps-map-count");
  var legend = root.querySelector(".ps-map-legend");
  var siteRoot = root.getAttribute("data-root") || "";
  var fileSite = window.location.protocol === "file:"; // pages are x.html, not x/
  var ctx = canvas.getContext("2d");

  var data = null; // points.js
  var titles = {}; // part -> [[title, url], ...]
  var waiting = {}; // part -> callbacks
  var shown = []; // indexes of the points the filters let through
  var view = { zoom: 1, x: 0.5, y: 0.5 }; // the map's point at the canvas centre
  var hovered = -1;
  var focused = -1;
  var baseRadius = 3; // set by the number of papers in start()

  window.__psMap = function (kind, key, value) {
    if (kind === "points") {
      if (value.version !== VERSION) return;
      data = decode(value);
      start();
    } else if (kind === "titles") {
      titles[key] = value;
      (waiting[key] || []).forEach(function (done) { done(); });
      delete waiting[key];
    }
  };

  /* points.js's numbers are base-64 digits of fixed widths (generator/render/map_files.py). */
  var DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var VALUE = {};
  for (var d = 0; d < DIGITS.length; d++) VALUE[DIGITS.charAt(d)] = d;
  function numbers(text, width) {
    var out = [];
    for (var at = 0; at + width <= text.length; at += width) {
      var n = 0;
      for (var k = 0; k < width; k++) n = n * 64 + VALUE[text.charAt(at + k)];
      out.push(n);
    }
    return out;
  }
  function decode(value) {
    var xy = numbers(value.xy, 2), n = xy.length / 2;
    var x = [], y = [];
    for (var i = 0; i < n; i++) { x.push(xy[2 * i]); y.push(xy[2 * i + 1]); }
    return {
      chunk: value.chunk, topics: value.topics, years: value.years, x: x, y: y,
      year: numbers(value.year, value.widths[0]),
      topic: n ? value.topic.split(",").map(function (codes) { return numbers(codes, value.widths[1]); }) : []
    };
  }

  function load(src) {
    var script = document.createElement("script");
    script.src = src;
    document.head.appendChild(script);
  }
  load(root.getAttribute("data-points"));

  /* Call done(title, url) once the part holding point i is loaded. */
  function withTitle(i, done) {
    var part = Math.floor(i / data.chunk);
    var call = function () { var row = titles[part][i - part * data.chunk]; done(row[0], row[1]); };
    if (titles[part]) return call();
    if (!waiting[part]) {
      waiting[part] = [];
      load("t/" + part + ".js");
    }
    waiting[part].push(call);
  }

  function address(url) {
    return siteRoot + (fileSite ? url.replace(/\/$/, ".html") : url);
  }

  /* Colours: one hue per topic, spread by the golden angle; darker on light, lighter on dark. */
  function dark() {
    return document.body.getAttribute("data-md-color-scheme") === "slate";
  }
  function colour(topic, isDark) {
    if (topic === undefined) return isDark ? "hsl(0, 0%, 70%)" : "hsl(0, 0%, 45%)";
    var hue = Math.round((topic * 137.508) % 360);
    return isDark ? "hsl(" + hue + ", 70%, 66%)" : "hsl(" + hue + ", 70%, 38%)";
  }

  /* Geometry: the map's [0, 1] square fitted into the canvas, then zoomed around view.x, view.y. */
  function size() {
    return { w: canvas.clientWidth, h: canvas.clientHeight };
  }
  function scale() {
    var s = size();
    return (Math.min(s.w, s.h) - 2 * MARGIN) * view.zoom;
  }
  function toScreen(i) {
    var s = size(), k = scale();
    return [s.w / 2 + (data.x[i] / STEPS - view.x) * k, s.h / 2 + (data.y[i] / STEPS - view.y) * k];
  }
  function clampView() {
    view.zoom = Math.min(MAX_ZOOM, Math.max(1, view.zoom));
    view.x = Math.min(1, Math.max(0, view.x));
    view.y = Math.min(1, Math.max(0, view.y));
  }

  function draw() {
    var s = size(), ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(s.w * ratio) || canvas.height !== Math.round(s.h * ratio)) {
      canvas.width = Math.round(s.w * ratio);
      canvas.height = Math.round(s.h * ratio);
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, s.w, s.h);
    var isDark = dark(), radius = Math.min(7, baseRadius + Math.log2(view.zoom) * 0.75), drawn = 0;
    var byColour = {};
    shown.forEach(function (i) {
      var topic = data.topic[i][0];
      (byColour[topic] = byColour[topic] || []).push(i);
    });
    Object.keys(byColour).forEach(function (topic) {
      ctx.fillStyle = colour(topic === "undefined" ? undefined : Number(topic), isDark);
      ctx.beginPath();
      byColour[topic].forEach(function (i) {
        var p = toScreen(i);
        if (p[0] < -radius || p[1] < -radius || p[0] > s.w + radius || p[1] > s.h + radius) return;
        ctx.moveTo(p[0] + radius, p[1]);
        ctx.arc(p[0], p[1], radius, 0, 2 * Math.PI);
        drawn++;
      });
      ctx.fill();
    });
    [hovered, focused].forEach(function (i, k) {
      if (i < 0) return;
      var p = toScreen(i);
      ctx.lineWidth = 2;
      ctx.strokeStyle = isDark ? "#fff" : "#000";
      ctx.beginPath();
      ctx.arc(p[0], p[1], radius + (k ? 4 : 2), 0, 2 * Math.PI);
      ctx.stroke();
    });
    canvas.setAttribute("data-drawn", String(drawn));
    canvas.setAttribute("data-view", [view.zoom, view.x, view.y].map(function (v) { return v.toFixed(4); }).join(" "));
  }

  var pending = false;
  function redraw() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () { pending = false; draw(); });
  }

  /* Filters: a point passes when it has the chosen topic (any of its topics) and year. */
  function filter() {
    var topic = form.topic.value, year = form.year.value;
    shown = [];
    for (var i = 0; i < data.x.length; i++) {
      if (year !== "" && data.year[i] !== Number(year)) continue;
      if (topic !== "" && data.topic[i].indexOf(Number(topic)) < 0) continue;
      shown.push(i);
    }
    canvas.setAttribute("data-shown", String(shown.length));
    count.textContent = shown.length + (shown.length === 1 ? " paper" : " papers");
    if (shown.indexOf(focused) < 0) focused = -1;
    if (shown.indexOf(hovered) < 0) show(-1);
    redraw();
  }

  function nearest(x, y) {
    var best = -1, bestD = HIT * HIT;
    shown.forEach(function (i) {
      var p = toScreen(i), d = (p[0] - x) * (p[0] - x) + (p[1] - y) * (p[1] - y);
      if (d <= bestD) { best = i; bestD = d; }
    });
    return best;
  }

  /* Show point i's title beside it and in the live region (-1: hide); by a key: no hover ring. */
  var tipped = -1;
  function show(i, byKey) {
    tipped = i;
    if (!byKey) hovered = i;
    redraw();
    if (i < 0) {
      tip.hidden = true;
      return;
    }
    withTitle(i, function (title) {
      if (tipped !== i) return;
      var p = toScreen(i), s = size();
      tip.textContent = title;
      tip.hidden = false;
      tip.style.left = Math.max(0, Math.min(p[0] + 10, s.w - tip.offsetWidth)) + "px";
      tip.style.top = Math.max(0, p[1] < s.h / 2 ? p[1] + 12 : p[1] - tip.offsetHeight - 12) + "px";
      status.textContent = title + " (" + data.years[data.year[i]] + ")";
    });
  }

  function open(i) {
    withTitle(i, function (title, url) { window.location.href = address(url); });
  }

  /* Pointers: one drags, two pinch. */
  var pointers = {};
  var gesture = null;
  function local(event) {
    var r = canvas.getBoundingClientRect();
    return [event.clientX - r.left, event.clientY - r.top];
  }
  function pinchState() {
    var ids = Object.keys(pointers);
    if (ids.length < 2) return null;
    var a = pointers[ids[0]], b = pointers[ids[1]];
    return { d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, c: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
  }
  canvas.addEventListener("pointerdown", function (event) {
    canvas.setPointerCapture(event.pointerId);
    pointers[event.pointerId] = local(event);
    gesture = { moved: 0, last: local(event), pinch: pinchState(), zoom: view.zoom };
  });
  canvas.addEventListener("pointermove", function (event) {
    var p = local(event);
    if (!(event.pointerId in pointers)) {
      if (data) show(nearest(p[0], p[1]));
      return;
    }
    pointers[event.pointerId] = p;
    var k = scale();
    if (gesture.pinch) {
      var now = pinchState();
      if (now) zoomAt(gesture.zoom * now.d / gesture.pinch.d / view.zoom, now.c);
      gesture.moved += DRAG + 1;
      return;
    }
    view.x -= (p[0] - gesture.last[0]) / k;
    view.y -= (p[1] - gesture.last[1]) / k;
    gesture.moved += Math.abs(p[0] - gesture.last[0]) + Math.abs(p[1] - gesture.last[1]);
    gesture.last = p;
    clampView();
    show(-1);
    redraw();
  });
  function release(event) {
    var p = local(event);
    delete pointers[event.pointerId];
    if (event.type === "pointerup" && gesture && gesture.moved <= DRAG && data) {
      var i = nearest(p[0], p[1]);
      // A finger has no hover: its first tap on a point shows the title, the next opens it.
      if (i >= 0 && event.pointerType === "touch" && tipped !== i) show(i);
      else if (i >= 0) open(i);
    }
    gesture = Object.keys(pointers).length ? { moved: DRAG + 1, last: p, pinch: null, zoom: view.zoom } : null;
  }
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  canvas.addEventListener("pointerleave", function (event) {
    if (!gesture && event.pointerType !== "touch") show(-1); // a finger leaves as it lifts: the title stays
  });

  /* Zoom by factor keeping the map's point under at (canvas pixels) in place. */
  function zoomAt(factor, at) {
    var s = size(), k = scale();
    var mx = view.x + (at[0] - s.w / 2) / k, my = view.y + (at[1] - s.h / 2) / k;
    view.zoom *= factor;
    clampView();
    k = scale();
    view.x = mx - (at[0] - s.w / 2) / k;
    view.y = my - (at[1] - s.h / 2) / k;
    clampView();
    redraw();
  }
  canvas.addEventListener("wheel", function (event) {
    event.preventDefault();
    zoomAt(Math.pow(1.0015, -event.deltaY), local(event));
  }, { passive: false });

  /* Keys: step to the nearest shown point in the arrow's direction (within 60 degrees of it). */
  var DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function step(from, dir) {
    var best = -1, bestD = Infinity;
    var fx = from < 0 ? view.x * STEPS : data.x[from], fy = from < 0 ? view.y * STEPS : data.y[from];
    shown.forEach(function (i) {
      if (i === from) return;
      var dx = data.x[i] - fx, dy = data.y[i] - fy;
      var along = dx * dir[0] + dy * dir[1], d = dx * dx + dy * dy;
      if (from >= 0 && (along <= 0 || along * along < d / 4)) return;
      var cost = d + 3 * (d - along * along); // prefer points straight ahead
      if (cost < bestD) { best = i; bestD = cost; }
    });
    return best;
  }
  function focus(i) {
    focused = i;
    hovered = -1;
    if (i < 0) return show(-1, true);
    var p = toScreen(i), s = size();
    if (p[0] < MARGIN || p[1] < MARGIN || p[0] > s.w - MARGIN || p[1] > s.h - MARGIN) {
      view.x = data.x[i] / STEPS;
      view.y = data.y[i] / STEPS;
      clampView();
    }
    show(i, true);
  }
  canvas.addEventListener("keydown", function (event) {
    if (!data) return;
    var key = event.key, s = size();
    if (DIRECTIONS[key] && event.shiftKey) {
      view.x += DIRECTIONS[key][0] * PAN_STEP * s.w / scale();
      view.y += DIRECTIONS[key][1] * PAN_STEP * s.h / scale();
      clampView();
      redraw();
    } else if (DIRECTIONS[key]) {
      var next = step(focused, DIRECTIONS[key]);
      if (next >= 0) focus(next);
    } else if (key === "Enter" && focused >= 0) {
      open(focused);
    } else if (key === "+" || key === "=") {
      zoomAt(ZOOM_STEP, [s.w / 2, s.h / 2]);
    } else if (key === "-" || key === "_") {
      zoomAt(1 / ZOOM_STEP, [s.w / 2, s.h / 2]);
    } else if (key === "0") {
      view = { zoom: 1, x: 0.5, y: 0.5 };
      redraw();
    } else if (key === "Escape") {
      focus(-1);
    } else {
      return;
    }
    event.preventDefault();
  });
  canvas.addEventListener("blur", function () { tip.hidden = true; });

  /* The legend lists the topics that colour a point (a paper's first), in the filter's order. */
  function drawLegend() {
    var isDark = dark(), first = {};
    data.topic.forEach(function (topics) { if (topics.length) first[topics[0]] = true; });
    legend.textContent = "";
    data.topics.forEach(function (name, t) {
      if (!first[t]) return;
      var item = document.createElement("li");
      item.textContent = name;
      item.style.setProperty("--ps-swatch", colour(t, isDark));
      legend.appendChild(item);
    });
    legend.hidden = false;
  }

  function start() {
    var n = data.x.length;
    baseRadius = n < 500 ? 4 : n < 5000 ? 3 : 2;
    drawLegend();
    form.hidden = false;
    form.addEventListener("change", filter);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    filter();
    new MutationObserver(function () { drawLegend(); redraw(); }).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
    window.addEventListener("resize", redraw);
    root.setAttribute("data-ready", "");
  }
})();
