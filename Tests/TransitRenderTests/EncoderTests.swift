import Foundation
import Testing
import TransitCore
@testable import TransitRender

@Suite struct EncoderTests {
    /// An opaque test card: a gradient plus a few solid blocks, so both smooth and flat areas exist.
    static func testCard(width: Int = 64, height: Int = 48, shift: Int = 0) -> RasterImage {
        var image = RasterImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                image.pixels[offset] = UInt8((x * 4 + shift) & 0xFF)
                image.pixels[offset + 1] = UInt8((y * 5) & 0xFF)
                image.pixels[offset + 2] = UInt8(((x ^ y) * 3) & 0xFF)
                image.pixels[offset + 3] = 255
            }
        }
        return image
    }

    static func solid(_ width: Int, _ height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> RasterImage {
        var image = RasterImage(width: width, height: height)
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            image.pixels[index] = r; image.pixels[index + 1] = g; image.pixels[index + 2] = b; image.pixels[index + 3] = 255
        }
        return image
    }

    @Test func pngRoundTripIsLossless() throws {
        let card = Self.testCard()
        let decoded = try PNGDecoder.decode(try PNGEncoder.encode(card))
        #expect(decoded == card)
        var translucent = card
        for index in stride(from: 3, to: translucent.pixels.count, by: 8) { translucent.pixels[index] = 0 }
        for index in stride(from: 0, to: translucent.pixels.count, by: 8) {
            for channel in 0..<3 { translucent.pixels[index + channel] = 0 }
        }
        #expect(try PNGDecoder.decode(try PNGEncoder.encode(translucent)) == translucent)
    }

    @Test func pngRejectsEmptyAndGarbage() {
        #expect(throws: RenderError.self) { try PNGEncoder.encode(RasterImage(width: 0, height: 0)) }
        #expect(throws: RenderError.self) { try PNGDecoder.decode([1, 2, 3]) }
        #expect(throws: RenderError.self) { try RasterImage(width: 2, height: 2, pixels: [0]) }
    }

    @Test func gifRoundTripKeepsFramesDelaysAndColours() throws {
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (30, 120, 200), (250, 250, 250)]
        var frames = colours.map { Self.solid(40, 30, $0.0, $0.1, $0.2) }
        // A frame with a small changed square exercises the sub-rectangle path.
        var last = frames[2]
        for y in 10..<15 { for x in 5..<9 { let o = (y * 40 + x) * 4; last.pixels[o] = 0; last.pixels[o + 1] = 0; last.pixels[o + 2] = 0 } }
        frames.append(last)
        let delays = [5, 10, 20, 7]
        let bytes = try GIFEncoder.encode(frames: frames, delaysInCentiseconds: delays)
        #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
        let decoded = try GIFDecoder.decode(bytes)
        #expect(decoded.frames.count == frames.count)
        #expect(decoded.delays == delays)
        for (index, colour) in colours.enumerated() {
            #expect(isColor(decoded.frames[index].pixel(x: 20, y: 15), Int(colour.0), Int(colour.1), Int(colour.2), tolerance: 8))
        }
        #expect(isColor(decoded.frames[3].pixel(x: 6, y: 12), 0, 0, 0, tolerance: 8))
        #expect(isColor(decoded.frames[3].pixel(x: 20, y: 20), 250, 250, 250, tolerance: 8))
    }

    /// A card moving over a still, striped screen: after the first frame only the changed
    /// rectangle is stored, its unchanged pixels as a transparent index (disposal "do not
    /// dispose" shows the previous frame there), and every frame decodes to its own picture.
    @Test func unchangedPixelsAreTransparentAndEveryFrameDecodesExactly() throws {
        func frame(cardAt offset: Int) -> RasterImage {
            var image = Self.solid(120, 90, 230, 230, 230)
            for y in 0..<90 where y % 6 < 3 { for x in 0..<120 { let o = (y * 120 + x) * 4; image.pixels[o] = 40; image.pixels[o + 1] = 90; image.pixels[o + 2] = 200 } }
            for y in 30..<50 { for x in offset..<(offset + 24) { let o = (y * 120 + x) * 4; image.pixels[o] = 220; image.pixels[o + 1] = 30; image.pixels[o + 2] = 30 } }
            return image
        }
        let frames = (0..<6).map { frame(cardAt: 10 + $0 * 4) }
        let bytes = try GIFEncoder.encode(frames: frames, delaysInCentiseconds: [4, 4, 4, 4, 4, 4])
        let decoded = try GIFDecoder.decode(bytes)
        #expect(decoded.frames.count == frames.count)
        for (index, original) in frames.enumerated() {
            #expect(decoded.frames[index].pixels == original.pixels, "frame \(index)")
        }
        // Graphic control extensions (21 F9 04 flags ...): the first frame's has no transparent
        // colour, the later ones do (flags bit 0).
        var flags: [UInt8] = []
        for index in 0..<(bytes.count - 4) where bytes[index] == 0x21 && bytes[index + 1] == 0xF9 && bytes[index + 2] == 4 {
            flags.append(bytes[index + 3])
        }
        #expect(flags.count == frames.count)
        #expect(flags.first.map { $0 & 1 } == 0)
        #expect(flags.dropFirst().allSatisfy { $0 & 1 == 1 }, "\(flags)")
    }

    @Test func gifQuantisesARenderedFrameWithinTolerance() throws {
        let scene = Scene.canvas(120, 120, [Scene.view(Rect(x: 10, y: 10, width: 60, height: 60), Color(red: 0.2, green: 0.6, blue: 0.3))])
        let frame = Rasterizer(scale: 1).render(scene, size: Size(width: 120, height: 120))
        let decoded = try GIFDecoder.decode(try GIFEncoder.encode(frames: [frame, Self.testCard(width: 120, height: 120)],
                                                                  delaysInCentiseconds: [4, 4]))
        #expect(isColor(decoded.frames[0].pixel(x: 40, y: 40), Int((0.2 * 255).rounded()), Int((0.6 * 255).rounded()),
                        Int((0.3 * 255).rounded()), tolerance: 8))
        #expect(isColor(decoded.frames[0].pixel(x: 100, y: 100), 255, 255, 255, tolerance: 8))
    }

    @Test func gifRejectsMismatches() {
        #expect(throws: RenderError.self) { try GIFEncoder.encode(frames: [], delaysInCentiseconds: []) }
        #expect(throws: RenderError.self) { try GIFEncoder.encode(frames: [Self.testCard()], delaysInCentiseconds: [1, 2]) }
        #expect(throws: RenderError.self) {
            try GIFEncoder.encode(frames: [Self.testCard(), Self.testCard(width: 10, height: 10)], delaysInCentiseconds: [1, 2])
        }
        #expect(throws: RenderError.self) { try GIFDecoder.decode(Array("GIF89a garbage".utf8)) }
    }

    @Test func identicalInputsGiveIdenticalBytes() throws {
        let frames = (0..<4).map { Self.testCard(shift: $0 * 16) }
        #expect(try GIFEncoder.encode(frames: frames, delaysInCentiseconds: [3, 3, 3, 3])
            == GIFEncoder.encode(frames: frames, delaysInCentiseconds: [3, 3, 3, 3]))
        #expect(try PNGEncoder.encode(frames[1]) == PNGEncoder.encode(frames[1]))
    }

    /// A frame encoded straight from the rasterizer's buffer is the same PNG as its image
    /// encoded: opaque (RGB, the fast row copy) and translucent (RGBA, unpremultiplied).
    @Test func aFrameEncodesAsItsImageDoes() throws {
        var tree = LayerSnapshot()
        tree.bounds = Rect(x: 0, y: 0, width: 37, height: 23)
        tree.position = Point(x: 18.5, y: 11.5)
        tree.backgroundColor = Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.55)
        tree.cornerRadius = 6
        for background in [Color(white: 0), Color(red: 0, green: 0, blue: 0, alpha: 0)] {
            let rasterizer = Rasterizer(scale: 2, background: background)
            let (fromFrame, fromImage) = rasterizer.render(tree, size: Size(width: 50, height: 30)) { frame in
                ((try? PNGEncoder.encode(frame)) ?? [], (try? PNGEncoder.encode(frame.makeImage())) ?? [])
            }
            #expect(!fromFrame.isEmpty && fromFrame == fromImage, "background alpha \(background.alpha)")
        }
    }

    @Test func nonLoopingGifHasNoNetscapeBlock() throws {
        let frames = [Self.testCard()]
        let looping = try GIFEncoder.encode(frames: frames, delaysInCentiseconds: [1])
        let once = try GIFEncoder.encode(frames: frames, delaysInCentiseconds: [1], loop: false)
        let marker = Array("NETSCAPE2.0".utf8)
        func contains(_ bytes: [UInt8]) -> Bool {
            bytes.indices.dropLast(marker.count).contains { Array(bytes[$0..<($0 + marker.count)]) == marker }
        }
        #expect(contains(looping))
        #expect(!contains(once))
    }
}
