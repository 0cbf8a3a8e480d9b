// The inline script hooks/early_start.py puts in the head of a tool page, with FIELDS (the tool's
// address fields), WORKER, MODULE (Pyodide's module, Zstandard-compressed), SEARCH_INDEX and THEME
// (Material's bundle) filled in and the comments dropped: a classic script, run before any module.
// When the address names one of the tool's fields, it starts the engine's worker and keeps its
// events for widgets/engine/engine.js (window[Symbol.for("somerset.engine.early")].take()); holds
// back Material's search index and bundle (at most HOLD_MS) and a link followed meanwhile (at most
// FOLLOW_MS); and, on a visit the service worker does not serve, fetches MODULE itself and hands
// the stream to the worker ("module-ahead" in the worker's name).
// Why and how: develop/runtime.md, "When the engine starts".
(function () {
  try {
    var query = new URLSearchParams(location.search);
    if (!FIELDS.some(function (f) { return query.has(f); })) return;
    var running = window[Symbol.for("somerset.engine")];
    if (window[Symbol.for("somerset.engine.early")] || (running && running.state.status !== "idle")) return;
    // Named "served-by-sw" when the service worker serves this page (widgets/engine/engine.js, workerName).
    var served = navigator.serviceWorker && navigator.serviceWorker.controller ? " served-by-sw" : "";
    var streamsTransfer = function () {
      try {
        if (typeof WebAssembly !== "object" || typeof WebAssembly.compileStreaming !== "function") return false;
        var stream = new ReadableStream();
        var channel = new MessageChannel();
        channel.port1.postMessage(stream, [stream]);
        channel.port1.close();
        return true;
      } catch (e) {
        return false;
      }
    };
    var ahead = !served && streamsTransfer();
    var worker = new Worker(new URL(WORKER, location.href), {
      type: "module",
      name: "somerset-engine" + served + (ahead ? " module-ahead" : ""),
    });
    performance.mark("somerset-engine-start");
    if (ahead) {
      // Read as it arrives, whether or not the worker is reading yet (until its script has run,
      // it is not), so that the download never waits for it. The worker asks for the module
      // itself when the page's request failed, and stops the page's download when it keeps a
      // decompressed copy of that module on this device (a visit that bypassed the service
      // worker, such as a forced reload).
      fetch(new URL(MODULE, location.href)).then(function (response) {
        if (!response.ok || !response.body) {
          if (response.body) response.body.cancel().catch(function () {});
          throw new Error("HTTP " + response.status);
        }
        // Read in blocks of BLOCK bytes where the browser can (a phone's link delivers the
        // module in a thousand pieces of a few kilobytes, each a task on the page's main thread
        // and a message to the worker), handed on a block at a time.
        var BLOCK = 262144;
        var byob = null;
        try {
          byob = response.body.getReader({ mode: "byob" });
        } catch (e) {
          byob = null;
        }
        var reader = byob || response.body.getReader();
        var scratch = new Uint8Array(BLOCK);
        var readSome = function () {
          return byob ? byob.read(scratch, { min: BLOCK }) : reader.read();
        };
        var body = new ReadableStream({
          start: function (controller) {
            var block = new Uint8Array(BLOCK);
            var filled = 0;
            // (Once the worker has cancelled the stream, the controller refuses everything.)
            var pump = function () {
              readSome().then(function (got) {
                try {
                  // (A reader with its own buffer may hand over the last bytes with `done`.)
                  var piece = got.value || new Uint8Array(0);
                  for (var at = 0; at < piece.length;) {
                    var n = Math.min(piece.length - at, BLOCK - filled);
                    block.set(piece.subarray(at, at + n), filled);
                    filled += n;
                    at += n;
                    if (filled === BLOCK) {
                      controller.enqueue(block);
                      block = new Uint8Array(BLOCK);
                      filled = 0;
                    }
                  }
                  if (got.done) {
                    if (filled) controller.enqueue(block.subarray(0, filled));
                    return controller.close();
                  }
                  if (byob) scratch = new Uint8Array(piece.buffer);
                } catch (e) {
                  return;
                }
                pump();
              }, function (e) {
                try {
                  controller.error(e);
                } catch (x) {
                  // cancelled already
                }
              });
            };
            pump();
          },
          cancel: function (reason) {
            return reader.cancel(reason);
          },
        });
        try {
          worker.postMessage({ type: "module-ahead", body: body }, [body]);
        } catch (e) {
          reader.cancel().catch(function () {});
          throw e;
        }
      }).catch(function (e) {
        worker.postMessage({ type: "module-ahead", failed: String((e && e.message) || e) });
      });
    }
    var events = [];
    var keep = function (event) { events.push(event); };
    var types = ["message", "error", "messageerror"];
    types.forEach(function (type) { worker.addEventListener(type, keep); });
    window[Symbol.for("somerset.engine.early")] = {
      take: function () {
        types.forEach(function (type) { worker.removeEventListener(type, keep); });
        return { worker: worker, events: events };
      },
    };

    var HOLD_MS = 8000;
    var index = new URL(SEARCH_INDEX, location.href).href;
    var xhr = XMLHttpRequest.prototype;
    var open = xhr.open;
    var send = xhr.send;
    var held = Symbol("held until the engine is ready");
    var whenIdle = function (run) {
      if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 1000 });
      else setTimeout(run, 200);
    };
    var waiting = [];
    var released = false;
    var release = function () {
      if (released) return;
      released = true;
      xhr.open = open;
      xhr.send = send;
      document.removeEventListener("focusin", onSearch, true);
      document.removeEventListener("change", onSearch, true);
      worker.removeEventListener("message", onEngine);
      worker.removeEventListener("error", onEngine);
      waiting.splice(0).forEach(function (go) { go(); });
    };
    var onSearch = function (event) {
      var target = event.target;
      if (target && target.closest && target.closest("[data-md-component=search], #__search")) release();
    };
    var onEngine = function (event) {
      var type = event.type === "error" ? "failed" : event.data && event.data.type;
      if (type !== "ready" && type !== "failed") return;
      whenIdle(release);
    };
    xhr.open = function (method, url) {
      this[held] = String(method).toUpperCase() === "GET" && new URL(String(url), location.href).href === index;
      return open.apply(this, arguments);
    };
    xhr.send = function () {
      if (this[held] && !released) {
        var request = this;
        var args = arguments;
        waiting.push(function () { send.apply(request, args); });
        return;
      }
      return send.apply(this, arguments);
    };
    document.addEventListener("focusin", onSearch, true);
    document.addEventListener("change", onSearch, true);
    worker.addEventListener("message", onEngine);
    worker.addEventListener("error", onEngine);
    setTimeout(release, HOLD_MS);

    var FOLLOW_MS = 3000;
    var FOLLOW_EVERY_MS = 100;
    var theme = new URL(THEME, location.href).href;
    var themeHeld = false;
    var themeDone = false;
    var contentLoaded = false;
    document.addEventListener("DOMContentLoaded", function () { contentLoaded = true; }, { once: true });
    var schemeSet = false;
    var watch = new MutationObserver(function (records) {
      records.forEach(function (record) {
        record.addedNodes.forEach(function (node) {
          var media = node.nodeName === "INPUT" && node.getAttribute("data-md-color-media");
          if (media && !schemeSet && matchMedia(media).matches) {
            schemeSet = true;
            ["scheme", "primary", "accent"].forEach(function (key) {
              document.body.setAttribute("data-md-color-" + key, node.getAttribute("data-md-color-" + key));
            });
          }
          if (node.nodeName === "SCRIPT" && node.src === theme) {
            themeHeld = true;
            document.implementation.createHTMLDocument("").adoptNode(node);
            watch.disconnect();
          }
        });
      });
    });
    watch.observe(document, { childList: true, subtree: true });
    var readerEvents = ["pointerdown", "keydown", "focusin"];
    var themeRan = false;
    var heldLink = null;
    var following = false;
    var handedAt = null;
    var handedFrom = null;
    var linkDone = function () {
      heldLink = null;
      document.removeEventListener("click", onLink, true);
    };
    var follow = function () {
      var taken = false;
      var after = function (event) {
        taken = event.defaultPrevented;
        event.preventDefault();
      };
      window.addEventListener("click", after);
      following = true;
      heldLink.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
      following = false;
      window.removeEventListener("click", after);
      if (taken) return linkDone();
      if (handedAt !== null) return;
      handedAt = Date.now();
      handedFrom = location.href;
      setTimeout(followed, FOLLOW_EVERY_MS);
    };
    var followed = function () {
      if (location.href !== handedFrom) return linkDone();
      if (Date.now() - handedAt < FOLLOW_MS) return void setTimeout(followed, FOLLOW_EVERY_MS);
      var href = heldLink.href;
      linkDone();
      location.assign(href);
    };
    var onThemeRan = function () {
      themeRan = true;
      if (heldLink) follow();
    };
    var runTheme = function () {
      if (themeDone) return;
      themeDone = true;
      watch.disconnect();
      readerEvents.forEach(function (type) { document.removeEventListener(type, onReader, true); });
      worker.removeEventListener("message", onAnswer);
      worker.removeEventListener("error", onAnswer);
      if (!themeHeld) return onThemeRan();
      var script = document.createElement("script");
      script.src = theme;
      script.addEventListener("load", function () {
        if (contentLoaded) document.dispatchEvent(new Event("DOMContentLoaded"));
        onThemeRan();
      });
      script.addEventListener("error", onThemeRan);
      document.body.appendChild(script);
    };
    var onLink = function (event) {
      if (following || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      var link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
      if (!link || link.target || link.hasAttribute("download") || link.origin !== location.origin) return;
      if (link.pathname === location.pathname || !/(\/|\.html)$/.test(link.pathname)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      heldLink = link;
      if (themeRan) follow();
      else runTheme();
    };
    document.addEventListener("click", onLink, true);
    var onReader = function (event) {
      for (var node = event.target; node; node = node.parentNode) {
        if (node.localName && node.localName.indexOf("somerset-") === 0) return;
      }
      runTheme();
    };
    var onAnswer = function (event) {
      var data = event.data;
      if (event.type !== "error" && !(data && (data.id !== undefined || data.type === "failed"))) return;
      whenIdle(runTheme);
    };
    readerEvents.forEach(function (type) { document.addEventListener(type, onReader, true); });
    worker.addEventListener("message", onAnswer);
    worker.addEventListener("error", onAnswer);
    setTimeout(runTheme, HOLD_MS);
  } catch (e) {
    // The widget starts the engine itself.
  }
})();
