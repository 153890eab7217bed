import Foundation
import TransitRender

// The C entry points TransitPipeline's VideoLibrary looks up after loading this library with
// dlopen: the transit executable does not link FFmpeg or libwebp (a hundred shared libraries,
// 20 ms and 20 MiB of every start-up), and loads them only when it writes a video. Handles are
// retained encoders; errors are written into the caller's buffer as UTF-8.

private final class EncoderHandle {
    let encoder: any FrameEncoder
    let width: Int, height: Int
    init(_ encoder: any FrameEncoder, width: Int, height: Int) { self.encoder = encoder; self.width = width; self.height = height }
}

private func report(_ error: Error, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int32) {
    guard let buffer, capacity > 0 else { return }
    let bytes = Array("\(error)".utf8.prefix(Int(capacity) - 1))
    for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
    buffer[bytes.count] = 0
}

/// An encoder for `path` (its format by extension), or nil with the reason in `error`.
@_cdecl("transit_video_open")
public func transitVideoOpen(_ path: UnsafePointer<CChar>, _ width: Int32, _ height: Int32, _ frameRate: Double,
                             _ quality: Double, _ flags: Int32,
                             _ failure: UnsafeMutablePointer<CChar>?, _ capacity: Int32) -> UnsafeMutableRawPointer? {
    do {
        let encoder = try makeFrameEncoder(forPath: String(cString: path), width: Int(width), height: Int(height), frameRate: frameRate,
                                           options: EncoderOptions(quality: quality, flags: flags))
        return Unmanaged.passRetained(EncoderHandle(encoder, width: Int(width), height: Int(height))).toOpaque()
    } catch {
        report(error, failure, capacity)
        return nil
    }
}

/// Encodes one RGBA frame (`width × height × 4` bytes) shown for `duration` seconds; 0 on success.
@_cdecl("transit_video_append")
public func transitVideoAppend(_ handle: UnsafeMutableRawPointer, _ pixels: UnsafePointer<UInt8>, _ count: Int,
                               _ duration: Double, _ failure: UnsafeMutablePointer<CChar>?, _ capacity: Int32) -> Int32 {
    let box = Unmanaged<EncoderHandle>.fromOpaque(handle).takeUnretainedValue()
    do {
        let frame = try RasterImage(width: box.width, height: box.height, pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
        try box.encoder.append(frame, duration: duration)
        return 0
    } catch {
        report(error, failure, capacity)
        return 1
    }
}

/// Encodes one opaque frame in cairo's native-endian ARGB32 words (`width × height` of them),
/// shown for `duration` seconds; 0 on success. No RGBA copy is made (OpaqueFrame).
@_cdecl("transit_video_append_opaque")
public func transitVideoAppendOpaque(_ handle: UnsafeMutableRawPointer, _ words: UnsafePointer<UInt32>, _ count: Int,
                                     _ duration: Double, _ failure: UnsafeMutablePointer<CChar>?, _ capacity: Int32) -> Int32 {
    let box = Unmanaged<EncoderHandle>.fromOpaque(handle).takeUnretainedValue()
    do {
        let frame = try OpaqueFrame(width: box.width, height: box.height, words: Array(UnsafeBufferPointer(start: words, count: count)))
        try box.encoder.append(opaque: frame, duration: duration)
        return 0
    } catch {
        report(error, failure, capacity)
        return 1
    }
}

/// Finishes the file (renamed into place); 0 on success.
@_cdecl("transit_video_finish")
public func transitVideoFinish(_ handle: UnsafeMutableRawPointer, _ failure: UnsafeMutablePointer<CChar>?, _ capacity: Int32) -> Int32 {
    let box = Unmanaged<EncoderHandle>.fromOpaque(handle).takeUnretainedValue()
    do {
        try box.encoder.finish()
        return 0
    } catch {
        report(error, failure, capacity)
        return 1
    }
}

/// Releases the encoder (an unfinished one removes its temporary file).
@_cdecl("transit_video_close")
public func transitVideoClose(_ handle: UnsafeMutableRawPointer) {
    Unmanaged<EncoderHandle>.fromOpaque(handle).release()
}
