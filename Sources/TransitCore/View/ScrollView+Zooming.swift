// UIScrollView's zooming and its safe-area inset adjustment.
//
// Zooming: the delegate's viewForZooming names the view that scales; setting zoomScale (or a
// pinch, once maximumZoomScale exceeds minimumZoomScale) sets that view's transform to the scale,
// puts its frame's origin at the content's origin and makes the content size its frame's size,
// as UIScrollView does, then tells the delegate scrollViewDidZoom. A pinch keeps the point under
// the fingers where it is.
//
// adjustedContentInset: contentInset plus the part of the safe area the behavior adds
// (contentInsetAdjustmentBehavior): `never` none, `always` all of it, `scrollableAxes` on the
// axes that scroll, `automatic` like scrollableAxes and always the top and bottom of a vertical
// scroll view that is its controller's view or first subview of it (UIKit's rule for scroll views
// a view controller owns). The offsets a drag may reach follow it.

/// UIScrollView.ContentInsetAdjustmentBehavior.
public enum ContentInsetAdjustmentBehavior: String, CaseIterable, Sendable { case automatic, scrollableAxes, never, always }

struct ZoomState {
    var scale = 1.0
    var minimum = 1.0
    var maximum = 1.0
    var pinch: PinchGestureRecognizer?
    var pinchStartScale = 1.0
    var pinchStartOffset = Point.zero
    var pinchFocus = Point.zero
}

extension ScrollView {
    // MARK: - Insets

    public var adjustedContentInset: EdgeInsets {
        let safe = safeAreaInsets
        var added = EdgeInsets.zero
        switch contentInsetAdjustmentBehavior {
        case .never: break
        case .always: added = safe
        case .scrollableAxes, .automatic:
            let ownedByController = viewController != nil || superview?.viewController != nil
            let vertical = scrollsVerticallyIgnoringAdjustment
                || (contentInsetAdjustmentBehavior == .automatic && ownedByController)
            if vertical { added.top = safe.top; added.bottom = safe.bottom }
            if scrollsHorizontallyIgnoringAdjustment { added.left = safe.left; added.right = safe.right }
        }
        return contentInset + added
    }

    /// Whether an axis scrolls on the content and the insets the script set (the adjustment
    /// itself depends on it, so it cannot ask scrollsVertically).
    var scrollsVerticallyIgnoringAdjustment: Bool {
        contentSize.height + contentInset.top + contentInset.bottom > bounds.height || alwaysBounceVertical
    }
    var scrollsHorizontallyIgnoringAdjustment: Bool {
        contentSize.width + contentInset.left + contentInset.right > bounds.width || alwaysBounceHorizontal
    }

    // MARK: - Zooming

    public var zoomScale: Double { zooming.scale }
    public var minimumZoomScale: Double { zooming.minimum }
    public var maximumZoomScale: Double { zooming.maximum }
    public var pinchGestureRecognizer: PinchGestureRecognizer? { zooming.pinch }

    /// minimumZoomScale / maximumZoomScale: UIKit's defaults are 1 and 1 (no zooming). A pinch
    /// recognizer exists while the maximum exceeds the minimum.
    public func setZoomScaleRange(minimum: Double, maximum: Double) throws {
        guard minimum.isFinite, maximum.isFinite, minimum > 0, maximum > 0 else {
            throw ModelUsageError.scrolling("zoom scales must be finite numbers > 0 (got \(formatNumber(minimum)) and \(formatNumber(maximum)))")
        }
        zooming.minimum = minimum
        zooming.maximum = maximum
        if maximum > minimum, zooming.pinch == nil {
            let pinch = PinchGestureRecognizer(world: world, kind: .pinch)
            pinch.action = { [unowned self] recognizer in try self.pinched(recognizer) }
            addGestureRecognizer(pinch)
            zooming.pinch = pinch
        } else if maximum <= minimum, let pinch = zooming.pinch {
            removeGestureRecognizer(pinch)
            zooming.pinch = nil
        }
    }

    /// setZoomScale(_:animated:): clamped to [minimum, maximum]; inside an animation block (or
    /// with `animated`, over 0.3 s) the zoom view's transform and the content animate.
    public func setZoomScale(_ scale: Double, animated: Bool) throws {
        guard scale.isFinite else { throw ModelUsageError.scrolling("zoomScale must be a finite number (got \(formatNumber(scale)))") }
        let clamped = min(max(scale, zooming.minimum), max(zooming.minimum, zooming.maximum))
        if animated {
            try world.animate(duration: 0.3, animations: { try applyZoom(clamped) })
        } else {
            try applyZoom(clamped)
        }
    }

    /// The delegate's viewForZooming(scrollView), if it answers with a subview.
    public func viewForZooming() throws -> View? {
        guard let delegate else { return nil }
        guard let value = try world.callIfImplemented(delegate, Hook.ScrollViewDelegate.viewForZooming, [.object(self)]) else { return nil }
        guard let view = value.object as? View, view.superview === self else {
            if value.isNone { return nil }
            throw world.hookError(delegate, Hook.ScrollViewDelegate.viewForZooming, "viewForZooming must return a subview of the scroll view, or nil (got \(value.traceDescription))")
        }
        return view
    }

    private func applyZoom(_ scale: Double) throws {
        guard let view = try viewForZooming() else { zooming.scale = scale; return }
        zooming.scale = scale
        let size = view.bounds.size
        view.transform = Transform2D(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
        view.center = Point(x: size.width * scale / 2, y: size.height * scale / 2)
        contentSize = Size(width: size.width * scale, height: size.height * scale)
        if let delegate { _ = try world.callIfImplemented(delegate, Hook.ScrollViewDelegate.scrollViewDidZoom, [.object(self)]) }
    }

    /// A pinch zooms about the fingers: the content point under them stays under them.
    private func pinched(_ recognizer: GestureRecognizer) throws {
        guard let pinch = recognizer as? PinchGestureRecognizer else { return }
        switch pinch.state {
        case .began:
            zooming.pinchStartScale = zooming.scale
            zooming.pinchStartOffset = contentOffset
            zooming.pinchFocus = pinch.location(in: self)
        case .changed:
            let start = zooming.pinchStartScale
            let target = min(max(start * pinch.scale, zooming.minimum), zooming.maximum)
            guard target.isFinite, target > 0 else { return }
            try applyZoom(target)
            // The focus in content coordinates at the start, scaled, minus where it is on screen.
            let onScreen = zooming.pinchFocus - zooming.pinchStartOffset
            let ratio = target / start
            let offset = Point(x: zooming.pinchFocus.x * ratio - onScreen.x, y: zooming.pinchFocus.y * ratio - onScreen.y)
            let (low, high) = offsetRange
            let bounded = Point(x: min(max(offset.x, low.x), high.x), y: min(max(offset.y, low.y), high.y))
            if bounded.isFinite { try setContentOffset(bounded) }
        default:
            break
        }
    }
}
