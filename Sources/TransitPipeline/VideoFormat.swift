import Foundation
import TransitCore
import TransitRender

/// `.mp4`, `.webm`, `.webp`: video and animated WebP, encoded frame by frame as they are drawn
/// (memory flat in the frame count). The encoders are TransitRender's (docs/formats.md).
public enum VideoFormat {
    static let entries: [OutputFormats.Entry] = []
}
