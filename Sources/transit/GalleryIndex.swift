import Foundation
import TransitRender

/// The gallery's index.html: a grid of cards, one per effect, each its video playing, its name,
/// category, duration and description, linking to its HTML player; a text box filters the cards
/// by name. Self-contained (inline style and script, relative links only) so it opens from disk
/// with no network. With the fragment `#selftest&filter=TEXT` the page types TEXT into the box
/// and writes which cards are visible into `<pre id="selftest-result">` (Tests/CLI/test_gallery.py
/// reads it through headless Chromium's --dump-dom).
enum GalleryIndex {
    static func page(_ entries: [(GalleryEffect, GalleryOutcome)], device: String) -> String {
        let failed = entries.filter { $0.1.error != nil }.count
        var cards = ""
        for (effect, outcome) in entries {
            let base = "\(effect.category)/\(effect.name)"
            let duration = outcome.duration.map { String(format: "%.2f s", $0) } ?? "—"
            let phases = outcome.phases.joined(separator: ", ")
            let info = """
                <div class="info"><span class="name">\(HTMLText.escaped(effect.name))</span>\
                <span class="category">\(HTMLText.escaped(effect.category))</span>\
                <span class="duration" title="\(HTMLText.escaped(phases))">\(duration)</span></div>
                <p class="description">\(HTMLText.escaped(effect.description))</p>
            """
            if let error = outcome.error {
                cards += """
                <div class="effect failed" data-name="\(HTMLText.escaped(effect.name))" data-label="\(HTMLText.escaped(base))">
                  <div class="frame"><span>failed</span></div>
                \(info)
                  <pre class="error">\(HTMLText.escaped(error))</pre>
                </div>

                """
            } else {
                cards += """
                <div class="effect" data-name="\(HTMLText.escaped(effect.name))" data-label="\(HTMLText.escaped(base))">
                  <a class="open" href="\(HTMLText.escaped(base)).html" title="open the player">
                  <div class="frame"><video src="\(HTMLText.escaped(base)).webm" title="\(HTMLText.escaped(effect.name)) playing" autoplay loop muted playsinline preload="metadata"></video></div>
                \(info)
                  </a>
                  <p class="files"><a href="\(HTMLText.escaped(base)).html">player</a> · <a href="\(HTMLText.escaped(base)).png">filmstrip</a> · <a href="\(HTMLText.escaped(base)).webm">video</a></p>
                </div>

                """
            }
        }
        let summary = "\(entries.count) effects on \(HTMLText.escaped(device))" + (failed > 0 ? ", \(failed) failed" : "")
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Transit gallery</title>
        <style>
        body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: #15171a; color: #e8e8e8; }
        header { position: sticky; top: 0; z-index: 1; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap;
                 padding: 12px 20px; background: #1e2125; border-bottom: 1px solid #30343a; }
        h1 { font-size: 18px; margin: 0; }
        #filter { font: inherit; padding: 6px 10px; width: 260px; border-radius: 6px; border: 1px solid #444; background: #111; color: inherit; }
        #shown { color: #9aa0a6; }
        main { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 16px; padding: 20px; }
        .effect { display: flex; flex-direction: column; gap: 6px; padding: 10px; border-radius: 10px; background: #202328;
                  color: inherit; text-decoration: none; border: 1px solid transparent; }
        .effect[hidden] { display: none; }
        .effect:hover, .effect:focus-within { border-color: #5b9cff; }
        .open { display: flex; flex-direction: column; gap: 6px; color: inherit; text-decoration: none; }
        .frame { display: flex; align-items: center; justify-content: center; height: 320px; background: #000; border-radius: 6px; overflow: hidden; }
        .frame video { max-width: 100%; max-height: 100%; }
        .info { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
        .name { font-weight: 600; }
        .category, .duration, .files { color: #9aa0a6; font-size: 12px; }
        .files { margin: 0; }
        .files a { color: #8ab4f8; }
        .description { margin: 0; font-size: 12px; color: #c8c8c8; }
        .failed { border-color: #c5221f; }
        .failed .frame { color: #f28b82; font-weight: 600; }
        .error { margin: 0; white-space: pre-wrap; word-break: break-word; font-size: 11px; color: #f28b82; }
        </style>
        </head>
        <body>
        <header>
          <h1>Transit gallery</h1>
          <input id="filter" type="search" placeholder="Filter by name  ( / )" aria-label="Filter effects by name" autocomplete="off">
          <span id="shown">\(summary)</span>
        </header>
        <main>
        \(cards)</main>
        <pre id="selftest-result" hidden></pre>
        <script>
        "use strict";
        const filter = document.getElementById("filter");
        const shown = document.getElementById("shown");
        const cards = Array.from(document.querySelectorAll(".effect"));
        const summary = shown.textContent;
        function applyFilter() {
          const text = filter.value.trim().toLowerCase();
          let count = 0;
          for (const card of cards) {
            const match = card.dataset.name.toLowerCase().includes(text);
            card.hidden = !match;
            if (match) count += 1;
          }
          shown.textContent = text ? count + " of " + summary : summary;
        }
        filter.addEventListener("input", applyFilter);
        document.addEventListener("keydown", (event) => {
          if (event.key === "/" && document.activeElement !== filter) { event.preventDefault(); filter.focus(); }
          if (event.key === "Escape" && document.activeElement === filter) { filter.value = ""; applyFilter(); }
        });
        if (location.hash.startsWith("#selftest")) {
          const params = new URLSearchParams(location.hash.slice("#selftest".length).replace(/^&/, ""));
          filter.value = params.get("filter") || "";
          filter.dispatchEvent(new Event("input"));
          const visible = cards.filter((card) => card.getClientRects().length > 0);
          const result = {
            total: cards.length,
            visible: visible.map((card) => card.dataset.label),
            failed: cards.filter((card) => card.classList.contains("failed")).map((card) => card.dataset.label),
            shown: shown.textContent,
          };
          const pre = document.getElementById("selftest-result");
          pre.textContent = JSON.stringify(result);
        }
        </script>
        </body>
        </html>

        """
    }
}
