import Foundation
import TransitCore

// The player page: a single self-contained HTML file to scrub through a rendered run (every
// frame a base64 PNG data URI, the trace and the curves as JSON in the page, nothing fetched
// from the network), or the live page of `transit watch --serve`, which fetches the same JSON
// from the server. Both run one script (PlayerScript).
public enum HTMLPlayer {
    /// The static player for `transit render -o x.html`.
    public static func page(_ document: PlayerDocument) throws -> String {
        try page(document, trace: document.trace.map { ($0.time, $0.line) })
    }

    static func page(_ document: PlayerDocument, trace: [(time: Double, line: String)]) throws -> String {
        let payload = try PlayerPayload.json(document, trace: trace)
        return shell(title: document.title, data: payload, start: "TransitPlayer.startStatic();")
    }

    /// The page LiveServer serves at `/`: it starts empty and follows the event stream.
    public static func livePage(title: String) -> String {
        shell(title: title + " (live)", data: nil, start: "TransitPlayer.startLive();")
    }

    /// Frames and trace lines only (no presentation trees, so no curves); trace lines are timed
    /// by the clock they start with ("0.350 #12 ...").
    public static func page(title: String, frames: [RasterImage], fps: Double, trace: [String]) throws -> String {
        let timed = trace.map { line in (time: Double(line.prefix { !$0.isWhitespace }) ?? 0, line: line) }
        let rate = fps.isFinite && fps > 0 ? fps : 30
        let document = PlayerDocument(title: title, fps: rate, frames: frames,
                                      times: frames.indices.map { Double($0) / rate }, snapshots: [], trace: [])
        return try page(document, trace: timed)
    }

    private static func shell(title: String, data: String?, start: String) -> String {
        let dataElement = data.map { "<script id=\"player-data\" type=\"application/json\">\($0)</script>\n" } ?? ""
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(HTMLText.escaped(title))</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>
        \(PlayerScript.style)
        </style></head>
        <body>
        \(PlayerScript.body(title: title))
        \(dataElement)<script>
        \(PlayerScript.script)
        \(start)
        </script>
        </body></html>

        """
    }
}
