import Foundation
#if canImport(Glibc)
import Glibc
#endif

// A frame reduced to what a GIF needs of it: its runs of one colour, each pixel flattened over
// white as the palette sees it. The histogram (counts and channel sums per bin) and the mapping
// (one lookup per bin) both read nothing else, so a GIF can be made from one run of the scene:
// keep each frame's runs, build the palette when the last frame is counted, then map the kept
// runs. The bytes are the same as counting and mapping the frames themselves (GIFFormat.swift).
//
// A UI frame is mostly long runs (a 393×852 frame of flat colour is 852 runs, 7 KB against
// 1.3 MB of pixels), and `ColourRunSpool` keeps them in a temporary file rather than memory,
// so a long animation still needs memory for one frame at a time.

public struct ColourRuns: Sendable {
    public let width: Int
    public let height: Int
    /// Pairs: colour (`r | g << 8 | b << 16`, flattened), then the run's length in pixels.
    var words: [UInt32]

    /// The runs of a frame still in the rasterizer's buffer (on a worker thread).
    public init(_ frame: RasterFrame) {
        width = frame.width
        height = frame.height
        words = ColourRuns.collect(frame)
    }

    public init(_ image: RasterImage) {
        width = image.width
        height = image.height
        words = ColourRuns.collect(image)
    }

    init(width: Int, height: Int, words: [UInt32]) {
        self.width = width; self.height = height; self.words = words
    }

    private static func collect<Pixels: PixelRuns>(_ frame: Pixels) -> [UInt32] {
        var words: [UInt32] = []
        words.reserveCapacity(2 * frame.height)
        var colour: UInt32 = 0, length: UInt32 = 0
        frame.forEachRun { _, run, rgba in
            let (r, g, b) = Palette.flatten(rgba & 0xFF, (rgba >> 8) & 0xFF, (rgba >> 16) & 0xFF, rgba >> 24)
            let flat = r | g << 8 | b << 16
            // Neighbouring runs that flatten to one colour (or that cairo split at a row end)
            // are one run.
            if length > 0 && flat == colour && length <= UInt32.max - UInt32(run) {
                length += UInt32(run)
            } else {
                if length > 0 { words.append(colour); words.append(length) }
                colour = flat; length = UInt32(run)
            }
        }
        if length > 0 { words.append(colour); words.append(length) }
        return words
    }

    /// `body(colour, length)` for each run, in order.
    @inline(__always)
    func forEach(_ body: (UInt32, Int) -> Void) {
        words.withUnsafeBufferPointer { words in
            var index = 0
            while index + 1 < words.count {
                body(words[index], Int(words[index + 1]))
                index += 2
            }
        }
    }
}

extension ColourHistogram {
    /// Counts a frame's runs: the same counts and sums as adding the frame.
    public mutating func add(_ runs: ColourRuns) {
        counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                runs.forEach { colour, run in
                    let r = colour & 0xFF, g = (colour >> 8) & 0xFF, b = colour >> 16
                    let bin = Palette.bin(r, g, b)
                    counts[bin] += run
                    sums[3 * bin] += Int(r) * run; sums[3 * bin + 1] += Int(g) * run; sums[3 * bin + 2] += Int(b) * run
                }
            }
        }
    }
}

extension Palette {
    /// Maps a frame's runs to palette indices: the same indices as mapping the frame.
    public func indices(for runs: ColourRuns, into output: inout [UInt8]) {
        let count = runs.width * runs.height
        if output.count != count { output = [UInt8](repeating: 0, count: count) }
        output.withUnsafeMutableBufferPointer { target in
            var start = 0
            runs.forEach { colour, run in
                let entry = index(ofFlattened: colour & 0xFF, (colour >> 8) & 0xFF, colour >> 16)
                let length = min(run, count - start)
                guard length > 0 else { return }
                (target.baseAddress! + start).update(repeating: entry, count: length)
                start += length
            }
        }
    }
}

/// Frames' runs kept in order in an anonymous temporary file (gone when closed or when the
/// process ends), then read back once in the same order.
public final class ColourRunSpool {
    private let file: UnsafeMutablePointer<FILE>
    public private(set) var count = 0

    public init() throws {
        guard let file = tmpfile() else { throw RenderError("cannot create a temporary file for the GIF's frames: \(String(cString: strerror(errno)))") }
        self.file = file
    }

    deinit { fclose(file) }

    public func append(_ runs: ColourRuns) throws {
        var header: [UInt32] = [UInt32(runs.width), UInt32(runs.height), UInt32(runs.words.count)]
        let ok = fwrite(&header, 4, 3, file) == 3
            && runs.words.withUnsafeBufferPointer { fwrite($0.baseAddress, 4, $0.count, file) == $0.count }
        guard ok else { throw RenderError("cannot write the GIF's frames to a temporary file: \(String(cString: strerror(errno)))") }
        count += 1
    }

    /// Each appended frame's runs, in order.
    public func forEach(_ body: (ColourRuns) throws -> Void) throws {
        guard fflush(file) == 0 else { throw RenderError("cannot write the GIF's frames to a temporary file: \(String(cString: strerror(errno)))") }
        rewind(file)
        var words: [UInt32] = []
        for _ in 0..<count {
            var header = [UInt32](repeating: 0, count: 3)
            guard fread(&header, 4, 3, file) == 3 else { throw RenderError("cannot read back the GIF's frames from a temporary file") }
            words = [UInt32](repeating: 0, count: Int(header[2]))
            let read = words.withUnsafeMutableBufferPointer { fread($0.baseAddress, 4, $0.count, file) }
            guard read == words.count else { throw RenderError("cannot read back the GIF's frames from a temporary file") }
            try body(ColourRuns(width: Int(header[0]), height: Int(header[1]), words: words))
        }
    }
}
