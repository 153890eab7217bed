import CCairo
import TransitCore

// A UIImage that is a picture of views (drawHierarchy in an image context): its frozen tree is
// drawn where the image is shown, placed by the content mode as decoded pixels are, at the
// resolution of the frame (a picture has no pixels of its own to blur when scaled up).
extension LayerPainter {
    func drawPicture(_ picture: LayerSnapshot, of image: ImageContent, in bounds: Rect, mapping: Homography,
                     alpha: Double, context: OpaquePointer, depth: Int) {
        let source = picture.bounds
        guard source.isFinite, source.width > 0, source.height > 0 else { return }
        let target = LayerPainter.destination(of: source.size, mode: image.contentMode, in: bounds)
        guard target.isFinite, target.width > 0, target.height > 0 else { return }
        let fit = Homography.translation(-source.origin.x, -source.origin.y)
            .concatenating(.scale(target.width / source.width, target.height / source.height))
            .concatenating(.translation(target.origin.x, target.origin.y))
            .concatenating(mapping)
        let opacity = CairoBridge.clamp01(alpha)
        guard opacity > 0 else { return }
        if opacity < 1 { pushGroup(context) }
        draw(picture, in: fit, context: context, depth: depth + 1)
        if opacity < 1 { popGroupAndPaint(context, alpha: opacity) }
        LayerPainter.apply(mapping, to: context)
    }

    /// UIImageView's content modes for an image of `size` points (ImagePainter's rules).
    static func destination(of size: Size, mode: ContentMode, in bounds: Rect) -> Rect {
        let rect = bounds.standardized
        switch mode {
        case .scaleToFill:
            return rect
        case .scaleAspectFit, .scaleAspectFill:
            let horizontal = rect.width / size.width, vertical = rect.height / size.height
            let factor = mode == .scaleAspectFit ? min(horizontal, vertical) : max(horizontal, vertical)
            let width = size.width * factor, height = size.height * factor
            return Rect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
        case .center:
            return Rect(x: rect.midX - size.width / 2, y: rect.midY - size.height / 2, width: size.width, height: size.height)
        }
    }
}
