import Foundation
import Testing
import TransitCore
@testable import TransitRender

// How GIFWriter stores a frame after the first (docs/formats.md, "GIF: what each frame stores"):
// the changed rectangle in two forms, every unchanged pixel transparent or only the unchanged
// stretches of more than one colour, each compressed and the shorter kept. Whatever is kept,
// every frame must decode to exactly its palette-mapped picture.
@Suite struct GIFStorageTests {
    static let width = 96, height = 64

    static func image(_ colour: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RasterImage {
        var image = RasterImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = colour(x, y)
                let offset = (y * width + x) * 4
                image.pixels[offset] = r; image.pixels[offset + 1] = g; image.pixels[offset + 2] = b; image.pixels[offset + 3] = 255
            }
        }
        return image
    }

    /// Bands of flat colour with a solid card moved `step` pixels a frame: a slide, where the
    /// unchanged inside of the card is a stretch of one colour continuing the changed edge.
    static func slide(_ frame: Int) -> RasterImage {
        image { x, y in
            let left = 10 + 5 * frame
            if x >= left && x < left + 40 && y >= 12 && y < 48 { return (200, 40, 40) }
            return y / 8 % 2 == 0 ? (240, 240, 240) : (60, 110, 200)
        }
    }

    /// A cross-fade of two gradients: nearly every pixel changes a little, and the few that map
    /// to the same palette entry as before are scattered among them.
    static func fade(_ frame: Int) -> RasterImage {
        image { x, y in
            let t = Double(frame) / 8
            func mix(_ a: Int, _ b: Int) -> UInt8 { UInt8(Double(a) * (1 - t) + Double(b) * t) }
            return (mix(x * 2, 255 - y * 3), mix(y * 3, x * 2), mix((x + y) % 256, 128))
        }
    }

    /// Vertical bands of twelve colours with a white dot in one column of every band, the column
    /// moving each frame: the unchanged pixels are short stretches of one colour, a different
    /// colour in each band, between changed dots; marked transparent, every row is one pattern.
    static func sparkle(_ frame: Int) -> RasterImage {
        image { x, y in
            if frame > 0 && x % 8 == (frame * 3) % 8 { return (255, 255, 255) }
            let band = x / 8
            return (UInt8(band * 20), UInt8(200 - band * 15), UInt8(90 + band * 10))
        }
    }

    static func encode(_ frames: [RasterImage], _ storage: GIFWriter.Storage) throws -> (bytes: [UInt8], palette: Palette) {
        let palette = Palette(frames: frames)
        let output = GIFOutput.memory()
        let writer = try GIFWriter(width: width, height: height, palette: palette, output: output, storage: storage)
        for frame in frames { try writer.add(frame, delayInCentiseconds: 4) }
        try writer.finish()
        return (output.bytes, palette)
    }

    /// `frame` as the GIF must show it: each pixel the palette entry it maps to.
    static func mapped(_ frame: RasterImage, _ palette: Palette) -> RasterImage {
        var indices: [UInt8] = []
        palette.indices(for: frame, into: &indices)
        var image = RasterImage(width: frame.width, height: frame.height)
        for (pixel, index) in indices.enumerated() {
            let colour = palette.colors[Int(index)]
            image.pixels[4 * pixel] = colour.red; image.pixels[4 * pixel + 1] = colour.green
            image.pixels[4 * pixel + 2] = colour.blue; image.pixels[4 * pixel + 3] = 255
        }
        return image
    }

    /// The length of each image in a GIF (its graphic control, descriptor and compressed data),
    /// in order, read from the block structure.
    static func imageLengths(_ bytes: [UInt8]) -> [Int] {
        var position = 13
        if bytes[10] & 0x80 != 0 { position += 3 << (Int(bytes[10] & 7) + 1) }
        func skipSubBlocks() { while bytes[position] != 0 { position += Int(bytes[position]) + 1 }; position += 1 }
        var lengths: [Int] = [], start = position
        while position < bytes.count && bytes[position] != 0x3B {
            if bytes[position] == 0x21 {
                if bytes[position + 1] == 0xF9 { start = position }
                position += 2
                skipSubBlocks()
            } else {
                #expect(bytes[position] == 0x2C)
                let flags = bytes[position + 9]
                position += 10
                if flags & 0x80 != 0 { position += 3 << (Int(flags & 7) + 1) }
                position += 1  // LZW minimum code size
                skipSubBlocks()
                lengths.append(position - start)
            }
        }
        return lengths
    }

    static let oneForm: [GIFWriter.Storage] = [GIFWriter.Storage(forms: [.everyUnchangedTransparent]),
                                               GIFWriter.Storage(forms: [.mixedStretchesTransparent])]

    @Test(arguments: ["slide", "fade", "sparkle"])
    func everyStorageDecodesToThePaletteMappedFrames(_ sequence: String) throws {
        let frames = (0..<6).map { sequence == "slide" ? Self.slide($0) : sequence == "fade" ? Self.fade($0) : Self.sparkle($0) }
        for storage in [GIFWriter.Storage.smallest, .asIs] + Self.oneForm {
            let (bytes, palette) = try Self.encode(frames, storage)
            let decoded = try GIFDecoder.decode(bytes)
            #expect(decoded.frames.count == frames.count)
            for (index, frame) in frames.enumerated() {
                #expect(decoded.frames[index] == Self.mapped(frame, palette), "\(sequence), \(storage.forms), frame \(index)")
            }
        }
    }

    /// Each frame keeps the shorter form: every image of `.smallest` is as long as the shorter of
    /// the same image stored in either form alone (giflib starts each image afresh, so an image's
    /// bytes depend on it alone), and the sequence has frames where each form is the shorter.
    @Test func eachFrameKeepsTheShorterForm() throws {
        let frames = (0..<4).map(Self.slide) + (0..<4).map(Self.sparkle)
        let smallest = Self.imageLengths(try Self.encode(frames, .smallest).bytes)
        let every = Self.imageLengths(try Self.encode(frames, Self.oneForm[0]).bytes)
        let mixed = Self.imageLengths(try Self.encode(frames, Self.oneForm[1]).bytes)
        #expect(smallest.count == frames.count && every.count == frames.count && mixed.count == frames.count)
        for index in frames.indices {
            #expect(smallest[index] == min(every[index], mixed[index]), "frame \(index): \(smallest[index]) of \(every[index]), \(mixed[index])")
        }
        #expect(zip(every, mixed).contains { $0 < $1 }, "the all-transparent form never wins: the sequence does not test the choice")
        #expect(zip(every, mixed).contains { $0 > $1 }, "the mixed form never wins: the sequence does not test the choice")
    }

    /// With all 256 palette entries in use there is no spare index to mean "unchanged". A frame
    /// whose changed pixels leave one index unused marks its unchanged pixels with that index,
    /// even where an unchanged pixel is of that colour (stored or transparent, it shows the same);
    /// a frame whose changed pixels use all 256 is stored as it is.
    @Test func aFullPaletteUsesTheIndexNoChangedPixelUses() throws {
        // 256 colours, each in its own 5-bit bin, so the palette keeps every one exactly.
        let colours: [(UInt8, UInt8, UInt8)] = (0..<256).map { (i: Int) -> (UInt8, UInt8, UInt8) in
            let red: Int = (i % 8) * 32 + 4, green: Int = (i / 8 % 8) * 32 + 4, blue: Int = (i / 64) * 64 + 4
            return (UInt8(red), UInt8(green), UInt8(blue))
        }
        let start = Self.image { x, y in colours[(y * Self.width + x) % 256] }
        // Every pixel but those of colour 0 changes, to colours 1...255.
        let allButColourZero = Self.image { x, y in
            let old = (y * Self.width + x) % 256
            return colours[old == 0 ? 0 : old % 255 + 1]
        }
        // The top half changes to all 256 colours but for four columns in its middle, which
        // stay, as does the bottom half.
        let allColoursChange = Self.image { x, y in
            let old = (y * Self.width + x) % 256
            return y < Self.height / 2 && !(40..<44).contains(x) ? colours[(old + 7) % 256] : colours[old == 0 ? 0 : old % 255 + 1]
        }
        let frames = [start, allButColourZero, allColoursChange]
        for storage in [GIFWriter.Storage.smallest] + Self.oneForm {
            let (bytes, palette) = try Self.encode(frames, storage)
            #expect(palette.colors.count == 256)
            let decoded = try GIFDecoder.decode(bytes)
            for (index, frame) in frames.enumerated() {
                #expect(decoded.frames[index] == Self.mapped(frame, palette), "\(storage.forms), frame \(index)")
            }
            // Graphic controls (21 F9 04 flags delay delay index 00): frame 1 marks unchanged
            // pixels with colour 0's index, frame 2 has no transparent index.
            var controls: [(flags: UInt8, index: UInt8)] = []
            for i in 0..<(bytes.count - 8) where bytes[i] == 0x21 && bytes[i + 1] == 0xF9 && bytes[i + 2] == 4 {
                controls.append((bytes[i + 3], bytes[i + 6]))
            }
            var zero: [UInt8] = []
            palette.indices(for: Self.image { _, _ in colours[0] }, into: &zero)
            #expect(controls.count == 3)
            #expect(controls[1].flags & 1 == 1 && controls[1].index == zero[0], "\(controls[1]), colour 0 is \(zero[0])")
            #expect(controls[2].flags & 1 == 0)
        }
    }
}
