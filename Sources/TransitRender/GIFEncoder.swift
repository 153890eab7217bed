import CGif

// Animated GIF through giflib. One global palette for all frames (no per-frame palette
// flicker); after the first frame only the rectangle that changed is stored (disposal "do not
// dispose"), which keeps both the file and the LZW work small. No dithering, so output bytes are
// stable.
//
// Two ways in. `GIFEncoder.encode(frames:)` takes every frame at once. `GIFWriter` takes them
// one at a time, in order, once the palette is known (from a `ColourHistogram` of every frame,
// counted in an earlier pass), and writes each as it comes: so a long animation never holds
// more than the frame being written and the one before it. Both produce the same bytes.
public enum GIFEncoder {
    public static func encode(frames: [RasterImage], delaysInCentiseconds: [Int], loop: Bool = true) throws -> [UInt8] {
        guard let first = frames.first else { throw RenderError("GIF: no frames to encode") }
        guard delaysInCentiseconds.count == frames.count else {
            throw RenderError("GIF: \(frames.count) frames but \(delaysInCentiseconds.count) delays")
        }
        let output = GIFOutput.memory()
        let writer = try GIFWriter(width: first.width, height: first.height, palette: Palette(frames: frames),
                                   loop: loop, output: output)
        for (index, frame) in frames.enumerated() {
            guard frame.width == first.width, frame.height == first.height else {
                throw RenderError("GIF: frame \(index) is \(frame.width)×\(frame.height), frame 0 is \(first.width)×\(first.height)")
            }
            try writer.add(frame, delayInCentiseconds: delaysInCentiseconds[index])
        }
        try writer.finish()
        return output.bytes
    }

    /// Bounding box of the pixels whose index changed; an unchanged frame still needs a 1×1 image.
    static func changedRegion(_ previous: [UInt8], _ current: [UInt8], width: Int, height: Int)
        -> (x: Int, y: Int, width: Int, height: Int) {
        var minX = width, minY = height, maxX = -1, maxY = -1
        previous.withUnsafeBufferPointer { old in
            current.withUnsafeBufferPointer { new in
                for y in 0..<height {
                    let row = y * width
                    var x = 0
                    while x < width && old[row + x] == new[row + x] { x += 1 }
                    guard x < width else { continue }
                    var last = width - 1
                    while old[row + last] == new[row + last] { last -= 1 }
                    minX = min(minX, x); maxX = max(maxX, last)
                    minY = min(minY, y); maxY = y
                }
            }
        }
        if maxX < 0 { return (0, 0, 1, 1) }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    static func describe(_ code: Int32) -> String {
        if let message = GifErrorString(code) { return String(cString: message) }
        return "giflib error \(code)"
    }
}

/// Writes one GIF frame by frame. Frames are mapped to palette indices either here (`add(_:)`)
/// or beforehand on any thread (`Palette.indices(for:into:)`, then `add(indices:)`): the palette
/// is immutable, so several frames can be mapped at once while this writer, which is not
/// thread-safe, takes them one at a time in order.
public final class GIFWriter {
    public let width: Int
    public let height: Int
    public let palette: Palette
    private let output: GIFOutput
    private let gif: UnsafeMutablePointer<GifFileType>
    private var previous: [UInt8] = []
    private var current: [UInt8] = []
    /// The rows written for a frame after the first: the changed rectangle with unchanged pixels
    /// as the transparent index (reused between frames).
    private var stored: [UInt8] = []
    /// Entries of the colour table: indices at or past the palette's count show nothing.
    private var tableSize = 2
    private var frameCount = 0
    private var closed = false

    public init(width: Int, height: Int, palette: Palette, loop: Bool = true, output: GIFOutput) throws {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw RenderError("GIF: cannot encode \(width)×\(height) frames")
        }
        self.width = width
        self.height = height
        self.palette = palette
        self.output = output
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(output).toOpaque(), { file, data, length in
            guard let file, let data, let user = file.pointee.UserData else { return 0 }
            let output = Unmanaged<GIFOutput>.fromOpaque(user).takeUnretainedValue()
            return output.write(UnsafeRawBufferPointer(start: data, count: Int(length))) ? length : 0
        }, &error) else { throw RenderError("GIF: EGifOpen failed (\(GIFEncoder.describe(error)))") }
        self.gif = gif
        do {
            try writeHeader(loop: loop)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    private func check(_ result: Int32, _ step: String) throws {
        guard result == GIF_OK else {
            if let failure = output.failure { throw failure }
            throw RenderError("GIF: \(step) failed (\(GIFEncoder.describe(gif.pointee.Error)))")
        }
    }

    private func writeHeader(loop: Bool) throws {
        tableSize = 2
        while tableSize < palette.colors.count { tableSize *= 2 }
        var entries = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: tableSize)
        for (index, color) in palette.colors.enumerated() {
            entries[index] = GifColorType(Red: color.red, Green: color.green, Blue: color.blue)
        }
        guard let colorMap = GifMakeMapObject(Int32(tableSize), &entries) else { throw RenderError("GIF: cannot build the colour map") }
        defer { GifFreeMapObject(colorMap) }

        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, colorMap), "screen descriptor")
        if loop {
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "loop extension")
            var identifier = Array("NETSCAPE2.0".utf8)
            try check(EGifPutExtensionBlock(gif, 11, &identifier), "loop extension")
            var loopForever: [UInt8] = [1, 0, 0]
            try check(EGifPutExtensionBlock(gif, 3, &loopForever), "loop extension")
            try check(EGifPutExtensionTrailer(gif), "loop extension")
        }
    }

    /// Appends `frame` (the writer's size), shown for `delay` centiseconds (clamped to 0...65535).
    public func add(_ frame: RasterImage, delayInCentiseconds delay: Int) throws {
        guard frame.width == width, frame.height == height else {
            throw RenderError("GIF: frame \(frameCount) is \(frame.width)×\(frame.height), frame 0 is \(width)×\(height)")
        }
        palette.indices(for: frame, into: &current)
        try addCurrent(delay: delay)
    }

    /// Appends a frame already mapped through `palette` (width × height indices, row-major).
    public func add(indices: [UInt8], delayInCentiseconds delay: Int) throws {
        guard indices.count == width * height else {
            throw RenderError("GIF: frame \(frameCount) has \(indices.count) indices for \(width)×\(height) pixels")
        }
        current = indices
        try addCurrent(delay: delay)
    }

    private func addCurrent(delay: Int) throws {
        guard !closed else { throw RenderError("GIF: the writer is finished") }
        let region = frameCount == 0 ? (x: 0, y: 0, width: width, height: height)
            : GIFEncoder.changedRegion(previous, current, width: width, height: height)
        // After the first frame, a pixel the frame did not change is stored as a transparent
        // index (disposal "do not dispose" keeps the previous frame under it), so the changed
        // rectangle's unchanged parts become long runs of one code, as gifsicle -O3 stores
        // them. The index is one no changed pixel of the rectangle uses (one past the palette
        // when the colour table has room); when all 256 are used, the frame is stored as it is.
        // Decoded, every frame is the same picture as without transparency.
        let transparent = frameCount == 0 ? nil : transparentIndex(in: region)
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                           DelayTime: Int32(min(65535, max(0, delay))),
                                           TransparentColor: transparent.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), &extensionBytes), "graphic control")
        try check(EGifPutImageDesc(gif, Int32(region.x), Int32(region.y), Int32(region.width),
                                   Int32(region.height), false, nil), "image descriptor")
        let width = self.width
        if let transparent {
            if stored.count < region.width { stored = [UInt8](repeating: 0, count: region.width) }
            try current.withUnsafeBufferPointer { now in
                try previous.withUnsafeBufferPointer { before in
                    try stored.withUnsafeMutableBufferPointer { line in
                        for row in region.y..<(region.y + region.height) {
                            let start = row * width + region.x
                            for x in 0..<region.width {
                                let index = now[start + x]
                                line[x] = index == before[start + x] ? transparent : index
                            }
                            try check(EGifPutLine(gif, line.baseAddress!, Int32(region.width)), "pixel data")
                        }
                    }
                }
            }
        } else {
            try current.withUnsafeMutableBufferPointer { buffer in
                for row in region.y..<(region.y + region.height) {
                    try check(EGifPutLine(gif, buffer.baseAddress! + row * width + region.x, Int32(region.width)), "pixel data")
                }
            }
        }
        swap(&previous, &current)
        frameCount += 1
    }

    /// An index no pixel the frame changed inside `region` uses, or nil when all are used or
    /// when most of the rectangle changed: then the unchanged pixels are scattered, and marking
    /// them breaks the runs of the changed ones more than it makes runs of its own (a turning 3D
    /// face or a moving gradient came out 4–11 % larger with transparency; a card moving over a
    /// still screen 8–22 % smaller without the rule's exceptions).
    private func transparentIndex(in region: (x: Int, y: Int, width: Int, height: Int)) -> UInt8? {
        var used = [Bool](repeating: false, count: 256)
        var changed = 0
        current.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                for row in region.y..<(region.y + region.height) {
                    let start = row * width + region.x
                    for x in 0..<region.width where now[start + x] != before[start + x] {
                        used[Int(now[start + x])] = true
                        changed += 1
                    }
                }
            }
        }
        guard Double(changed) <= Self.transparencyLimit * Double(region.width * region.height) else { return nil }
        if palette.colors.count < tableSize { return UInt8(palette.colors.count) }
        return used.firstIndex(of: false).map { UInt8($0) }
    }

    /// The largest share of the changed rectangle's pixels that may have changed for the rest
    /// to be stored as transparent.
    static let transparencyLimit = 0.5

    /// Writes the trailer. The output is complete (and, for a file, flushed) only after this.
    public func finish() throws {
        guard !closed else { return }
        closed = true
        var closeError: Int32 = 0
        let result = EGifCloseFile(gif, &closeError)
        if let failure = output.failure { throw failure }
        guard result == GIF_OK else { throw RenderError("GIF: closing failed (\(GIFEncoder.describe(closeError)))") }
        try output.flush()
    }

    private func close() {
        guard !closed else { return }
        closed = true
        var ignored: Int32 = 0
        EGifCloseFile(gif, &ignored)
    }
}
