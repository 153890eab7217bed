// C libraries (cairo, giflib) stream bytes through callbacks that carry one opaque pointer;
// these two boxes are what that pointer points at.
final class ByteSink {
    var bytes: [UInt8] = []
}

final class ByteSource {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Copies up to `count` bytes; returns how many were copied.
    func read(into target: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        let available = min(max(0, count), bytes.count - offset)
        guard available > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            target.update(from: source.baseAddress! + offset, count: available)
        }
        offset += available
        return available
    }
}
