import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitRender

/// The video encoders (libTransitVideo.so: FFmpeg and libwebp), loaded on first use with dlopen
/// from beside the running executable (`swift build` puts the library there), or from
/// `TRANSIT_VIDEO_LIBRARY`. Keeping them out of the executable's links keeps every start-up
/// free of the hundred shared libraries they bring (docs/formats.md, "Loading").
final class VideoLibrary: @unchecked Sendable {
    typealias Open = @convention(c) (UnsafePointer<CChar>, Int32, Int32, Double, Double, Int32, UnsafeMutablePointer<CChar>?, Int32) -> UnsafeMutableRawPointer?
    typealias Append = @convention(c) (UnsafeMutableRawPointer, UnsafePointer<UInt8>, Int, Double, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    typealias AppendOpaque = @convention(c) (UnsafeMutableRawPointer, UnsafePointer<UInt32>, Int, Double, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    typealias Finish = @convention(c) (UnsafeMutableRawPointer, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    typealias Close = @convention(c) (UnsafeMutableRawPointer) -> Void

    let open: Open, append: Append, appendOpaque: AppendOpaque, finish: Finish, close: Close

    /// Loaded once, the first time a video is written; the failure, if any, is kept.
    static let shared: Result<VideoLibrary, Error> = Result { try VideoLibrary() }

    static let fileName = "libTransitVideo.so"

    private init() throws {
        var candidates: [String] = []
        if let path = ProcessInfo.processInfo.environment["TRANSIT_VIDEO_LIBRARY"], !path.isEmpty { candidates.append(path) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(executable.appendingPathComponent(Self.fileName).path)
        candidates.append(executable.appendingPathComponent("../lib/\(Self.fileName)").standardizedFileURL.path)
        var reasons: [String] = []
        for path in candidates {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(String(cString: dlerror()))
                continue
            }
            func symbol<T>(_ name: String, as _: T.Type) throws -> T {
                guard let pointer = dlsym(handle, name) else { throw RenderError("\(path) has no \(name)") }
                return unsafeBitCast(pointer, to: T.self)
            }
            open = try symbol("transit_video_open", as: Open.self)
            append = try symbol("transit_video_append", as: Append.self)
            appendOpaque = try symbol("transit_video_append_opaque", as: AppendOpaque.self)
            finish = try symbol("transit_video_finish", as: Finish.self)
            close = try symbol("transit_video_close", as: Close.self)
            return
        }
        throw RenderError("video output needs \(Self.fileName), built beside transit by `swift build` (or named by TRANSIT_VIDEO_LIBRARY): " + reasons.joined(separator: "; "))
    }

    /// An encoder for `path` (its format by extension).
    static func encoder(forPath path: String, width: Int, height: Int, frameRate: Double, options: EncoderOptions) throws -> any FrameEncoder {
        try LoadedFrameEncoder(library: shared.get(), path: path, width: width, height: height, frameRate: frameRate, options: options)
    }
}

/// A FrameEncoder of the loaded library, called through its C entry points.
final class LoadedFrameEncoder: FrameEncoder {
    private let library: VideoLibrary
    private var handle: UnsafeMutableRawPointer?

    init(library: VideoLibrary, path: String, width: Int, height: Int, frameRate: Double, options: EncoderOptions) throws {
        self.library = library
        var message = [CChar](repeating: 0, count: 1024)
        handle = library.open(path, Int32(clamping: width), Int32(clamping: height), frameRate, options.quality, options.flags, &message, 1024)
        guard handle != nil else { throw RenderError(String(cString: message)) }
    }

    convenience init(path: String, width: Int, height: Int, frameRate: Double, options: EncoderOptions) throws {
        try self.init(library: VideoLibrary.shared.get(), path: path, width: width, height: height, frameRate: frameRate, options: options)
    }

    func append(_ frame: RasterImage, duration: Double) throws {
        guard let handle else { throw RenderError("the video encoder was finished") }
        var message = [CChar](repeating: 0, count: 1024)
        let status = frame.pixels.withUnsafeBufferPointer { library.append(handle, $0.baseAddress!, $0.count, duration, &message, 1024) }
        guard status == 0 else { throw RenderError(String(cString: message)) }
    }

    func append(opaque frame: OpaqueFrame, duration: Double) throws {
        guard let handle else { throw RenderError("the video encoder was finished") }
        var message = [CChar](repeating: 0, count: 1024)
        let status = frame.words.withUnsafeBufferPointer { library.appendOpaque(handle, $0.baseAddress!, $0.count, duration, &message, 1024) }
        guard status == 0 else { throw RenderError(String(cString: message)) }
    }

    func finish() throws {
        guard let handle else { throw RenderError("the video encoder was finished") }
        var message = [CChar](repeating: 0, count: 1024)
        let status = library.finish(handle, &message, 1024)
        guard status == 0 else { throw RenderError(String(cString: message)) }
    }

    deinit { if let handle { library.close(handle) } }
}
