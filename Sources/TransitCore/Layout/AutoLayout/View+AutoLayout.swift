// UIView's side of Auto Layout: the switch between frames and constraints, the constraints a
// view holds, its layout guides, its intrinsic content size and priorities, and the
// updateConstraints pass (LayoutEngine.swift solves; layoutSubviews applies).

/// UIView.noIntrinsicMetric.
public let noIntrinsicMetric = -1.0

/// Auto Layout's per-view state, kept apart from the view's geometry.
struct ViewAutoLayoutState {
    var translatesAutoresizingMaskIntoConstraints = true
    /// `view.constraints`: the active constraints installed on this view (their items' nearest
    /// common ancestor).
    var installedConstraints: [LayoutConstraint] = []
    /// Guides added with addLayoutGuide.
    var layoutGuides: [LayoutGuide] = []
    var contentHugging = (horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow)
    var compressionResistance = (horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh)
    var needsUpdateConstraints = false
    /// The intrinsic size last computed; nil once invalidated.
    var intrinsicSize: Size?
}

extension View {
    /// translatesAutoresizingMaskIntoConstraints: true (UIKit's default for views made in code)
    /// holds the view where its frame is; false lets constraints place it.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayout.translatesAutoresizingMaskIntoConstraints }
        set {
            guard newValue != autoLayout.translatesAutoresizingMaskIntoConstraints else { return }
            autoLayout.translatesAutoresizingMaskIntoConstraints = newValue
            // A view that starts using constraints gets its first updateConstraints, as UIKit's do.
            if !newValue { setNeedsUpdateConstraints() }
            world.autoLayoutEngine?.modelChanged()
            (superview ?? self).setNeedsLayout()
        }
    }

    /// UIView.constraints.
    public var installedConstraints: [LayoutConstraint] {
        get { autoLayout.installedConstraints }
        // In place: a get-then-set would copy the array on every append, quadratic in the
        // constraints one view holds (a screen's root holds most of them).
        _modify { yield &autoLayout.installedConstraints }
    }

    /// UIView.layoutGuides (the ones added; the system guides are apart).
    public var layoutGuides: [LayoutGuide] { autoLayout.layoutGuides }

    public func addLayoutGuide(_ guide: LayoutGuide) throws {
        guard guide.kind == .custom else { throw ModelUsageError.viewHierarchy("\(guide.traceName) is a system guide; only a UILayoutGuide() can be added") }
        if let owner = guide.owningView, owner !== self { owner.removeLayoutGuide(guide) }
        guard guide.owningView !== self else { return }
        guide.setOwningView(self)
        autoLayout.layoutGuides.append(guide)
    }

    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self else { return }
        if let engine = world.autoLayoutEngine {
            for constraint in engine.constraints(involving: guide) { engine.deactivate(constraint) }
        }
        autoLayout.layoutGuides.removeAll { $0 === guide }
        guide.setOwningView(nil)
    }

    /// addConstraint(_:): UIKit's older API, the same as activating it.
    public func addConstraint(_ constraint: LayoutConstraint) throws { try constraint.setActive(true) }
    public func removeConstraint(_ constraint: LayoutConstraint) {
        guard constraint.installedOn === self else { return }
        try? constraint.setActive(false)
    }

    // MARK: - Intrinsic size

    /// The size in force: the script's override, else UIKit's; cached until invalidated.
    public func currentIntrinsicContentSize() -> Size {
        if let size = autoLayout.intrinsicSize { return size }
        var size = intrinsicContentSize
        if let value = try? callOverride(Hook.View.intrinsicContentSize), let given = value.size { size = given }
        if !size.isFinite { size = Size(width: noIntrinsicMetric, height: noIntrinsicMetric) }
        autoLayout.intrinsicSize = size
        return size
    }

    /// invalidateIntrinsicContentSize(): the next layout pass asks again.
    public func invalidateIntrinsicContentSize() {
        autoLayout.intrinsicSize = nil
        guard let engine = world.autoLayoutEngine else { return }
        engine.modelChanged()
        (superview ?? self).setNeedsLayout()
    }

    public var contentHugging: (horizontal: Double, vertical: Double) { autoLayout.contentHugging }
    public var compressionResistance: (horizontal: Double, vertical: Double) { autoLayout.compressionResistance }

    public func setContentHuggingPriority(_ priority: Double, for axis: LayoutAxis) throws {
        guard priority >= 1 && priority <= 1000 else { throw LayoutConstraintError.priorityOutOfRange(priority) }
        if axis == .horizontal { autoLayout.contentHugging.horizontal = priority } else { autoLayout.contentHugging.vertical = priority }
        world.autoLayoutEngine?.modelChanged()
    }

    public func setContentCompressionResistancePriority(_ priority: Double, for axis: LayoutAxis) throws {
        guard priority >= 1 && priority <= 1000 else { throw LayoutConstraintError.priorityOutOfRange(priority) }
        if axis == .horizontal { autoLayout.compressionResistance.horizontal = priority } else { autoLayout.compressionResistance.vertical = priority }
        world.autoLayoutEngine?.modelChanged()
    }

    // MARK: - The constraints pass

    /// setNeedsUpdateConstraints(): updateConstraints runs before the next layout.
    public func setNeedsUpdateConstraints() {
        if !autoLayout.needsUpdateConstraints {
            autoLayout.needsUpdateConstraints = true
            world.pendingConstraintUpdates += 1
        }
        setNeedsLayout()
    }

    /// updateConstraintsIfNeeded(): updateConstraints on this view and its subviews that asked,
    /// subviews first (UIKit updates constraints from the leaves up).
    public func updateConstraintsIfNeeded() throws {
        guard world.pendingConstraintUpdates > 0 else { return }
        for subview in subviews { try subview.updateConstraintsIfNeeded() }
        guard autoLayout.needsUpdateConstraints else { return }
        autoLayout.needsUpdateConstraints = false
        world.pendingConstraintUpdates -= 1
        if try callOverride(Hook.View.updateConstraints) == nil { try updateConstraints() }
    }

    /// UIView.hasAmbiguousLayout: the constraints do not fix the view's frame.
    public var hasAmbiguousLayout: Bool {
        guard !translatesAutoresizingMaskIntoConstraints else { return false }
        return world.autoLayoutEngine?.isAmbiguous(self) ?? false
    }

    /// The part of UIKit's layoutSubviews that Auto Layout does: each subview placed by
    /// constraints gets the frame the engine solved (inside an animation block: animated).
    func applySolvedFrames() {
        guard let engine = world.autoLayoutEngine else { return }
        for subview in subviews where !subview.translatesAutoresizingMaskIntoConstraints {
            guard let frame = engine.solvedFrame(of: subview), frame != subview.frame else { continue }
            subview.frame = frame
        }
    }
}

/// Measures text as it will be drawn (TransitRender provides one: cairo's metrics).
public protocol TextMeasuring: AnyObject {
    func size(of text: TextContent, fittingWidth: Double?) -> Size
}

/// Without a measurer (a world with no renderer): 0.55 em a character, 1.2 em a line.
enum TextEstimate {
    static func size(of text: TextContent) -> Size {
        let lines = text.text.split(separator: "\n", omittingEmptySubsequences: false)
        let longest = lines.map(\.count).max() ?? 0
        let count = text.numberOfLines > 0 ? min(lines.count, text.numberOfLines) : lines.count
        return Size(width: (Double(longest) * 0.55 * text.fontSize).rounded(.up), height: (Double(count) * 1.2 * text.fontSize).rounded(.up))
    }
}
