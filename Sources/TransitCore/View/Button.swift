// UIButton: a view with a title label and an image view laid out side by side in its middle,
// titles, colours and images per control state, and target-action pairs fired by touches.
// Touch tracking follows UIControl's documented rules (docs/semantics.md, "Buttons"): a touch
// that goes down in the button highlights it; lifted inside the bounds (grown by the tracking
// margin) it sends touchUpInside, outside touchUpOutside; a gesture that recognizes during the
// touch cancels the tracking. A single-tap recognizer on a superview does not take a tap from
// the button (Apple: "default control actions prevent overlapping gesture recognizer behavior").

/// UIControl.State, as Transit's Lua names them.
public enum ControlState: String, CaseIterable, Sendable { case normal, highlighted, disabled, selected }

/// UIControl.Event, the ones touches send.
public enum ControlEvent: String, CaseIterable, Sendable {
    case touchDown, touchUpInside, touchUpOutside, touchCancel, primaryActionTriggered
}

/// One target-action pair of a control, with the events it listens to.
public struct ControlAction {
    /// The target's identity (nil for a bare function) and the action's, so the same pair is
    /// added once and can be removed, as UIKit matches them.
    public let targetKey: UInt?
    public let actionKey: String
    public var events: Set<ControlEvent>
    public let perform: (Button, ControlEvent) throws -> Void
    public init(targetKey: UInt?, actionKey: String, events: Set<ControlEvent>, perform: @escaping (Button, ControlEvent) throws -> Void) {
        self.targetKey = targetKey; self.actionKey = actionKey; self.events = events; self.perform = perform
    }
}

public final class Button: View {
    public override class var className: String { "UIButton" }

    /// How far outside its bounds a touch may be lifted and still count as inside. UIKit does
    /// not document it; 70 pt is what UIControl is measured to use (docs/semantics.md).
    public static let trackingMargin = 70.0

    public let titleLabel: Label
    public let imageView: ImageView
    private var titles: [ControlState: String] = [:]
    private var titleColors: [ControlState: Color] = [:]
    private var images: [ControlState: ImageContent] = [:]
    public private(set) var actions: [ControlAction] = []
    /// contentEdgeInsets: space kept around the title and image.
    public var contentEdgeInsets = EdgeInsets.zero { didSet { refresh() } }

    public var isHighlighted = false { didSet { if oldValue != isHighlighted { refresh() } } }
    public var isSelected = false { didSet { if oldValue != isSelected { refresh() } } }
    public var isEnabled = true { didSet { if oldValue != isEnabled { refresh() } } }

    public override init(world: World, frame: Rect = .zero) {
        titleLabel = Label(world: world)
        imageView = ImageView(world: world)
        super.init(world: world, frame: frame)
        titleLabel.textAlignment = .center
        titleLabel.fontSize = 15   // UIButton's system font (type .system: 15 pt regular)
        titleLabel.isUserInteractionEnabled = false
        imageView.isUserInteractionEnabled = false
        // The subviews belong to the button: adding them cannot fail (no depth, no cycle).
        try? addSubview(imageView)
        try? addSubview(titleLabel)
        refresh()
    }

    public override var traceName: String {
        if name == nil, let title = currentTitle { return "UIButton \"\(title.prefix(24))\"" }
        return super.traceName
    }

    /// The state whose values show: disabled, then highlighted, then selected, then normal.
    public var state: ControlState {
        if !isEnabled { return .disabled }
        if isHighlighted { return .highlighted }
        if isSelected { return .selected }
        return .normal
    }

    // MARK: - Per-state values (a state without its own falls back to normal, as UIKit's do)

    public func setTitle(_ title: String?, for state: ControlState) {
        let old = titles[state]
        titles[state] = title
        recharge(from: old, to: title)
        refresh()
    }
    public func title(for state: ControlState) -> String? { titles[state] ?? titles[.normal] }
    public var currentTitle: String? { title(for: state) }

    public func setTitleColor(_ color: Color?, for state: ControlState) { titleColors[state] = color; refresh() }
    public func titleColor(for state: ControlState) -> Color {
        if let own = titleColors[state] { return own }
        if let normal = titleColors[.normal] {
            // A system button dims its title while highlighted and greys it when disabled.
            switch state {
            case .highlighted: return Color(red: normal.red, green: normal.green, blue: normal.blue, alpha: normal.alpha * 0.2)
            case .disabled: return Color(white: 0.6, alpha: normal.alpha)
            default: return normal
            }
        }
        let tint = tintColor
        switch state {
        case .highlighted: return Color(red: tint.red, green: tint.green, blue: tint.blue, alpha: tint.alpha * 0.2)
        case .disabled: return Color(white: 0.6)
        default: return tint
        }
    }

    public func setImage(_ image: ImageContent?, for state: ControlState) { images[state] = image; refresh() }
    public func image(for state: ControlState) -> ImageContent? { images[state] ?? images[.normal] }

    public override func tintColorDidChange() { refresh() }

    /// Shows the current state's values and asks for layout (sizes may change).
    private func refresh() {
        let title = currentTitle
        if titleLabel.text != title { titleLabel.text = title }
        let color = titleColor(for: state)
        if titleLabel.textColor != color { titleLabel.textColor = color }
        let image = image(for: state)
        if imageView.image != image { imageView.image = image }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    // MARK: - Layout

    /// The image and the title side by side, the pair centred in the bounds less the insets.
    public override var intrinsicContentSize: Size {
        let title = titleLabel.text.map { _ in titleLabel.intrinsicContentSize } ?? Size(width: 0, height: 0)
        let image = imageView.image.map { Size(width: Double($0.width), height: Double($0.height)) } ?? Size(width: 0, height: 0)
        return Size(width: title.width + image.width + contentEdgeInsets.left + contentEdgeInsets.right,
                    height: max(title.height, image.height) + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }

    public override func layoutSubviews() throws {
        try super.layoutSubviews()
        let area = bounds.inset(by: contentEdgeInsets)
        let title = titleLabel.text == nil ? Size(width: 0, height: 0) : titleLabel.intrinsicContentSize
        let image = imageView.image.map { Size(width: Double($0.width), height: Double($0.height)) } ?? Size(width: 0, height: 0)
        let titleWidth = min(title.width, max(0, area.width - image.width))
        let left = area.midX - (image.width + titleWidth) / 2
        world.withoutAnimation {
            imageView.frame = Rect(x: left, y: area.midY - image.height / 2, width: image.width, height: image.height)
            titleLabel.frame = Rect(x: left + image.width, y: area.midY - title.height / 2, width: titleWidth, height: title.height)
        }
    }

    // MARK: - Target-action

    /// addTarget(_:action:for:): a pair already added for these events is not added twice.
    public func addAction(_ action: ControlAction) {
        if let index = actions.firstIndex(where: { $0.targetKey == action.targetKey && $0.actionKey == action.actionKey }) {
            actions[index].events.formUnion(action.events)
            return
        }
        actions.append(action)
    }

    /// removeTarget(_:action:for:): nil target or action matches every one.
    public func removeActions(targetKey: UInt?, actionKey: String?, events: Set<ControlEvent>) {
        for index in actions.indices.reversed() {
            guard targetKey.map({ $0 == actions[index].targetKey }) ?? true,
                  actionKey.map({ $0 == actions[index].actionKey }) ?? true else { continue }
            actions[index].events.subtract(events)
            if actions[index].events.isEmpty { actions.remove(at: index) }
        }
    }

    /// sendActions(for:): every pair listening to `event`, in the order they were added.
    public func sendActions(for event: ControlEvent) throws {
        world.traceEvent(traceName, event.rawValue, [])
        for action in actions where action.events.contains(event) { try action.perform(self, event) }
        // iOS 14's primary action of a button is its touch up inside.
        if event == .touchUpInside {
            for action in actions where action.events.contains(.primaryActionTriggered) { try action.perform(self, .primaryActionTriggered) }
        }
    }

    // MARK: - Touch tracking (called by the world's touch delivery)

    func beginTracking() throws {
        isHighlighted = true
        try sendActions(for: .touchDown)
    }

    func endTracking(at point: Point) throws {
        isHighlighted = false
        let inside = bounds.insetBy(dx: -Button.trackingMargin, dy: -Button.trackingMargin).contains(point)
        try sendActions(for: inside ? .touchUpInside : .touchUpOutside)
    }

    func cancelTracking() throws {
        guard isHighlighted else { return }
        isHighlighted = false
        try sendActions(for: .touchCancel)
    }
}

extension View {
    /// The button a touch at this (hit) view tracks: the nearest enabled UIButton at or above it.
    var trackingButton: Button? {
        var view: View? = self
        while let current = view {
            if let button = current as? Button { return button.isEnabled ? button : nil }
            view = current.superview
        }
        return nil
    }
}
