import CCairo
import Foundation
import TransitCore

// UILabel's drawing, approximated with cairo's toy text API (DejaVu Sans): greedy word wrap to
// the bounds width, a line limit, tail truncation with "…", the block centred vertically.
enum TextPainter {
    static let fontFamily = "DejaVu Sans"
    static let ellipsis = "…"

    /// Frames render on several threads, and cairo 1.16's scaled-font caches are not safe to use
    /// from several at once: a streamed 600-frame render aborted about once in 30 runs in
    /// `cairo_scaled_font_destroy` (assertion `! scaled_font->cache_frozen`). Everything that
    /// touches a scaled font — selecting it, measuring, drawing, and the restore that drops it —
    /// happens under this lock. Shapes, images and compositing stay parallel.
    static let scaledFontLock = NSLock()

    static func selectFont(_ context: OpaquePointer, size: Double, bold: Bool) {
        cairo_select_font_face(context, fontFamily, CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        cairo_set_font_options(context, unhintedMetrics)
    }

    /// Advances that do not depend on the device scale: with hinted metrics a label measured at
    /// 1× (its intrinsic size) came out a fraction wider when drawn at 3×, and a label sized to
    /// its text was truncated with "…". UIKit's text metrics do not change with the scale either.
    /// Made once; used under scaledFontLock.
    nonisolated(unsafe) static let unhintedMetrics: OpaquePointer? = {
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        return options
    }()

    static func advance(_ context: OpaquePointer, _ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance.isFinite ? extents.x_advance : 0
    }

    /// The largest glyph, in device pixels, text is drawn at. Asking FreeType for a much larger
    /// one (a label under a 1e18 scale transform) fails inside cairo's shared font face, and
    /// from then on every new font size or rotation in the process fails too. 10,000 points
    /// (the size limit below) at the largest --scale, 4.
    static let maximumDeviceFontSize = 40_000.0

    /// Whether `size` points under the context's matrix stay within `maximumDeviceFontSize`.
    static func fitsFreeType(_ size: Double, context: OpaquePointer) -> Bool {
        var ax = size, ay = 0.0, bx = 0.0, by = size
        cairo_user_to_device_distance(context, &ax, &ay)
        cairo_user_to_device_distance(context, &bx, &by)
        let largest = max(hypot(ax, ay), hypot(bx, by))
        return largest.isFinite && largest <= maximumDeviceFontSize
    }

    static func draw(_ content: TextContent, in bounds: Rect, alpha: Double, context: OpaquePointer) {
        guard !content.text.isEmpty, content.fontSize.isFinite, content.fontSize > 0,
              content.fontSize < 10_000, bounds.isFinite else { return }
        let rect = bounds.standardized
        scaledFontLock.lock()
        defer { scaledFontLock.unlock() }
        guard fitsFreeType(content.fontSize, context: context) else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        selectFont(context, size: content.fontSize, bold: content.fontWeight.isBold)
        var fontExtents = cairo_font_extents_t()
        cairo_font_extents(context, &fontExtents)
        let lineHeight = fontExtents.height > 0 ? fontExtents.height : content.fontSize * 1.2

        let fitting = clampedInt((rect.height / lineHeight).rounded(.down), in: 1...Int.max)
        let maximumLines = content.numberOfLines > 0 ? min(content.numberOfLines, fitting) : fitting
        let lines = laidOut(content, width: rect.width, maximumLines: maximumLines)

        let blockHeight = Double(lines.count) * lineHeight
        var baseline = rect.minY + (rect.height - blockHeight) / 2 + fontExtents.ascent
        CairoBridge.setSource(context, content.color, alpha: alpha)
        // Lines wholly outside the clip are not drawn: they would not show, and a label 1e300
        // points tall centres its text where cairo's fixed-point glyph positions wrap around.
        // The margin covers any glyph's ink beyond its advance and line box.
        var clipX0 = 0.0, clipY0 = 0.0, clipX1 = 0.0, clipY1 = 0.0
        cairo_clip_extents(context, &clipX0, &clipY0, &clipX1, &clipY1)
        let margin = lineHeight + content.fontSize
        for (line, lineWidth) in lines {
            defer { baseline += lineHeight }
            guard baseline + margin >= clipY0, baseline - margin <= clipY1 else { continue }
            let x: Double
            switch content.alignment {
            case .center: x = rect.minX + (rect.width - lineWidth) / 2
            case .right: x = rect.maxX - lineWidth
            case .left, .natural, .justified: x = rect.minX
            }
            guard x + lineWidth + margin >= clipX0, x - margin <= clipX1 else { continue }
            cairo_move_to(context, x, baseline)
            cairo_show_text(context, line)
        }
        cairo_new_path(context)
    }

    /// A label's lines and their advances, laid out once per string, style, width and line
    /// limit and then remembered: a label drawn in every frame (and under every rotation of a
    /// 3D effect) is measured once. Measured in one unscaled context whatever the frame's matrix
    /// (metrics are unhinted, so they do not depend on it), which makes the lines a function of
    /// the key alone: a hit and a miss give the same lines, in any order of threads.
    /// Called under scaledFontLock, which also guards the table.
    static func laidOut(_ content: TextContent, width: Double, maximumLines: Int) -> [(String, Double)] {
        let key = LayoutKey(text: content.text, fontSize: content.fontSize, bold: content.fontWeight.isBold, width: width, maximumLines: maximumLines)
        if let lines = layoutCache[key] { return lines }
        guard let context = measuringContext else { return [] }
        selectFont(context, size: content.fontSize, bold: key.bold)
        let lines = layout(content.text, width: width, maximumLines: maximumLines) { advance(context, $0) }.map { ($0, advance(context, $0)) }
        // Bounded by clearing: what is remembered never changes what is drawn.
        if layoutCache.count >= layoutCacheLimit { layoutCache.removeAll(keepingCapacity: true) }
        layoutCache[key] = lines
        return lines
    }

    struct LayoutKey: Hashable {
        let text: String
        let fontSize: Double
        let bold: Bool
        let width: Double
        let maximumLines: Int
    }

    static let layoutCacheLimit = 4096
    nonisolated(unsafe) static var layoutCache: [LayoutKey: [(String, Double)]] = [:]

    /// A 1×1 surface's context, identity matrix: where labels are measured. Used under
    /// scaledFontLock.
    nonisolated(unsafe) static let measuringContext: OpaquePointer? = {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        defer { cairo_surface_destroy(surface) }
        return cairo_create(surface)
    }()

    /// Greedy wrap; when lines run out, the last visible line takes the rest of the text and is
    /// cut character by character until it fits with "…". A width ≤ 0 means no wrapping;
    /// maximumLines ≤ 0 means no limit.
    ///
    /// Linear in the text's length: a run too wide for a line is cut at the longest prefix that
    /// fits, found by galloping then bisecting over prefix lengths (a measure's advance never
    /// shrinks as characters are added), so a line of L characters costs O(L log L) measured
    /// characters however long the run. Growing the line a character at a time measured every
    /// prefix, and cutting the last line back a character at a time re-measured the whole rest
    /// of a 100,000-character label once per character removed.
    /// Lines up to this many characters are measured whole at each word (see layout).
    static let exactLineLength = 256

    static func layout(_ text: String, width: Double, maximumLines: Int, measure: (String) -> Double) -> [String] {
        let limit = width > 0 ? width : .infinity
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = "", currentWidth = 0.0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
                let candidate = current.isEmpty ? word : current + " " + word
                // Without wrapping everything fits; measuring the growing line would be quadratic.
                if limit == .infinity { current = candidate; continue }
                // A line of ordinary length is measured whole (exactly as it is drawn); past
                // `exactLineLength` characters its width is the sum of its words' (the toy font
                // API has no kerning), so a wide label of many short words stays linear.
                let candidateWidth = current.count < exactLineLength || current.isEmpty
                    ? measure(candidate) : currentWidth + measure(" " + word)
                if candidateWidth <= limit {
                    current = candidate
                    currentWidth = candidateWidth
                    continue
                }
                if !current.isEmpty { lines.append(current); current = "" }
                let wordWidth = measure(word)
                if wordWidth <= limit { current = word; currentWidth = wordWidth; continue }
                // A word wider than the line breaks between characters: each piece is the
                // longest prefix of the rest that fits, and at least one character.
                let characters = Array(word)
                var start = 0
                while start < characters.count {
                    let rest = characters[start...]
                    let count = max(1, longestFittingPrefix(of: rest, limit: limit) { measure(String($0)) })
                    let piece = String(rest.prefix(count))
                    start += count
                    if start < characters.count { lines.append(piece) } else { current = piece; currentWidth = measure(piece) }
                }
            }
            lines.append(current)
        }
        guard maximumLines > 0, lines.count > maximumLines else { return lines }
        let maximum = maximumLines
        let rest = Array(lines[(maximum - 1)...].joined(separator: " "))
        let kept = longestFittingPrefix(of: rest[...], limit: limit) { measure(String($0) + ellipsis) }
        var last = String(rest.prefix(kept))
        while last.hasSuffix(" ") { last.removeLast() }
        return Array(lines[..<(maximum - 1)]) + [last + ellipsis]
    }

    /// The largest n ≤ characters.count with fits(first n characters) — 0 when none does —
    /// given that a longer prefix never fits when a shorter one does not. Tries 1, 2, 4, …
    /// until a prefix is too wide, then bisects between the last two: about 2·log₂ n measures
    /// of at most 2n characters, whatever lies beyond.
    static func longestFittingPrefix(of characters: ArraySlice<Character>, limit: Double,
                                     measure: (ArraySlice<Character>) -> Double) -> Int {
        let base = characters.startIndex
        func fits(_ n: Int) -> Bool { measure(characters[base..<(base + n)]) <= limit }
        var fitting = 0, probe = 1
        while probe <= characters.count, fits(probe) {
            fitting = probe
            probe *= 2
        }
        // fitting fits (or is 0); everything from tooWide on does not.
        var tooWide = min(probe, characters.count + 1)
        while tooWide - fitting > 1 {
            let middle = fitting + (tooWide - fitting) / 2
            if fits(middle) { fitting = middle } else { tooWide = middle }
        }
        return fitting
    }
}

/// UILabel's intrinsic content size, measured as TextPainter draws: the widest line's advance
/// (the text split at newlines; wrapped only when a width is given) and the lines' height, in
/// points, rounded up to whole points as UIKit's text sizes are.
public final class CairoTextMeasurer: TextMeasuring {
    public init() {}

    public func size(of text: TextContent, fittingWidth: Double?) -> Size {
        guard !text.text.isEmpty, text.fontSize.isFinite, text.fontSize > 0, text.fontSize < 10_000 else { return Size(width: 0, height: 0) }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return Size(width: 0, height: 0) }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return Size(width: 0, height: 0) }
        defer { cairo_destroy(context) }
        return TextPainter.measure(text, width: fittingWidth, context: context)
    }
}

extension TextPainter {
    static func measure(_ content: TextContent, width: Double?, context: OpaquePointer) -> Size {
        scaledFontLock.lock()
        defer { scaledFontLock.unlock() }
        selectFont(context, size: content.fontSize, bold: content.fontWeight.isBold)
        var fontExtents = cairo_font_extents_t()
        cairo_font_extents(context, &fontExtents)
        let lineHeight = fontExtents.height > 0 ? fontExtents.height : content.fontSize * 1.2
        var lines: [String] = []
        for paragraph in content.text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += layout(String(paragraph), width: width ?? 0, maximumLines: 0) { advance(context, $0) }
        }
        if content.numberOfLines > 0 { lines = Array(lines.prefix(content.numberOfLines)) }
        let widest = lines.map { advance(context, $0) }.max() ?? 0
        return Size(width: widest.rounded(.up), height: (Double(lines.count) * lineHeight).rounded(.up))
    }
}
