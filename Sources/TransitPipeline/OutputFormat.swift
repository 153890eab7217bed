import Foundation
import TransitCore
import TransitRender

// An output format is one file implementing `OutputFormat`: it says how many runs of the scene
// it needs and which times each samples, keeps what it needs of each frame as the frame is
// drawn (on a worker thread, straight from the rasterizer), receives the frames in order, and
// writes when the last run ends. `RenderJob` runs the passes and makes the write atomic.
// Adding a format: docs/design.md, "The run pipeline".

public protocol OutputFormat: AnyObject {
    /// Runs of the scene the format needs (the filmstrip finds the transitions in the first).
    var passes: Int { get }
    /// Whether the output is a directory of files rather than one file.
    var isDirectory: Bool { get }
    /// The times pass `pass` samples (asked just before it runs, after the earlier passes ended).
    func sampling(forPass pass: Int) -> SceneSession.Sampling
    /// What a worker keeps of each frame pass `pass` draws; nil: the pass draws nothing and
    /// the format reads only the presentation trees.
    func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)?
    /// Before pass `pass` runs. `destination` is where to write (a temporary path the job
    /// renames over the target when everything succeeded); nil when the result stays in memory.
    func begin(pass: Int, session: SceneSession, destination: URL?) throws
    /// Each sampled frame of the pass, in order of time.
    func frame(_ frame: SampledFrame, pass: Int) throws
    /// After the pass's scene ended.
    func end(pass: Int, session: SceneSession, destination: URL?) throws
}

public extension OutputFormat {
    var passes: Int { 1 }
    var isDirectory: Bool { false }
    func sampling(forPass pass: Int) -> SceneSession.Sampling { .everyFrame }
    func begin(pass: Int, session: SceneSession, destination: URL?) throws {}
}

/// One sampled frame as a format receives it.
public struct SampledFrame {
    /// Its position in the pass (0 first).
    public let index: Int
    public let time: Double
    /// The window's presentation tree (without the status bar): what timelines and the
    /// player's curves read.
    public let window: LayerSnapshot
    /// What the pass's keeper kept of the drawn frame (nil when the pass draws nothing).
    public let kept: (any Sendable)?
}

/// What the formats are asked to do beyond their defaults (`render --quality`, `--lossless`).
public struct FormatOptions: Sendable {
    /// 0...100, higher is better; nil: each format's default.
    public var quality: Int?
    public var lossless = false
    /// A GIF written from frames held in memory instead of streamed through a temporary file (memory
    /// flat in the frame count): for short outputs that must appear quickly (watch).
    public var gifInMemory = false
    /// An HTML player's frames as one video stream ("webm", "mp4"); nil: PNG images.
    public var playerVideo: String?
    public init() {}
}

/// The formats, by the extension of the output's name (no extension: a directory of PNGs).
public enum OutputFormats {
    public struct Entry: Sendable {
        public let extensions: [String]
        public let summary: String
        let make: @Sendable (FormatOptions) throws -> OutputFormat
    }

    /// Every format a file name can choose, in the order help lists them.
    public static let entries: [Entry] = [GIFFormat.entry, FilmstripFormat.entry, PlayerFormat.entry, TimelineFormat.entry]
        + VideoFormat.entries

    public static var supportedExtensions: [String] { entries.flatMap(\.extensions) }

    /// The format for `path`, after checking that it can be written there.
    public static func format(forPath path: String, options: FormatOptions = FormatOptions()) throws -> OutputFormat {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.lowercased()
        let format: OutputFormat
        if ext.isEmpty {
            format = PNGFramesFormat()
        } else if let entry = entries.first(where: { $0.extensions.contains(ext) }) {
            format = try entry.make(options)
        } else {
            throw PipelineError.unknownOutputType(path: path, extension: url.pathExtension, supported: supportedExtensions)
        }
        try checkWritable(path)
        return format
    }

    /// The directory an output goes into must exist and be writable (checked before any work).
    public static func checkWritable(_ path: String) throws {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PipelineError.missingDirectory(path: path, directory: parent.path)
        }
        guard FileManager.default.isWritableFile(atPath: parent.path) else {
            throw PipelineError.unwritableDirectory(path: path, directory: parent.path)
        }
    }
}
