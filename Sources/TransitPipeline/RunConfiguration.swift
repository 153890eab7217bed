import Foundation
import TransitCore

/// What one run of a file needs to know: the file, the world it runs in, the sandbox's limits
/// and how its frames are drawn. Every command builds one from its options (Commands.swift)
/// and hands it to a `SceneSession` or a `RenderJob`.
public struct RunConfiguration: Sendable, Equatable {
    public var file: URL
    /// The scene an effect file runs in (nil: the default scene).
    public var scene: URL?
    public var device: Device = .defaultProfile
    public var systemVersion = 17.0
    /// Frames per second of virtual time when every frame is sampled.
    public var fps = 30.0
    public var scale: RenderScale = .points(1)
    /// Whether frames show the status bar over the window, as a device does.
    public var statusBar = true
    public var unsafe = false
    public var budget: Int64 = 100_000_000
    public var memoryMegabytes = 256
    /// Directories `transit.image` may read besides the file's own.
    public var readableDirectories: [URL] = []

    public init(file: URL) { self.file = file }
}

/// How big a frame's pixels are: points times a number, or the device profile's own scale.
public enum RenderScale: Sendable, Equatable {
    case points(Double)
    case device

    func value(for device: Device) -> Double {
        switch self {
        case .points(let scale): return scale
        case .device: return device.scale
        }
    }
}
