// UILabel and UIImageView: views whose layer draws text or an image.

public final class Label: View {
    public override class var className: String { "UILabel" }

    public var text: String? { didSet { recharge(from: oldValue, to: text); updateContent() } }
    public var textColor = Color(white: 0) { didSet { updateContent() } }
    public var fontSize = 17.0 { didSet { updateContent() } }
    public var fontWeight: FontWeight = .regular { didSet { updateContent() } }
    public var textAlignment: TextAlignment = .natural { didSet { updateContent() } }
    public var numberOfLines = 1 { didSet { updateContent() } }

    public override init(world: World, frame: Rect = .zero) {
        super.init(world: world, frame: frame)
    }

    public override var traceName: String {
        if name == nil, let text { return "UILabel \"\(text.prefix(24))\"" }
        return super.traceName
    }

    /// UILabel's intrinsic size: its text laid out on one line (or the lines it may take), by
    /// the world's text measurer (the renderer's; an estimate without one).
    public override var intrinsicContentSize: Size {
        guard let text, !text.isEmpty else { return Size(width: 0, height: 0) }
        let content = TextContent(text: text, fontSize: fontSize, fontWeight: fontWeight, color: textColor,
                                  alignment: textAlignment, numberOfLines: numberOfLines)
        return world.textMeasurer?.size(of: content, fittingWidth: nil) ?? TextEstimate.size(of: content)
    }

    private func updateContent() {
        invalidateIntrinsicContentSize()
        guard let text, !text.isEmpty else { layer.content = .none; return }
        layer.content = .text(TextContent(text: text, fontSize: fontSize, fontWeight: fontWeight, color: textColor,
                                          alignment: textAlignment, numberOfLines: numberOfLines))
    }
}

public final class ImageView: View {
    public override class var className: String { "UIImageView" }

    public var image: ImageContent? { didSet { updateContent() } }
    public var contentMode: ContentMode = .scaleToFill { didSet { updateContent() } }

    public override init(world: World, frame: Rect = .zero) {
        super.init(world: world, frame: frame)
    }

    /// UIImageView's intrinsic size: its image's size in points.
    public override var intrinsicContentSize: Size {
        guard let image else { return Size(width: noIntrinsicMetric, height: noIntrinsicMetric) }
        return Size(width: Double(image.width), height: Double(image.height))
    }

    private func updateContent() {
        invalidateIntrinsicContentSize()
        guard var image else { layer.content = .none; return }
        image.contentMode = contentMode
        layer.content = .image(image)
    }
}
