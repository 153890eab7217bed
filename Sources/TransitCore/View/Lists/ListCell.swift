// UICollectionViewCell and UITableViewCell: views with a content view, a reuse identifier and
// selection state, made by a list from the class registered for an identifier and reused once
// they scroll out of view.

/// What both kinds of cell share (UIKit's UICollectionReusableView and UITableViewCell).
public class ListCell: View {
    /// Where a cell's content goes; fills the cell (UIKit's contentView).
    public let contentView: View
    /// The identifier it was dequeued with (nil for a cell made by hand).
    public internal(set) var reuseIdentifier: String?
    /// The list that dequeued it; a cell returned by a data source must be one of its own.
    weak var dequeuedBy: View?
    public var isSelected = false { didSet { if oldValue != isSelected { selectionDidChange() } } }
    public var isHighlighted = false { didSet { if oldValue != isHighlighted { selectionDidChange() } } }
    /// Shown behind the content while the cell is selected or highlighted (nil: nothing).
    public var selectedBackgroundView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let view = selectedBackgroundView {
                try? insertSubview(view, at: 0)
                world.withoutAnimation { view.frame = bounds }
                view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            }
            selectionDidChange()
        }
    }

    public init(world: World, frame: Rect = .zero, reuseIdentifier: String? = nil) {
        contentView = View(world: world, frame: Rect(origin: .zero, size: frame.size))
        self.reuseIdentifier = reuseIdentifier
        super.init(world: world, frame: frame)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try? addSubview(contentView)
    }

    public override init(world: World, frame: Rect = .zero) {
        contentView = View(world: world, frame: Rect(origin: .zero, size: frame.size))
        super.init(world: world, frame: frame)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try? addSubview(contentView)
    }

    /// UIKit's own prepareForReuse does nothing (Apple: "The default implementation of this
    /// method does nothing"); the list resets isSelected itself when it shows the cell again.
    public func prepareForReuse() throws {}

    /// Called by the list just before dequeue returns a reused cell: the script's override
    /// (which may call the base), else UIKit's.
    func runPrepareForReuse() throws {
        if try callOverride(Hook.ListCell.prepareForReuse) == nil { try prepareForReuse() }
    }

    func selectionDidChange() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }
}

public final class CollectionViewCell: ListCell {
    public override class var className: String { "UICollectionViewCell" }
}

/// UITableViewCell.CellStyle: where the text label and the detail label go.
public enum TableViewCellStyle: String, CaseIterable, Sendable { case `default`, value1, value2, subtitle }
/// UITableViewCell.SelectionStyle; since iOS 7 blue and gray look as default does.
public enum TableViewCellSelectionStyle: String, CaseIterable, Sendable { case none, blue, gray, `default` }

public final class TableViewCell: ListCell {
    public override class var className: String { "UITableViewCell" }

    public let style: TableViewCellStyle
    public let textLabel: Label
    /// nil for the default style, as in UIKit.
    public let detailTextLabel: Label?
    public var selectionStyle: TableViewCellSelectionStyle = .default { didSet { selectionDidChange() } }
    /// The hairline under the row (UIKit's plain style), placed by the table view.
    let separator: View

    /// UIKit's cell margins on iPhone: text starts 16 pt in, as the separator does.
    public static let margin = 16.0
    /// systemGray4 (light): the row's background while selected, UIKit's default selection look.
    public static let selectionColor = Color(red: 209 / 255, green: 209 / 255, blue: 214 / 255)
    /// UIColor.separator (light): #3C3C43 at 29 %.
    public static let separatorColor = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)

    public init(world: World, style: TableViewCellStyle, reuseIdentifier: String?) {
        self.style = style
        textLabel = Label(world: world)
        detailTextLabel = style == .default ? nil : Label(world: world)
        separator = View(world: world)
        super.init(world: world, frame: Rect(x: 0, y: 0, width: world.screen.bounds.width, height: TableView.defaultRowHeight),
                   reuseIdentifier: reuseIdentifier)
        world.withoutAnimation {
            backgroundColor = Color(white: 1)
            separator.backgroundColor = Self.separatorColor
            detailTextLabel?.textColor = style == .subtitle ? Color(white: 0) : Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
            if style == .value1 { detailTextLabel?.textAlignment = .right }
            if style == .subtitle { detailTextLabel?.fontSize = 12 }
        }
        textLabel.name = "textLabel"
        detailTextLabel?.name = "detailTextLabel"
        separator.name = "separator"
        separator.isHidden = true
        try? contentView.addSubview(textLabel)
        if let detailTextLabel { try? contentView.addSubview(detailTextLabel) }
        try? addSubview(separator)
        let selected = View(world: world)
        world.withoutAnimation { selected.backgroundColor = Self.selectionColor }
        selected.name = "selectedBackgroundView"
        selectedBackgroundView = selected
        setNeedsLayout()
    }

    public override convenience init(world: World, frame: Rect = .zero) {
        self.init(world: world, style: .default, reuseIdentifier: nil)
        if frame != .zero { world.withoutAnimation { self.frame = frame } }
    }

    override func selectionDidChange() {
        selectedBackgroundView?.isHidden = selectionStyle == .none || !(isSelected || isHighlighted)
    }

    /// The labels' frames for the style, inside the margins (UIKit's own layoutSubviews). The
    /// subtitle's two lines split the height 60/40; value1 puts the detail on the right.
    public override func layoutSubviews() throws {
        try super.layoutSubviews()
        let bounds = contentView.bounds
        let inner = Rect(x: Self.margin, y: 0, width: max(0, bounds.width - 2 * Self.margin), height: bounds.height)
        switch style {
        case .default:
            textLabel.frame = inner
        case .value1, .value2:
            let half = inner.width / 2
            textLabel.frame = Rect(x: inner.x, y: 0, width: half, height: inner.height)
            detailTextLabel?.frame = Rect(x: inner.x + half, y: 0, width: half, height: inner.height)
        case .subtitle:
            let top = (inner.height * 0.6).rounded()
            textLabel.frame = Rect(x: inner.x, y: 0, width: inner.width, height: top)
            detailTextLabel?.frame = Rect(x: inner.x, y: top, width: inner.width, height: inner.height - top)
        }
        let hairline = 1 / max(1, world.screen.scale)
        separator.frame = Rect(x: separatorInsetLeft, y: self.bounds.height - hairline,
                               width: max(0, self.bounds.width - separatorInsetLeft), height: hairline)
    }

    /// The table's separatorInset.left when the cell is in one (16 by default).
    var separatorInsetLeft = TableView.defaultSeparatorInset.left
}
