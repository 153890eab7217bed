import Foundation
import TransitCore
import TransitPipeline
import TransitRender

// The forms of `transit test`'s result (JSON with sorted keys, the shape `transit lua --spec`
// prints; JUnit XML) and the HTML report of references a run differs from. All deterministic:
// the same run gives the same bytes, with no clock in them.

func testReportJSON(_ outcomes: [TestOutcome]) throws -> String {
    let document: [String: Any] = [
        "tests": outcomes.map { outcome -> [String: Any] in
            ["file": outcome.file, "name": outcome.name, "kind": outcome.kind, "line": outcome.line.map { $0 as Any } ?? NSNull(),
             "status": outcome.status.rawValue, "message": outcome.messages.isEmpty ? NSNull() : outcome.messages.joined(separator: "\n") as Any]
        },
        "passed": outcomes.filter { $0.status == .passed }.count,
        "failed": outcomes.filter { $0.status == .failed }.count,
        "pending": outcomes.filter { $0.status == .pending }.count,
    ]
    let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
}

/// One `testsuite` per file (in the order tested), one `testcase` per outcome; a failure's
/// `type` is its kind (check, golden, expectation, spec), its message the first line.
func testReportJUnit(_ outcomes: [TestOutcome]) -> String {
    var files: [String] = []
    for outcome in outcomes where !files.contains(outcome.file) { files.append(outcome.file) }
    let failed = outcomes.filter { $0.status == .failed }.count
    let skipped = outcomes.filter { $0.status == .pending }.count
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"transit test\" tests=\"\(outcomes.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"\(skipped)\">\n"
    for file in files {
        let suite = outcomes.filter { $0.file == file }
        out += "  <testsuite name=\"\(xmlEscape(file))\" tests=\"\(suite.count)\" failures=\"\(suite.filter { $0.status == .failed }.count)\" errors=\"0\" skipped=\"\(suite.filter { $0.status == .pending }.count)\">\n"
        for outcome in suite {
            let name = outcome.line.map { "\(outcome.name) (line \($0))" } ?? outcome.name
            out += "    <testcase classname=\"\(xmlEscape(file))\" name=\"\(xmlEscape(name))\""
            switch outcome.status {
            case .passed: out += "/>\n"
            case .pending: out += ">\n      <skipped/>\n    </testcase>\n"
            case .failed:
                out += ">\n      <failure message=\"\(xmlEscape(outcome.messages.first ?? "failed"))\" type=\"\(xmlEscape(outcome.kind))\">"
                out += xmlEscape(outcome.messages.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
            }
        }
        out += "  </testsuite>\n"
    }
    return out + "</testsuites>\n"
}

// MARK: - The HTML report

/// DIR/index.html with, for each effect that differs from its reference, its mismatches, each
/// failing frame as reference, new and heat map (PNGs beside the page), and a scrubber over both
/// runs' timelines drawn side by side. Written into a temporary directory and swapped in.
func writeGoldenReport(_ entries: [GoldenReportEntry], to path: String) throws {
    try OutputFormats.checkWritable(path)
    let destination = AtomicDestination(target: path, isDirectory: true)
    do {
        let root = destination.temporary
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
        var sections: [String] = []
        var data: [String] = []
        for (index, entry) in entries.enumerated() {
            let folder = "effect-\(index + 1)"
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: false)
            var html = "<section><h2>\(HTMLText.escaped(entry.file))</h2>\n<ul class=\"mismatches\">\n"
            html += entry.messages.map { "<li>\(HTMLText.escaped($0))</li>" }.joined(separator: "\n") + "\n</ul>\n"
            for difference in entry.frames {
                html += "<figure><figcaption>\(HTMLText.escaped(difference.message))</figcaption><div class=\"frames\">\n"
                for (kind, image) in [("reference", difference.reference), ("new", difference.new), ("difference", difference.heatMap)] {
                    guard let image else { html += "<div><p>\(kind): none</p></div>\n"; continue }
                    let name = "\(folder)/\(kind)-\(difference.frame.file)"
                    try Data(try PNGEncoder.encode(image)).write(to: root.appendingPathComponent(name))
                    html += "<div><p>\(kind)</p><img src=\"\(HTMLText.escaped(name))\" width=\"\(image.width)\" height=\"\(image.height)\" alt=\"\(kind)\"></div>\n"
                }
                html += "</div></figure>\n"
            }
            html += "<div class=\"scrubber\" data-entry=\"\(index)\"><p>timelines, side by side: <select></select> "
            html += "<input type=\"range\" min=\"0\" value=\"0\"> <span class=\"time\"></span></p>"
            html += "<div class=\"sides\"><div><p>reference</p><canvas width=\"240\" height=\"520\"></canvas></div>"
            html += "<div><p>new run</p><canvas width=\"240\" height=\"520\"></canvas></div></div>"
            html += "<table><thead><tr><th>view</th><th>reference</th><th>new run</th></tr></thead><tbody></tbody></table></div>\n</section>\n"
            sections.append(html)
            data.append(scrubberData(entry))
        }
        let page = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>transit test: differences from the golden references</title>
        <style>
        body { font: 14px system-ui, sans-serif; margin: 2em; background: #fafafa; color: #222; }
        h2 { font-size: 16px; margin-top: 2em; } .mismatches { font-family: ui-monospace, monospace; font-size: 12px; }
        .frames, .sides { display: flex; gap: 1em; flex-wrap: wrap; } figure { margin: 1em 0; }
        img, canvas { border: 1px solid #ccc; background: #fff; max-width: 300px; height: auto; }
        table { border-collapse: collapse; font: 12px ui-monospace, monospace; margin-top: 0.5em; }
        td, th { border-bottom: 1px solid #ddd; padding: 2px 8px; text-align: left; }
        </style></head><body>
        <h1>transit test: \(entries.count == 1 ? "1 effect differs from its golden reference" : "\(entries.count) effects differ from their golden references")</h1>
        <p>Accept the new output with <code>transit test --update</code>; the tolerances are the effect's
        <code>-- transit-test:</code> line (docs/testing.md).</p>
        \(sections.joined(separator: "\n"))
        <script>
        const entries = [\(data.joined(separator: ",\n").replacingOccurrences(of: "</", with: "<\\/"))];
        // Each side's views at one sample: rectangles in window points, filled as their alpha.
        function draw(canvas, views, differing) {
          // Scaled to the window (the first view, at the root of the tree).
          const c = canvas.getContext("2d"), s = canvas.width / ((views[0] && views[0][3]) || 393);
          c.clearRect(0, 0, canvas.width, canvas.height);
          for (const v of views) {
            c.globalAlpha = Math.max(0.05, v[5]);
            c.fillStyle = differing.has(v[0]) ? "rgba(220,40,40,0.35)" : "rgba(60,110,220,0.12)";
            c.fillRect(v[1] * s, v[2] * s, v[3] * s, v[4] * s);
            c.globalAlpha = 1;
            c.strokeStyle = differing.has(v[0]) ? "#d22" : "#68a";
            c.strokeRect(v[1] * s, v[2] * s, v[3] * s, v[4] * s);
          }
        }
        document.querySelectorAll(".scrubber").forEach(box => {
          const entry = entries[Number(box.dataset.entry)];
          const select = box.querySelector("select"), range = box.querySelector("input"), label = box.querySelector(".time");
          const [left, right] = box.querySelectorAll("canvas");
          entry.cells.forEach((cell, i) => select.add(new Option(cell.name, i)));
          function show() {
            const cell = entry.cells[Number(select.value)];
            range.max = Math.max(0, cell.times.length - 1);
            const i = Math.min(Number(range.value), cell.times.length - 1);
            const expected = cell.expected[i] || [], got = cell.got[i] || [];
            const key = v => v.slice(0, 6).join(",");
            const gotKeys = new Set(got.map(key)), expectedKeys = new Set(expected.map(key));
            const differing = new Set(expected.filter(v => !gotKeys.has(key(v))).map(v => v[0])
              .concat(got.filter(v => !expectedKeys.has(key(v))).map(v => v[0])));
            label.textContent = cell.times.length ? cell.times[i].toFixed(3) + " s" : "no common samples";
            draw(left, expected, differing); draw(right, got, differing);
            // The views that differ at this time, with both runs' values (the first 20).
            const rows = box.querySelector("tbody");
            rows.innerHTML = "";
            const describe = v => v ? "(" + v.slice(1, 5).join(", ") + ") alpha " + v[5] : "absent";
            for (const name of Array.from(differing).slice(0, 20)) {
              const e = expected.find(v => v[0] === name && !gotKeys.has(key(v))) || expected.find(v => v[0] === name);
              const g = got.find(v => v[0] === name && !expectedKeys.has(key(v))) || got.find(v => v[0] === name);
              const row = rows.insertRow();
              for (const text of [name, describe(e), describe(g)]) row.insertCell().textContent = text;
            }
          }
          select.onchange = () => { range.value = 0; show(); };
          range.oninput = show;
          show();
        });
        </script></body></html>

        """
        try Data(page.utf8).write(to: root.appendingPathComponent("index.html"))
        try destination.commit()
    } catch {
        destination.discard()
        throw error
    }
}

/// `{cells: [{name, times, expected: [[view, x, y, w, h, alpha]...] per time, got: ...}]}`: the
/// samples both runs took, each view at its place in window points (its superlayers' origins
/// added up; transforms left out: the scrubber shows where views are, the mismatches say how).
private func scrubberData(_ entry: GoldenReportEntry) -> String {
    func placed(_ views: [String: GoldenViewState]) -> String {
        var origin: [String: (Double, Double)] = [:]
        var rows: [String] = []
        for key in views.keys.sorted(by: { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }) {
            let view = views[key]!
            let parent = (key as NSString).deletingLastPathComponent
            let base = origin[parent] ?? (0, 0)
            let x = base.0 + view.frame[0], y = base.1 + view.frame[1]
            origin[key] = (x, y)
            if view.hidden { continue }
            rows.append("[" + [goldenString(view.name), goldenNumber(x, decimals: 2), goldenNumber(y, decimals: 2),
                               goldenNumber(view.frame[2], decimals: 2), goldenNumber(view.frame[3], decimals: 2),
                               goldenNumber(view.alpha, decimals: 3)].joined(separator: ",") + "]")
        }
        return "[" + rows.joined(separator: ",") + "]"
    }
    let cells = entry.expected.cells.map { expected -> String in
        let got = entry.got.cells.first { $0.name == expected.name }
        var times: [String] = [], left: [String] = [], right: [String] = []
        for sample in expected.samples {
            guard let other = got?.samples.first(where: { abs($0.time - sample.time) < 0.5e-9 }) else { continue }
            times.append(goldenNumber(sample.time, decimals: 9))
            left.append(placed(sample.views))
            right.append(placed(other.views))
        }
        return "{\"name\":\(goldenString(expected.label)),\"times\":[\(times.joined(separator: ","))],"
            + "\"expected\":[\(left.joined(separator: ","))],\"got\":[\(right.joined(separator: ","))]}"
    }
    return "{\"cells\":[" + cells.joined(separator: ",") + "]}"
}
