import CGif

// Animated GIF through giflib. One global palette for all frames (no per-frame palette
// flicker); after the first frame only the rectangle that changed is stored (disposal "do not
// dispose"), in the shorter of two forms that mark unchanged pixels transparent differently
// (`GIFWriter.addCurrent`; docs/formats.md, "GIF: what each frame stores"). No dithering, so
// output bytes are stable.
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
    /// The changed rectangle's rows stored two ways (see `prepareForms`), reused between frames,
    /// and a copy of the shorter compressed form while the other is tried.
    private var allUnchanged: [UInt8] = []
    private var mixedUnchanged: [UInt8] = []
    private var shorter: [UInt8] = []
    /// Entries of the colour table: indices at or past the palette's count show nothing.
    private var tableSize = 2
    private var frameCount = 0
    private var closed = false
    private let storage: Storage

    /// The forms a frame after the first may be stored in: the writer compresses each and keeps
    /// the shortest (`addCurrent`). `.smallest` is what Transit writes. `.asIs` compresses the
    /// changed rectangle once with no transparency: the least work giflib can do for these
    /// frames, the floor `transit bench` measures the encoder against (the same frames,
    /// decoded). A storage of one form is for tests.
    public struct Storage: Sendable, Equatable {
        let forms: [Form]
        public static let smallest = Storage(forms: [.everyUnchangedTransparent, .mixedStretchesTransparent])
        public static let asIs = Storage(forms: [])
    }

    /// Ways of storing a changed rectangle, both decoding to the frame (`prepareForms`).
    enum Form: Sendable, Equatable { case everyUnchangedTransparent, mixedStretchesTransparent }

    public init(width: Int, height: Int, palette: Palette, loop: Bool = true, output: GIFOutput,
                storage: Storage = .smallest) throws {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw RenderError("GIF: cannot encode \(width)×\(height) frames")
        }
        self.width = width
        self.height = height
        self.palette = palette
        self.output = output
        self.storage = storage
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
        let delay = Int32(min(65535, max(0, delay)))
        defer { swap(&previous, &current); frameCount += 1 }
        guard frameCount > 0 else {
            return try current.withUnsafeMutableBufferPointer { pixels in
                try writeImage((0, 0, width, height), rows: pixels.baseAddress!, stride: width, transparent: nil, delay: delay)
            }
        }
        let region = GIFEncoder.changedRegion(previous, current, width: width, height: height)
        let forms = storage.forms.isEmpty ? (transparent: nil, differ: false) : prepareForms(in: region)
        guard let transparent = forms.transparent else {
            // Every pixel of the rectangle changed, or no index is free to mean "unchanged"
            // (or the floor is measured): the rectangle is stored as it is.
            return try current.withUnsafeMutableBufferPointer { pixels in
                try writeImage(region, rows: pixels.baseAddress! + region.y * width + region.x, stride: width,
                               transparent: nil, delay: delay)
            }
        }
        // Each form is compressed and the shortest kept. Which one wins depends on how LZW
        // meets the picture: marking every unchanged pixel wins where the unchanged ones are
        // scattered among changed ones of many colours (a cross-fade), keeping single-colour
        // stretches wins where a moving edge leaves stretches that continue a changed run (a
        // slide). Neither rule alone stays within 1.05× of gifsicle -O3 on every shipped
        // effect; the smaller of the two does (docs/formats.md, "GIF: what each frame stores").
        output.hold()
        let start = output.mark
        var written = false
        for form in storage.forms {
            // Without a stretch of one colour the mixed form is the other one, byte for byte.
            if form == .mixedStretchesTransparent && !forms.differ && storage.forms.contains(.everyUnchangedTransparent) { continue }
            if written {
                output.copy(since: start, into: &shorter)
                output.truncate(to: start)
            }
            func write(_ rows: inout UnsafeMutableBufferPointer<UInt8>) throws {
                try writeImage(region, rows: rows.baseAddress!, stride: region.width, transparent: transparent, delay: delay)
            }
            if form == .everyUnchangedTransparent {
                try allUnchanged.withUnsafeMutableBufferPointer(write)
            } else {
                try mixedUnchanged.withUnsafeMutableBufferPointer(write)
            }
            if written && output.mark - start > shorter.count {
                output.truncate(to: start)
                output.append(shorter)
            }
            written = true
        }
        try output.release()
    }

    /// Fills the two ways of storing the changed rectangle (row after row, as LZW reads them):
    /// `allUnchanged` has every pixel the frame did not change as the transparent index;
    /// `mixedUnchanged` only those in a stretch of unchanged pixels that holds more than one
    /// colour, a stretch of one colour keeping its colour (it can continue a run of changed
    /// pixels of that colour; transparent, it would cut the run). Decoded, both are the frame:
    /// an unchanged pixel shows the same colour whether stored or left transparent.
    /// `transparent` is nil when no pixel is unchanged or no index is free; `differ` is false
    /// when no stretch has a single colour (the two forms are the same bytes).
    private func prepareForms(in region: (x: Int, y: Int, width: Int, height: Int)) -> (transparent: UInt8?, differ: Bool) {
        let count = region.width * region.height
        if allUnchanged.count < count {
            allUnchanged = [UInt8](repeating: 0, count: count)
            mixedUnchanged = [UInt8](repeating: 0, count: count)
        }
        let width = self.width
        // One past the palette when the colour table has room; else an index no changed pixel
        // uses (an unchanged pixel may use it: stored or transparent, it shows the same colour).
        var free: UInt8? = palette.colors.count < tableSize ? UInt8(palette.colors.count) : nil
        if free == nil {
            var used = (0..<4).map { _ in UInt64(0) }
            current.withUnsafeBufferPointer { now in
                previous.withUnsafeBufferPointer { before in
                    for row in region.y..<(region.y + region.height) {
                        let start = row * width + region.x
                        for x in start..<(start + region.width) where now[x] != before[x] {
                            used[Int(now[x] >> 6)] |= 1 << UInt64(now[x] & 63)
                        }
                    }
                }
            }
            if let word = used.firstIndex(where: { $0 != ~0 }) { free = UInt8(word * 64 + (~used[word]).trailingZeroBitCount) }
        }
        guard let transparent = free else { return (nil, false) }
        var unchanged = 0, differ = false
        current.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                allUnchanged.withUnsafeMutableBufferPointer { all in
                    mixedUnchanged.withUnsafeMutableBufferPointer { mixed in
                        // The open stretch of unchanged pixels: where it starts in the
                        // rectangle (-1: none), its first colour, and whether another followed.
                        var stretchStart = -1, stretchColour: UInt8 = 0, stretchMixed = false
                        var index = 0
                        for row in region.y..<(region.y + region.height) {
                            let start = row * width + region.x
                            for x in start..<(start + region.width) {
                                let pixel = now[x]
                                mixed[index] = pixel
                                if pixel == before[x] {
                                    all[index] = transparent
                                    unchanged += 1
                                    if stretchStart < 0 {
                                        stretchStart = index; stretchColour = pixel; stretchMixed = false
                                    } else if pixel != stretchColour {
                                        stretchMixed = true
                                    }
                                } else {
                                    all[index] = pixel
                                    if stretchStart >= 0 {
                                        if stretchMixed {
                                            (mixed.baseAddress! + stretchStart).update(repeating: transparent, count: index - stretchStart)
                                        } else {
                                            differ = true
                                        }
                                        stretchStart = -1
                                    }
                                }
                                index += 1
                            }
                        }
                        if stretchStart >= 0 {
                            if stretchMixed {
                                (mixed.baseAddress! + stretchStart).update(repeating: transparent, count: index - stretchStart)
                            } else {
                                differ = true
                            }
                        }
                    }
                }
            }
        }
        return unchanged == 0 ? (nil, false) : (transparent, differ)
    }

    /// Writes one image: its graphic control (delay, disposal "do not dispose", the
    /// transparent index if any) and `region.height` rows of `region.width` indices, each
    /// `stride` after the one before.
    private func writeImage(_ region: (x: Int, y: Int, width: Int, height: Int), rows: UnsafeMutablePointer<UInt8>, stride: Int,
                            transparent: UInt8?, delay: Int32) throws {
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: delay,
                                           TransparentColor: transparent.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var extensionBytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        try withUnsafeMutableBytes(of: &extensionBytes) { bytes in
            let length = EGifGCBToExtension(&control, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), bytes.baseAddress!), "graphic control")
        }
        try check(EGifPutImageDesc(gif, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height), false, nil),
                  "image descriptor")
        for row in 0..<region.height {
            // giflib masks the line to the colour table's bits in place; every index is below
            // the table's size, so the mask changes nothing.
            try check(EGifPutLine(gif, rows + row * stride, Int32(region.width)), "pixel data")
        }
    }

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
