import CCairo
import Foundation
import TransitCore

// The system status bar, drawn with cairo shapes and the text painter: the time, cellular bars,
// Wi-Fi and a full battery, in black or white glyphs. TransitCore decides what the bar looks
// like and where it is (StatusBar.swift, the device profile); this only draws it. The glyphs
// follow the shapes of iOS's status bar, sized in points; they are a likeness, not Apple's art.
enum StatusBarPainter {
    /// The sizes of one layout: the time's font and where each group of items is centred.
    private struct Metrics {
        /// Scale of the icons relative to the iPhone 15 family's.
        let iconScale: Double
        let timeFontSize: Double
        /// Vertical centre of the items, as a fraction of the bar's height (the island's bar
        /// centres them on the Dynamic Island, a little below the middle).
        let centreFraction: Double
    }

    private static func metrics(_ layout: StatusBarContent.Layout) -> Metrics {
        switch layout {
        case .island: return Metrics(iconScale: 1, timeFontSize: 17, centreFraction: 0.56)
        case .homeButton: return Metrics(iconScale: 0.8, timeFontSize: 12, centreFraction: 0.5)
        case .pad: return Metrics(iconScale: 0.85, timeFontSize: 12, centreFraction: 0.5)
        }
    }

    /// The Dynamic Island's width: the iPhone 15 family's bar puts the time in the middle of the
    /// ear left of it and the icons in the middle of the ear right of it.
    private static let islandWidth = 126.0
    /// Inset of the first and last item from the screen's edges on home-button iPhones and iPad.
    private static let edgeInset = 6.0
    private static let padEdgeInset = 20.0

    static func draw(_ bar: StatusBarContent, in bounds: Rect, alpha: Double, context: OpaquePointer) {
        let rect = bounds.standardized
        guard rect.isFinite, rect.width > 0, rect.height > 0 else { return }
        let colour = bar.glyphs == .light ? Color(white: 1) : Color(white: 0)
        let m = metrics(bar.layout)
        let centreY = rect.minY + rect.height * m.centreFraction
        let timeHeight = m.timeFontSize * 1.5
        let signal = Size(width: 17 * m.iconScale, height: 11 * m.iconScale)
        let wifi = Size(width: 15.5 * m.iconScale, height: 11 * m.iconScale)
        let battery = Size(width: 27.5 * m.iconScale, height: 12 * m.iconScale)
        let gap = 5 * m.iconScale
        cairo_save(context)
        defer { cairo_restore(context) }

        switch bar.layout {
        case .island:
            let ear = max(0, (rect.width - islandWidth) / 2)
            let timeRect = Rect(x: rect.minX, y: centreY - timeHeight / 2, width: ear, height: timeHeight)
            drawTime(bar.time, in: timeRect, fontSize: m.timeFontSize, alignment: .center, colour: colour, alpha: alpha, context: context)
            let groupWidth = signal.width + gap + wifi.width + gap + battery.width
            var x = rect.maxX - ear / 2 - groupWidth / 2
            drawSignal(at: Point(x: x, y: centreY), size: signal, colour: colour, alpha: alpha, context: context)
            x += signal.width + gap
            drawWiFi(at: Point(x: x, y: centreY), size: wifi, colour: colour, alpha: alpha, context: context)
            x += wifi.width + gap
            drawBattery(at: Point(x: x, y: centreY), size: battery, colour: colour, alpha: alpha, context: context)
        case .homeButton:
            let timeRect = Rect(x: rect.minX, y: centreY - timeHeight / 2, width: rect.width, height: timeHeight)
            drawTime(bar.time, in: timeRect, fontSize: m.timeFontSize, alignment: .center, colour: colour, alpha: alpha, context: context)
            let x = rect.minX + edgeInset
            drawSignal(at: Point(x: x, y: centreY), size: signal, colour: colour, alpha: alpha, context: context)
            drawWiFi(at: Point(x: x + signal.width + gap, y: centreY), size: wifi, colour: colour, alpha: alpha, context: context)
            drawBattery(at: Point(x: rect.maxX - edgeInset - battery.width, y: centreY), size: battery, colour: colour, alpha: alpha, context: context)
        case .pad:
            // iPad shows the date beside the time (Apple's marketing date for 9:41).
            let timeRect = Rect(x: rect.minX + padEdgeInset, y: centreY - timeHeight / 2, width: rect.width / 2, height: timeHeight)
            drawTime(bar.time + "  Tue Jan 9", in: timeRect, fontSize: m.timeFontSize, alignment: .left, colour: colour, alpha: alpha, context: context)
            let batteryX = rect.maxX - padEdgeInset - battery.width
            drawBattery(at: Point(x: batteryX, y: centreY), size: battery, colour: colour, alpha: alpha, context: context)
            drawWiFi(at: Point(x: batteryX - gap - wifi.width, y: centreY), size: wifi, colour: colour, alpha: alpha, context: context)
        }
    }

    private static func drawTime(_ text: String, in rect: Rect, fontSize: Double, alignment: TextAlignment,
                                 colour: Color, alpha: Double, context: OpaquePointer) {
        let content = TextContent(text: text, fontSize: fontSize, fontWeight: .semibold, color: colour,
                                  alignment: alignment, numberOfLines: 1)
        TextPainter.draw(content, in: rect, alpha: alpha, context: context)
    }

    /// Four rising bars, all filled (full signal), bottoms aligned; `origin` is the left edge at
    /// the vertical centre.
    private static func drawSignal(at origin: Point, size: Size, colour: Color, alpha: Double, context: OpaquePointer) {
        let barWidth = size.width * 3 / 17, spacing = (size.width - 4 * barWidth) / 3
        let bottom = origin.y + size.height / 2
        for index in 0..<4 {
            let height = size.height * (0.36 + 0.213 * Double(index))
            let bar = Rect(x: origin.x + Double(index) * (barWidth + spacing), y: bottom - height, width: barWidth, height: height)
            Paths.addRoundedRect(context, bar, radius: barWidth * 0.35, corners: .all)
        }
        CairoBridge.setSource(context, colour, alpha: alpha)
        cairo_fill(context)
    }

    /// A quarter-circle fan: a dot and two bands around the point at its bottom.
    private static func drawWiFi(at origin: Point, size: Size, colour: Color, alpha: Double, context: OpaquePointer) {
        let apex = Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2)
        let outer = size.height, band = outer * 0.2
        let start = -Double.pi * 3 / 4, end = -Double.pi / 4
        // Dot: a sector; bands: annular sectors, each separated from the next by a gap.
        cairo_move_to(context, apex.x, apex.y)
        cairo_arc(context, apex.x, apex.y, outer * 0.33, start, end)
        cairo_close_path(context)
        for (inner, radius) in [(outer * 0.33 + band * 0.6, outer * 0.66), (outer * 0.66 + band * 0.6, outer)] {
            cairo_new_sub_path(context)
            cairo_arc(context, apex.x, apex.y, radius, start, end)
            cairo_arc_negative(context, apex.x, apex.y, inner, end, start)
            cairo_close_path(context)
        }
        CairoBridge.setSource(context, colour, alpha: alpha)
        cairo_fill(context)
    }

    /// A full battery: a faint rounded outline with a cap, filled inside with the glyph colour.
    private static func drawBattery(at origin: Point, size: Size, colour: Color, alpha: Double, context: OpaquePointer) {
        let capWidth = size.width * 0.06
        let body = Rect(x: origin.x, y: origin.y - size.height / 2, width: size.width - capWidth - 1, height: size.height)
        let stroke = 1.0 * size.height / 12
        // Outline: the body minus an inset body, even-odd, at the reduced alpha iOS uses.
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
        Paths.addRoundedRect(context, body, radius: size.height * 0.33, corners: .all)
        Paths.addRoundedRect(context, body.insetBy(dx: stroke, dy: stroke), radius: size.height * 0.33 - stroke, corners: .all)
        CairoBridge.setSource(context, colour, alpha: alpha * 0.35)
        cairo_fill(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        let cap = Rect(x: body.maxX + 1, y: origin.y - size.height * 0.18, width: capWidth, height: size.height * 0.36)
        Paths.addRoundedRect(context, cap, radius: capWidth / 2, corners: [.maxXMinY, .maxXMaxY])
        CairoBridge.setSource(context, colour, alpha: alpha * 0.4)
        cairo_fill(context)
        // The charge: full, inset from the outline by a hairline gap.
        let level = body.insetBy(dx: stroke * 2, dy: stroke * 2)
        Paths.addRoundedRect(context, level, radius: max(0, size.height * 0.33 - 2 * stroke), corners: .all)
        CairoBridge.setSource(context, colour, alpha: alpha)
        cairo_fill(context)
    }
}
