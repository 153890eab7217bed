import CGif

// Animated GIF through giflib, streamed into memory. One global palette for all frames (no
// per-frame palette flicker); after the first frame only the rectangle that changed is stored
// (disposal "do not dispose"), which keeps both the file and the LZW work small. No dithering,
// so output bytes are stable.
public enum GIFEncoder {
    public static func encode(frames: [RasterImage], delaysInCentiseconds: [Int], loop: Bool = true) throws -> [UInt8] {
        guard let first = frames.first else { throw RenderError("GIF: no frames to encode") }
        guard delaysInCentiseconds.count == frames.count else {
            throw RenderError("GIF: \(frames.count) frames but \(delaysInCentiseconds.count) delays")
        }
        let width = first.width, height = first.height
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw RenderError("GIF: cannot encode \(width)×\(height) frames")
        }
        for (index, frame) in frames.enumerated() where frame.width != width || frame.height != height {
            throw RenderError("GIF: frame \(index) is \(frame.width)×\(frame.height), frame 0 is \(width)×\(height)")
        }

        var palette = Palette(frames: frames)
        let sink = ByteSink()
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { file, data, length in
            guard let file, let data, let user = file.pointee.UserData else { return 0 }
            let sink = Unmanaged<ByteSink>.fromOpaque(user).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return length
        }, &error) else { throw RenderError("GIF: EGifOpen failed (\(describe(error)))") }

        var closed = false
        defer { if !closed { var ignored: Int32 = 0; EGifCloseFile(gif, &ignored) } }
        func check(_ result: Int32, _ step: String) throws {
            guard result == GIF_OK else { throw RenderError("GIF: \(step) failed (\(describe(gif.pointee.Error)))") }
        }

        var tableSize = 2
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

        var previous: [UInt8] = []
        var current: [UInt8] = []
        for (index, frame) in frames.enumerated() {
            palette.indices(for: frame, into: &current)
            let region = index == 0 ? (x: 0, y: 0, width: width, height: height)
                : changedRegion(previous, current, width: width, height: height)

            var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                               DelayTime: Int32(min(65535, max(0, delaysInCentiseconds[index]))),
                                               TransparentColor: NO_TRANSPARENT_COLOR)
            var extensionBytes = [UInt8](repeating: 0, count: 4)
            let length = EGifGCBToExtension(&control, &extensionBytes)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), &extensionBytes), "graphic control")
            try check(EGifPutImageDesc(gif, Int32(region.x), Int32(region.y), Int32(region.width),
                                       Int32(region.height), false, nil), "image descriptor")
            try current.withUnsafeMutableBufferPointer { buffer in
                for row in region.y..<(region.y + region.height) {
                    try check(EGifPutLine(gif, buffer.baseAddress! + row * width + region.x, Int32(region.width)), "pixel data")
                }
            }
            swap(&previous, &current)
        }
        closed = true
        var closeError: Int32 = 0
        guard EGifCloseFile(gif, &closeError) == GIF_OK else { throw RenderError("GIF: closing failed (\(describe(closeError)))") }
        return withExtendedLifetime(sink) { sink.bytes }
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
