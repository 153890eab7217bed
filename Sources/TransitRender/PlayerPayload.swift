import Foundation
import TransitCore

/// A PlayerDocument as the JSON the player script reads: embedded in the static HTML file, and
/// served as `/version/N.json` by the live server. Written by hand rather than with JSONEncoder
/// so numbers are short (curves are rounded to 1/1000) and the bytes are the same every run.
///
///     {"title":…, "fps":…, "width":…, "height":…,
///      "frames":["data:image/png;base64,…", …], "times":[…],
///      (or "frameCount":N, "video":"data:video/webm;base64,…", "frames":[]),
///      "trace":[[time, "line"], …],
///      "curves":[{"name":…, "charts":[{"title":…, "series":[{"name":…, "runs":[value|null, count, …]}]}]}]}
///
/// A series' values are written as runs, each value (as rounded) then how many frames in a row
/// have it: a layer holds still for most frames of a transition, and an effect of hundreds of
/// pieces wrote megabytes of repeated numbers (checkerboard's player page was 5.7 MB, 5.6 of
/// them curves; docs/performance/render.md, "The gallery").
public enum PlayerPayload {
    public static func json(_ document: PlayerDocument) throws -> String {
        try json(document, trace: document.trace.map { ($0.time, $0.line) })
    }

    /// `trace` as (time, line) pairs: the page highlights a line once the playhead reaches its time.
    static func json(_ document: PlayerDocument, trace: [(time: Double, line: String)]) throws -> String {
        let count = document.frameCount
        guard count > 0, document.video == nil || !document.times.isEmpty else { throw RenderError("HTML player: no frames") }
        let fps = document.fps.isFinite && document.fps > 0 ? document.fps : 30
        // Documents built without times (or with a mismatched count) play at the frame rate.
        let times = document.times.count == count ? document.times : (0..<count).map { Double($0) / fps }
        var out = "{\"title\":\(string(document.title)),\"fps\":\(number(fps))"
        if let video = document.video {
            // One stream; the page seeks it to the middle of frame i's interval (i + ½) / fps.
            out += ",\"width\":\(video.width),\"height\":\(video.height),\"frameCount\":\(count)"
            switch video.source {
            case .embedded(let bytes): out += ",\"video\":\"data:\(video.mimeType);base64," + Data(bytes).base64EncodedString() + "\""
            case .file(let url): out += ",\"video\":" + string(url)
            }
            out += ",\"frames\":[]"
        } else {
            out += ",\"width\":\(document.frames[0].width),\"height\":\(document.frames[0].height)"
            out += ",\"frames\":[" + (try encodedFrames(document.frames)).joined(separator: ",\n") + "]"
        }
        out += ",\n\"times\":[" + times.map(number).joined(separator: ",") + "]"
        out += ",\n\"trace\":[" + trace.map { "[\(number($0.time)),\(string($0.line))]" }.joined(separator: ",\n") + "]"
        let curves = document.snapshots.count == count ? PlayerCurves(snapshots: document.snapshots).layers : []
        out += ",\n\"curves\":[" + curves.map(layer).joined(separator: ",\n") + "]}"
        return out
    }

    /// What the live page gets once a version's scene has run (its frames travel on their own,
    /// as they are drawn): `{"frameCount":N,"times":[…],"trace":[…],"curves":[…],
    /// "problems":[{"id":…,"message":…,"line":…}]}`, `line` being what `transit run` prints.
    public static func timeline(_ document: PlayerDocument, problems: [Problem]) throws -> String {
        let count = document.times.count
        guard count > 0 else { throw RenderError("HTML player: no frames") }
        var out = "{\"frameCount\":\(count)"
        out += ",\n\"times\":[" + document.times.map(number).joined(separator: ",") + "]"
        out += ",\n\"trace\":[" + document.trace.map { "[\(number($0.time)),\(string($0.line))]" }.joined(separator: ",\n") + "]"
        let curves = document.snapshots.count == count ? PlayerCurves(snapshots: document.snapshots).layers : []
        out += ",\n\"curves\":[" + curves.map(layer).joined(separator: ",\n") + "]"
        out += ",\n\"problems\":[" + problems.map {
            "{\"id\":\(string($0.id.rawValue)),\"message\":\(string($0.message)),\"line\":\(string("problem: \($0)"))}"
        }.joined(separator: ",") + "]}"
        return out
    }

    /// Each frame as a quoted PNG data URI, encoded on every core (PNG compression is most of
    /// the time a reload takes to reach an open page); the order is the frames' order.
    private static func encodedFrames(_ frames: [RasterImage]) throws -> [String] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var uris: [String?]
            var failure: Error?
            init(count: Int) { uris = Array(repeating: nil, count: count) }
        }
        let results = Results(count: frames.count)
        DispatchQueue.concurrentPerform(iterations: frames.count) { index in
            do {
                let uri = "\"data:image/png;base64," + Data(try PNGEncoder.encode(frames[index])).base64EncodedString() + "\""
                results.lock.lock(); results.uris[index] = uri; results.lock.unlock()
            } catch {
                results.lock.lock(); results.failure = error; results.lock.unlock()
            }
        }
        if let failure = results.failure { throw failure }
        return results.uris.map { $0 ?? "\"\"" }
    }

    private static func layer(_ layer: PlayerCurves.Layer) -> String {
        let charts = layer.charts.map { chart in
            let series = chart.series.map { "{\"name\":\(string($0.name)),\"runs\":[" + runs($0.values) + "]}" }
            return "{\"title\":\(string(chart.title)),\"series\":[" + series.joined(separator: ",") + "]}"
        }
        return "{\"name\":\(string(layer.name)),\"charts\":[" + charts.joined(separator: ",") + "]}"
    }

    private static func optional(_ value: Double?) -> String { value.map(number) ?? "null" }

    /// `value,count` pairs of consecutive values that are written the same.
    static func runs(_ values: [Double?]) -> String {
        var out: [String] = []
        var current: String?
        var count = 0
        for value in values {
            let written = optional(value)
            if written == current {
                count += 1
                continue
            }
            if let current { out.append(current + "," + String(count)) }
            current = written
            count = 1
        }
        if let current { out.append(current + "," + String(count)) }
        return out.joined(separator: ",")
    }

    /// Rounded to 1/1000 (plenty for points, alpha and seconds), shortest form, null if not finite.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        var rounded = (value * 1000).rounded() / 1000
        if rounded == 0 { rounded = 0 }  // no "-0"
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    /// A JSON string that is also safe inside an HTML `<script>` element: `<`, `>` and `&` are
    /// escaped so a trace line can never close the script, and U+2028/2029 for old parsers.
    static func string(_ text: String) -> String { jsonStringLiteral(text, safeInHTML: true) }
}
