import CGif

// Reads GIFs back into full frames (tests check what the encoder wrote). Sub-images are
// composited onto the logical screen honouring transparency and disposal modes 2 and 3.
public enum GIFDecoder {
    public static func decode(_ bytes: [UInt8]) throws -> (frames: [RasterImage], delays: [Int]) {
        let source = ByteSource(bytes)
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), { file, data, length in
            guard let file, let data, let user = file.pointee.UserData else { return 0 }
            let source = Unmanaged<ByteSource>.fromOpaque(user).takeUnretainedValue()
            return Int32(source.read(into: data, count: Int(length)))
        }, &error) else { throw RenderError("GIF: cannot open (\(GIFEncoder.describe(error)))") }
        defer { var ignored: Int32 = 0; DGifCloseFile(gif, &ignored) }
        guard DGifSlurp(gif) == GIF_OK else {
            throw RenderError("GIF: cannot decode (\(GIFEncoder.describe(gif.pointee.Error)))")
        }
        return withExtendedLifetime(source) { composite(gif) }
    }

    private static func composite(_ gif: UnsafeMutablePointer<GifFileType>) -> (frames: [RasterImage], delays: [Int]) {
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        var canvas = RasterImage(width: width, height: height)
        var frames: [RasterImage] = [], delays: [Int] = []
        for index in 0..<Int(max(0, gif.pointee.ImageCount)) {
            guard let saved = gif.pointee.SavedImages?[index] else { continue }
            var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false,
                                               DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
            _ = DGifSavedExtensionToGCB(gif, Int32(index), &control)
            let description = saved.ImageDesc
            guard let map = description.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors,
                  let raster = saved.RasterBits else { continue }
            let colorCount = Int(map.pointee.ColorCount)
            let before = canvas
            let left = Int(description.Left), top = Int(description.Top)
            let frameWidth = Int(description.Width), frameHeight = Int(description.Height)
            canvas.pixels.withUnsafeMutableBufferPointer { pixels in
                for y in 0..<frameHeight where top + y >= 0 && top + y < height {
                    for x in 0..<frameWidth where left + x >= 0 && left + x < width {
                        let colorIndex = Int(raster[y * frameWidth + x])
                        guard colorIndex != Int(control.TransparentColor), colorIndex < colorCount else { continue }
                        let color = colors[colorIndex]
                        let offset = ((top + y) * width + left + x) * 4
                        pixels[offset] = color.Red; pixels[offset + 1] = color.Green
                        pixels[offset + 2] = color.Blue; pixels[offset + 3] = 255
                    }
                }
            }
            frames.append(canvas)
            delays.append(Int(control.DelayTime))
            if control.DisposalMode == DISPOSE_BACKGROUND {
                let rows = max(0, top)..<max(max(0, top), min(height, top + frameHeight))
                let columns = max(0, left)..<max(max(0, left), min(width, left + frameWidth))
                canvas.pixels.withUnsafeMutableBufferPointer { pixels in
                    for y in rows {
                        for x in columns {
                            let offset = (y * width + x) * 4
                            for channel in 0..<4 { pixels[offset + channel] = 0 }
                        }
                    }
                }
            } else if control.DisposalMode == DISPOSE_PREVIOUS {
                canvas = before
            }
        }
        return (frames, delays)
    }
}
