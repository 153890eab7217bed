// UINavigationBar and UINavigationItem: the bar a navigation controller shows over its top
// controller's view, with the top item's title in the middle and a back button naming the
// item below. In a push or a pop the bar moves as iOS's does, alongside the transition (so
// an interactive pop scrubs it and a cancel puts it back): the titles crossfade, the incoming
// title sliding in from the side it comes from, and the back button slides between its place
// and the title's. docs/semantics.md, "The navigation bar".

/// UINavigationItem: what the bar shows for one view controller.
public final class NavigationItem: HostObject {
    public override class var className: String { "UINavigationItem" }

    /// The title (the controller's when made, and set again whenever the controller's is).
    public var title: String? { didSet { recharge(from: oldValue, to: title); owner?.navigationController?.navigationBar.itemsChanged() } }
    /// backButtonTitle: the title the back button shows for this item on the screen above it.
    public var backButtonTitle: String? { didSet { recharge(from: oldValue, to: backButtonTitle); owner?.navigationController?.navigationBar.itemsChanged() } }
    public var hidesBackButton = false { didSet { owner?.navigationController?.navigationBar.itemsChanged() } }
    public private(set) weak var owner: ViewController?

    init(world: World, owner: ViewController) {
        self.owner = owner
        super.init(world: world)
        title = owner.title
    }

    /// The title shown.
    public var displayedTitle: String? { title }

    public override var traceName: String { "UINavigationItem" + (displayedTitle.map { " \"\($0)\"" } ?? "") }
}

public final class NavigationBar: View {
    public override class var className: String { "UINavigationBar" }

    /// UIKit's bar height without large titles: 44 pt on iPhone and iPad in portrait (32 in an
    /// iPhone's compact height).
    public static let regularHeight = 44.0
    public static let compactHeight = 32.0
    /// UINavigationControllerHideShowBarDuration.
    public static let hideShowDuration = 0.2
    /// UIKit's bar background (the default translucent appearance, light mode) and hairline.
    static let barColor = Color(red: 249.0 / 255, green: 249.0 / 255, blue: 249.0 / 255, alpha: 0.94)
    static let hairlineColor = Color(red: 0, green: 0, blue: 0, alpha: 0.3)

    /// Draws the bar's colour, also under the status bar above it (UIKit's bar background
    /// extends to the top of the screen).
    let background: View
    let hairline: View
    /// The top item's title and back button (replaced by new ones in a push or pop).
    public private(set) var titleLabel: Label
    public private(set) var backButton: Button
    /// Set by the navigation controller: what its stack's top and the item below show.
    weak var navigationController: NavigationController?
    /// A push or pop is moving the bar: item changes wait for its end.
    private var isAnimatingTransition = false

    init(world: World, navigationController: NavigationController) {
        self.navigationController = navigationController
        background = View(world: world)
        hairline = View(world: world)
        titleLabel = NavigationBar.makeTitleLabel(world)
        backButton = NavigationBar.makeBackButton(world)
        super.init(world: world)
        background.name = "UINavigationBar background"
        hairline.name = "UINavigationBar separator"
        background.isUserInteractionEnabled = false
        hairline.isUserInteractionEnabled = false
        world.withoutAnimation {
            background.backgroundColor = NavigationBar.barColor
            hairline.backgroundColor = NavigationBar.hairlineColor
        }
        try? addSubview(background)
        try? addSubview(hairline)
        try? addSubview(titleLabel)
        try? addSubview(backButton)
        wireBackButton(backButton)
    }

    public override var traceName: String { name.map { "UINavigationBar \"\($0)\"" } ?? "UINavigationBar" }

    static func makeTitleLabel(_ world: World) -> Label {
        let label = Label(world: world)
        label.name = "UINavigationBar title"
        label.fontSize = 17
        label.fontWeight = .semibold
        label.textAlignment = .center
        label.isUserInteractionEnabled = false
        return label
    }

    static func makeBackButton(_ world: World) -> Button {
        let button = Button(world: world)
        button.name = "UINavigationBar back button"
        button.titleLabel.fontSize = 17
        return button
    }

    /// The back button pops, as a user's tap on it does.
    private func wireBackButton(_ button: Button) {
        button.addAction(ControlAction(targetKey: nil, actionKey: "navigation bar back", events: [.touchUpInside]) { [weak self] _, _ in
            guard let navigation = self?.navigationController, !navigation.isTransitioning else { return }
            try navigation.popViewController(animated: true)
        })
    }

    /// UINavigationBar.topItem and backItem: the stack's top and the one below.
    public var topItem: NavigationItem? { navigationController?.viewControllers.last?.navigationItem }
    public var backItem: NavigationItem? {
        guard let stack = navigationController?.viewControllers, stack.count > 1 else { return nil }
        return stack[stack.count - 2].navigationItem
    }

    /// The bar's height for the current size class.
    public var barHeight: Double {
        world.device.idiom == .phone && world.screen.verticalSizeClass == .compact ? NavigationBar.compactHeight : NavigationBar.regularHeight
    }

    // MARK: - What the bar shows

    /// The back button's title for a screen above `item`: its backButtonTitle, else its title,
    /// else "Back" (UIKit's fallback; it also shortens long titles, which Transit does not).
    static func backTitle(for item: NavigationItem?) -> String? {
        guard let item else { return nil }
        return "‹ " + (item.backButtonTitle ?? item.displayedTitle ?? "Back")
    }

    /// Shows the stack's top item now (no animation), unless a push or pop is moving the bar.
    func itemsChanged() {
        guard !isAnimatingTransition, let navigation = navigationController else { return }
        let stack = navigation.viewControllers
        let top = stack.last?.navigationItem
        let below = stack.count > 1 ? stack[stack.count - 2].navigationItem : nil
        show(titleLabel, top?.displayedTitle)
        show(backButton, top?.hidesBackButton == true ? nil : NavigationBar.backTitle(for: below))
        setNeedsLayout()
    }

    private func show(_ label: Label, _ text: String?) {
        if label.text != text { label.text = text }
        world.withoutAnimation { label.alpha = 1 }
    }

    private func show(_ button: Button, _ title: String?) {
        if button.title(for: .normal) != title { button.setTitle(title, for: .normal) }
        button.isHidden = title == nil
        world.withoutAnimation { button.alpha = 1 }
    }

    // MARK: - Layout

    /// The back button's frame: 8 pt from the leading edge, its own width, the bar's height.
    func backButtonFrame(_ button: Button) -> Rect {
        let size = button.intrinsicContentSize
        return Rect(x: 8, y: 0, width: min(size.width, bounds.width / 3), height: bounds.height)
    }

    /// The title's frame: centred in the bar, as wide as its text but clear of the back button.
    func titleFrame(_ label: Label, besides button: Button?) -> Rect {
        let size = label.text == nil ? Size(width: 0, height: 0) : label.intrinsicContentSize
        let reserved = button.map { $0.isHidden ? 0 : backButtonFrame($0).maxX + 8 } ?? 0
        let width = min(size.width, max(0, bounds.width - 2 * reserved))
        return Rect(x: (bounds.width - width) / 2, y: (bounds.height - size.height) / 2, width: width, height: size.height)
    }

    public override func layoutSubviews() throws {
        try super.layoutSubviews()
        let above = navigationController?.viewIfLoaded.map { $0.convert(bounds, from: self).minY } ?? 0
        world.withoutAnimation {
            // Up to the top of the navigation controller's view: under the status bar too.
            background.frame = Rect(x: 0, y: -max(0, above), width: bounds.width, height: bounds.height + max(0, above))
            hairline.frame = Rect(x: 0, y: bounds.height, width: bounds.width, height: 1.0 / world.screen.scale)
            guard !isAnimatingTransition else { return }
            backButton.frame = backButtonFrame(backButton)
            titleLabel.frame = titleFrame(titleLabel, besides: backButton)
        }
    }

    // MARK: - Push and pop

    /// Moves the bar from the items it shows to the new top's, inside the transition's
    /// alongside block (an animation context); `finish` (from the alongside completion) keeps
    /// the new items or, cancelled, the old ones.
    func animateTransition(push: Bool, to top: NavigationItem?, below: NavigationItem?) throws {
        let oldTitle = titleLabel, oldBack = backButton
        let newTitle = NavigationBar.makeTitleLabel(world), newBack = NavigationBar.makeBackButton(world)
        wireBackButton(newBack)
        isAnimatingTransition = true
        try world.withoutAnimation {
            try addSubview(newTitle)
            try addSubview(newBack)
            newTitle.text = top?.displayedTitle
            let back = top?.hidesBackButton == true ? nil : NavigationBar.backTitle(for: below)
            newBack.setTitle(back, for: .normal)
            newBack.isHidden = back == nil
        }
        let shift = bounds.width / 3
        let newTitleFrame = titleFrame(newTitle, besides: newBack)
        let newBackFrame = backButtonFrame(newBack)
        let oldTitleFrame = oldTitle.frame, oldBackFrame = oldBack.frame
        world.withoutAnimation {
            newTitle.alpha = 0
            newBack.alpha = 0
            if push {
                // The new title comes in from the right; the new back button (the old title's
                // words) starts where that title was.
                newTitle.frame = newTitleFrame.offsetBy(dx: shift, dy: 0)
                newBack.frame = Rect(x: oldTitleFrame.minX, y: newBackFrame.minY, width: newBackFrame.width, height: newBackFrame.height)
            } else {
                // The title below comes back from where the back button is; its back button
                // comes in from the left.
                newTitle.frame = Rect(x: oldBackFrame.minX, y: newTitleFrame.minY, width: newTitleFrame.width, height: newTitleFrame.height)
                newBack.frame = newBackFrame.offsetBy(dx: -shift, dy: 0)
            }
        }
        // Animated by the transition's context (the alongside block this runs in).
        newTitle.alpha = 1
        newBack.alpha = 1
        newTitle.frame = newTitleFrame
        newBack.frame = newBackFrame
        oldTitle.alpha = 0
        oldBack.alpha = 0
        if push {
            oldTitle.frame = Rect(x: newBackFrame.minX, y: oldTitleFrame.minY, width: oldTitleFrame.width, height: oldTitleFrame.height)
            oldBack.frame = oldBackFrame.offsetBy(dx: -shift, dy: 0)
        } else {
            oldTitle.frame = oldTitleFrame.offsetBy(dx: shift, dy: 0)
            oldBack.frame = Rect(x: newTitleFrame.minX, y: oldBackFrame.minY, width: oldBackFrame.width, height: oldBackFrame.height)
        }
        pending = (oldTitle, oldBack, newTitle, newBack)
    }

    private var pending: (oldTitle: Label, oldBack: Button, newTitle: Label, newBack: Button)?

    /// The end of the push or pop that animateTransition began.
    func finishTransition(completed: Bool) {
        guard let pending else { return }
        self.pending = nil
        isAnimatingTransition = false
        let keep = completed ? (pending.newTitle, pending.newBack) : (pending.oldTitle, pending.oldBack)
        let drop = completed ? (pending.oldTitle, pending.oldBack) : (pending.newTitle, pending.newBack)
        drop.0.removeFromSuperview()
        drop.1.removeFromSuperview()
        titleLabel = keep.0
        backButton = keep.1
        world.withoutAnimation {
            titleLabel.alpha = 1
            backButton.alpha = 1
        }
        itemsChanged()
    }
}

extension ViewController {
    /// UIViewController.navigationItem, made on first use and kept.
    public var navigationItem: NavigationItem {
        if let item = storedNavigationItem { return item }
        let item = NavigationItem(world: world, owner: self)
        storedNavigationItem = item
        return item
    }
}
