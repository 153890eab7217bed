// Device profiles (docs/design.md §2.10): screen size in points, scale, idiom, refresh rate, and
// the size classes that follow from them and the orientation.

public enum UserInterfaceIdiom: String, Sendable { case phone, pad }

public enum Orientation: String, CaseIterable, Sendable {
    case portrait, landscapeLeft, landscapeRight, portraitUpsideDown

    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    /// The interface's rotation from portrait, in radians (a rotation coordinator's
    /// targetTransform turns by the difference).
    public var interfaceAngle: Double {
        switch self {
        case .portrait: return 0
        case .landscapeLeft: return -Double.pi / 2
        case .landscapeRight: return Double.pi / 2
        case .portraitUpsideDown: return Double.pi
        }
    }
}

public enum SizeClass: String, Sendable { case compact, regular }

public struct Device: Hashable, Sendable {
    public var name: String
    /// Portrait size in points (for a profile given in landscape, its natural size).
    public var size: Size
    public var scale: Double
    public var idiom: UserInterfaceIdiom
    /// UIScreen.maximumFramesPerSecond: the display's refresh rate, 120 on a ProMotion display;
    /// 60 unless a profile says otherwise (custom `WxH@S` devices included).
    public var maximumFramesPerSecond: Int

    public init(name: String, size: Size, scale: Double, idiom: UserInterfaceIdiom, maximumFramesPerSecond: Int = 60) {
        self.name = name; self.size = size; self.scale = scale; self.idiom = idiom
        self.maximumFramesPerSecond = maximumFramesPerSecond
    }

    public static let profiles: [Device] = [
        Device(name: "iPhone SE", size: Size(width: 375, height: 667), scale: 2, idiom: .phone),
        Device(name: "iPhone 15", size: Size(width: 393, height: 852), scale: 3, idiom: .phone),
        Device(name: "iPhone 15 Pro Max", size: Size(width: 430, height: 932), scale: 3, idiom: .phone, maximumFramesPerSecond: 120),
        Device(name: "iPad", size: Size(width: 820, height: 1180), scale: 2, idiom: .pad),
        Device(name: "iPad landscape", size: Size(width: 1180, height: 820), scale: 2, idiom: .pad),
    ]

    public static let defaultProfile = profiles[1]

    /// A profile by name (case-insensitive) or a `WxH@S` specification; nil when neither.
    public static func named(_ text: String) -> Device? {
        if let profile = profiles.first(where: { $0.name.lowercased() == text.lowercased() }) {
            return profile
        }
        let parts = text.split(separator: "@")
        guard parts.count == 2, let scale = Double(parts[1]), scale > 0, scale <= 4 else { return nil }
        let dimensions = parts[0].split(separator: "x")
        guard dimensions.count == 2, let width = Double(dimensions[0]), let height = Double(dimensions[1]),
              width >= 1, height >= 1, width <= 10000, height <= 10000 else { return nil }
        let idiom: UserInterfaceIdiom = min(width, height) >= 600 ? .pad : .phone
        return Device(name: text, size: Size(width: width, height: height), scale: scale, idiom: idiom)
    }

    public static var profileNames: [String] { profiles.map(\.name) + ["WxH@S"] }
}

/// UIScreen: bounds follow the orientation (width and height swap in landscape).
public struct Screen: Hashable, Sendable {
    public var device: Device
    public var orientation: Orientation

    /// The profile's size as given, with width and height swapped when rotated to landscape.
    public var bounds: Rect {
        let size = device.size
        return orientation.isLandscape ? Rect(x: 0, y: 0, width: size.height, height: size.width)
                                       : Rect(x: 0, y: 0, width: size.width, height: size.height)
    }
    public var scale: Double { device.scale }

    /// Size classes as UIKit reports them for full-screen windows.
    public var horizontalSizeClass: SizeClass {
        if device.idiom == .pad { return .regular }
        // Plus/Max-size phones are regular width in landscape.
        return bounds.width > bounds.height && bounds.width >= 896 ? .regular : .compact
    }
    public var verticalSizeClass: SizeClass {
        if device.idiom == .pad { return .regular }
        return bounds.width > bounds.height ? .compact : .regular
    }
}
