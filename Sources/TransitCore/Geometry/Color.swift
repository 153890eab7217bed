// UIColor as a value: straight (non-premultiplied) sRGB components in 0...1.

public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    public func withAlphaComponent(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// "#RRGGBB" or "#RRGGBBAA", the leading "#" optional; nil when malformed.
    public static func hex(_ text: String) -> Color? {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else { return nil }
        let hasAlpha = digits.count == 8
        let rgb = hasAlpha ? value >> 8 : value
        return Color(
            red: Double((rgb >> 16) & 0xFF) / 255,
            green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255,
            alpha: hasAlpha ? Double(value & 0xFF) / 255 : 1)
    }

    /// UIKit's named colors (light appearance), in the order `transit api` lists them.
    public static let named: [(name: String, color: Color)] = [
        ("black", Color(white: 0)),
        ("white", Color(white: 1)),
        ("gray", Color(white: 0.5)),
        ("lightGray", Color(white: 2.0 / 3.0)),
        ("darkGray", Color(white: 1.0 / 3.0)),
        ("clear", Color(white: 0, alpha: 0)),
        ("red", Color(red: 1, green: 0, blue: 0)),
        ("green", Color(red: 0, green: 1, blue: 0)),
        ("blue", Color(red: 0, green: 0, blue: 1)),
        ("cyan", Color(red: 0, green: 1, blue: 1)),
        ("yellow", Color(red: 1, green: 1, blue: 0)),
        ("magenta", Color(red: 1, green: 0, blue: 1)),
        ("orange", Color(red: 1, green: 0.5, blue: 0)),
        ("purple", Color(red: 0.5, green: 0, blue: 0.5)),
        ("brown", Color(red: 0.6, green: 0.4, blue: 0.2)),
        ("systemBlue", Color(red: 0, green: 122.0 / 255, blue: 1)),
        ("systemRed", Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255)),
        ("systemGreen", Color(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255)),
        ("systemOrange", Color(red: 1, green: 149.0 / 255, blue: 0)),
        ("systemYellow", Color(red: 1, green: 204.0 / 255, blue: 0)),
        ("systemPink", Color(red: 1, green: 45.0 / 255, blue: 85.0 / 255)),
        ("systemPurple", Color(red: 175.0 / 255, green: 82.0 / 255, blue: 222.0 / 255)),
        ("systemTeal", Color(red: 48.0 / 255, green: 176.0 / 255, blue: 199.0 / 255)),
        ("systemIndigo", Color(red: 88.0 / 255, green: 86.0 / 255, blue: 214.0 / 255)),
        ("systemGray", Color(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255)),
        ("systemGray5", Color(red: 229.0 / 255, green: 229.0 / 255, blue: 234.0 / 255)),
        ("systemGray6", Color(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255)),
        ("systemBackground", Color(white: 1)),
        ("secondarySystemBackground", Color(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255)),
        ("label", Color(white: 0)),
        ("secondaryLabel", Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)),
        ("separator", Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.29)),
    ]

    public var description: String {
        "UIColor(\(formatNumber(red)), \(formatNumber(green)), \(formatNumber(blue)), \(formatNumber(alpha)))"
    }
}
