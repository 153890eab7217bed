import Foundation
import Testing
import TransitCore
@testable import TransitRender

// `transit render -o x.gif` streams: a first pass counts every frame's colours into a histogram
// (frames arrive in whatever order the workers finish them), a second maps each frame to the
// palette and writes it to the file at once. These tests run the same two passes on rasterized
// frames and hold them to the in-memory encoder's bytes.
@Suite struct GIFStreamingTests {
    static let size = Size(width: 120, height: 160)

    /// A card with a shadow fading in and sliding up over a list-like background: flat areas,
    /// anti-aliased edges, translucency and a soft shadow, like a real transition.
    static func frame(_ index: Int, of count: Int) -> LayerSnapshot {
        let progress = Double(index) / Double(max(1, count - 1))
        var card = Scene.view(Rect(x: 12, y: 40 + 30 * (1 - progress), width: 96, height: 90), Color(white: 1),
                              sublayers: [Scene.view(Rect(x: 8, y: 8, width: 30, height: 30), Color(red: 0, green: 0.48, blue: 1, alpha: 0.5))])
        card.cornerRadius = 10
        card.shadowOpacity = 0.2
        card.shadowRadius = 6
        card.shadowOffset = Size(width: 0, height: 3)
        card.opacity = 0.2 + 0.8 * progress
        let rows = (0..<5).map { row in
            Scene.view(Rect(x: 0, y: Double(row) * 32, width: 120, height: 31), Color(red: 0.95, green: 0.95, blue: 0.97))
        }
        return Scene.canvas(size.width, size.height, rows + [card])
    }

    static func frames(_ count: Int) -> [RasterImage] {
        let rasterizer = Rasterizer(scale: 1, background: Color(white: 0))
        return (0..<count).map { rasterizer.render(frame($0, of: count), size: size) }
    }

    /// The two passes, the histogram filled in `order` (a permutation of the frame indices).
    static func streamedGIF(count: Int, order: [Int], delays: [Int], to path: String) throws {
        let rasterizer = Rasterizer(scale: 1, background: Color(white: 0))
        var histogram = ColourHistogram()
        for index in order {
            var frameHistogram = ColourHistogram()
            frameHistogram.add(rasterizer.render(frame(index, of: count), size: size))
            histogram.add(frameHistogram)
        }
        let writer = try GIFWriter(width: Int(size.width), height: Int(size.height), palette: Palette(histogram: histogram),
                                   output: GIFOutput.file(path))
        for index in 0..<count {
            var indices: [UInt8] = []
            writer.palette.indices(for: rasterizer.render(frame(index, of: count), size: size), into: &indices)
            try writer.add(indices: indices, delayInCentiseconds: delays[index])
        }
        try writer.finish()
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("transit-gif-stream-\(getpid())-\(name).gif").path
    }

    @Test func streamedGIFIsIdenticalAcrossRunsAndToTheInMemoryEncoder() throws {
        let count = 24
        let delays = GIFEncoder.frameDelays(count: count, fps: 30)
        let first = Self.temporaryPath("first"), second = Self.temporaryPath("second")
        defer { try? FileManager.default.removeItem(atPath: first); try? FileManager.default.removeItem(atPath: second) }
        try Self.streamedGIF(count: count, order: Array(0..<count), delays: delays, to: first)
        // Workers finish in any order: the histogram must not care.
        try Self.streamedGIF(count: count, order: (0..<count).map { ($0 * 7) % count }.reversed(), delays: delays, to: second)
        let streamed = [UInt8](try Data(contentsOf: URL(fileURLWithPath: first)))
        #expect(streamed == [UInt8](try Data(contentsOf: URL(fileURLWithPath: second))))
        #expect(streamed == (try GIFEncoder.encode(frames: Self.frames(count), delaysInCentiseconds: delays)))

        let decoded = try GIFDecoder.decode(streamed)
        #expect(decoded.frames.count == count)
        #expect(decoded.delays == delays)
        // Faithful: every decoded frame is close to the frame it came from.
        for (image, original) in zip(decoded.frames, Self.frames(count)) {
            var worst = 0
            for offset in stride(from: 0, to: original.pixels.count, by: 4) {
                for channel in 0..<3 {
                    worst = max(worst, abs(Int(image.pixels[offset + channel]) - Int(original.pixels[offset + channel])))
                }
            }
            #expect(worst <= 24)
        }
    }

    @Test func theHistogramCountsEveryPixelWhateverTheOrder() {
        let frames = Self.frames(6)
        var forward = ColourHistogram(), backward = ColourHistogram()
        for frame in frames { forward.add(frame) }
        for frame in frames.reversed() {
            var single = ColourHistogram()
            single.add(frame)
            backward.add(single)
        }
        #expect(forward.counts == backward.counts)
        #expect(forward.sums == backward.sums)
        #expect(forward.counts.reduce(0, +) == frames.count * Int(Self.size.width * Self.size.height))
    }

    @Test func aWriterRefusesFramesOfTheWrongSizeAndUnwritableFiles() throws {
        let palette = Palette(frames: Self.frames(1))
        let writer = try GIFWriter(width: 120, height: 160, palette: palette, output: GIFOutput.memory())
        #expect(throws: RenderError.self) { try writer.add(RasterImage(width: 10, height: 10), delayInCentiseconds: 3) }
        #expect(throws: RenderError.self) { try writer.add(indices: [0, 1, 2], delayInCentiseconds: 3) }
        #expect(throws: RenderError.self) { try GIFOutput.file("/nonexistent-directory/x.gif") }
    }
}
