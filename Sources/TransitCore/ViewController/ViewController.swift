// UIViewController: a lazily loaded view, lifecycle callbacks in UIKit's order, and the
// properties presentation reads.

public enum ModalPresentationStyle: String, CaseIterable, Sendable {
    case fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover, automatic
}

public enum ModalTransitionStyle: String, CaseIterable, Sendable {
    case coverVertical, flipHorizontal, crossDissolve, partialCurl
}

open class ViewController: HostObject {
    open override class var className: String { "UIViewController" }

    public var title: String? {
        didSet {
            recharge(from: oldValue, to: title)
            // UIKit: setting a controller's title sets its navigation item's title too.
            storedNavigationItem?.title = title
        }
    }
    /// navigationItem, once asked for (NavigationBar.swift).
    var storedNavigationItem: NavigationItem?
    /// hidesBottomBarWhenPushed: a tab bar below hides while this controller is in a
    /// navigation stack above it.
    public var hidesBottomBarWhenPushed = false
    /// The children added with addChild (containers keep their own lists too).
    public internal(set) var addedChildren: [ViewController] = []
    public var modalPresentationStyle: ModalPresentationStyle = .automatic {
        didSet { if oldValue != modalPresentationStyle { world.judgeLateSetting(self, "modalPresentationStyle") } }
    }
    public var modalTransitionStyle: ModalTransitionStyle = .coverVertical
    /// iOS 18's preferredTransition (PreferredTransition.swift): nil by default.
    public var preferredTransition: ViewControllerTransition?
    /// A script object or model object implementing the transitioning-delegate hooks.
    public var transitioningDelegate: AnyObject? {
        didSet { if oldValue !== transitioningDelegate { world.judgeLateSetting(self, "transitioningDelegate") } }
    }
    /// The run-loop turn of the present call that presented it (MistakeChecks.swift).
    var presentedAtTurn = -1
    public var definesPresentationContext = false
    /// iOS 13: true prevents the user from dismissing it interactively (the sheet's pull).
    public var isModalInPresentation = false
    /// Whether, presented in a style that does not cover the screen, it takes the status bar's
    /// appearance from its presenter (StatusBar.swift).
    public var modalPresentationCapturesStatusBarAppearance = false
    public private(set) var preferredContentSize = Size.zero

    /// Sets the preferred size and tells the presentation controller (UIKit's
    /// preferredContentSizeDidChange), whose script may fail.
    public func setPreferredContentSize(_ size: Size) throws {
        guard size != preferredContentSize else { return }
        preferredContentSize = size
        try onPreferredContentSizeChange?(self)
    }
    public var onPreferredContentSizeChange: ((ViewController) throws -> Void)?
    /// The presentation controller `presentationController` or `sheetPresentationController`
    /// made before the presentation: UIKit creates one for the current modalPresentationStyle
    /// when either is read before presenting, and the presentation then uses that object (its
    /// delegate, detents), so apps can set its delegate in viewDidLoad.
    var pendingPresentationController: PresentationController?
    /// The popover controller a compact width adapted into a sheet: still this controller's
    /// `popoverPresentationController` while the sheet is up, as in UIKit.
    var adaptedPopover: PopoverPresentationController?

    /// `presentationController` as a script reads it: the managing controller during a
    /// presentation; before one, UIKit's controller for the current style, made now and used by
    /// the presentation (not for `custom`, whose controller the transitioning delegate gives
    /// when presenting, nor before iOS 8).
    public func presentationControllerCreatingIfNeeded() throws -> PresentationController? {
        if let presentationController { return presentationController }
        guard world.systemVersion >= 8, presentingViewController == nil else { return nil }
        let style = try world.presentationStyle(of: self)
        guard style != .custom else { return nil }
        if let pending = pendingPresentationController, pending.presentationStyle == style { return pending }
        pendingPresentationController = try world.systemStyles?.presentationController(for: style, presented: self, presenting: self)
        pendingPresentationController?.presentationStyle = style
        return pendingPresentationController
    }

    /// `sheetPresentationController` (iOS 15): the presentation controller when the controller
    /// is, or will be, presented as a page or form sheet; nil otherwise.
    public func sheetPresentationController() throws -> SheetPresentationController? {
        guard world.systemVersion >= 15 else { return nil }
        if let current = presentationController { return current as? SheetPresentationController }
        let style = try world.presentationStyle(of: self)
        guard style == .pageSheet || style == .formSheet else { return nil }
        return try presentationControllerCreatingIfNeeded() as? SheetPresentationController
    }

    // What UIKit reads when presenting: a subclass may override these getters with methods
    // (`override var modalPresentationStyle` in Swift), which win over the stored values.
    public func effectiveModalPresentationStyle() throws -> ModalPresentationStyle {
        try overriddenEnum(Hook.OverridableProperty.modalPresentationStyle) ?? modalPresentationStyle
    }
    /// isModalInPresentation as UIKit reads it (a subclass's `override var` wins).
    public func effectiveIsModalInPresentation() throws -> Bool {
        guard let value = try world.scripting?.property(self, Hook.OverridableProperty.isModalInPresentation), !value.isNone else { return isModalInPresentation }
        guard case .boolean(let modal) = value else {
            throw world.hookError(self, Hook.OverridableProperty.isModalInPresentation, "isModalInPresentation must return a boolean (got \(value.traceDescription))")
        }
        return modal
    }
    public func effectiveModalTransitionStyle() throws -> ModalTransitionStyle {
        // iOS 18's .coverVertical(), .crossDissolve(), ... are these styles by another name.
        if let style = effectivePreferredTransition?.modalTransitionStyle { return style }
        return try overriddenEnum(Hook.OverridableProperty.modalTransitionStyle) ?? modalTransitionStyle
    }
    public func effectiveTransitioningDelegate() throws -> AnyObject? {
        guard let value = try world.scripting?.property(self, Hook.OverridableProperty.transitioningDelegate) else { return transitioningDelegate }
        if value.isNone { return nil }
        guard let object = value.object else {
            throw world.hookError(self, Hook.OverridableProperty.transitioningDelegate, "transitioningDelegate must return a table or object or nil (got \(value.traceDescription))")
        }
        return object
    }
    /// preferredContentSize as UIKit reads it (a subclass's `override var` wins).
    public func effectivePreferredContentSize() throws -> Size {
        try world.scripting?.property(self, Hook.OverridableProperty.preferredContentSize)?.size ?? preferredContentSize
    }
    private func overriddenEnum<E: RawRepresentable & CaseIterable>(_ name: Hook.OverridableProperty) throws -> E? where E.RawValue == String {
        guard let value = try world.scripting?.property(self, name), !value.isNone else { return nil }
        guard case .string(let raw) = value, let result = E(rawValue: raw) else {
            throw world.hookError(self, name, "\(name) must return one of \(E.allCases.map(\.rawValue).joined(separator: ", ")) (got \(value.traceDescription))")
        }
        return result
    }

    public internal(set) weak var presentingViewController: ViewController?
    public internal(set) var presentedViewController: ViewController?
    public internal(set) weak var parent: ViewController?
    public internal(set) var isBeingPresented = false
    public internal(set) var isBeingDismissed = false
    /// True while a navigation push (or addChild, until didMove(toParent:)) adds this
    /// controller to its parent; isMovingFromParent while a pop (or willMove(toParent: nil)
    /// until removeFromParent) takes it out.
    public internal(set) var isMovingToParent = false
    public internal(set) var isMovingFromParent = false
    /// The controller managing this one's presentation, from present until dismissal ends.
    public internal(set) var presentationController: PresentationController?
    /// The transition this controller takes part in right now.
    var activeTransition: Transition?

    /// Exists only during a transition; otherwise UIKit asks the parent.
    public var transitionCoordinator: TransitionCoordinator? {
        activeTransition?.coordinator ?? parent?.transitionCoordinator
    }

    private var loadedView: View?
    /// Appearance state, so callbacks come in balanced will/did pairs.
    public private(set) var appearance: Appearance = .disappeared
    public enum Appearance: String { case disappeared, appearing, appeared, disappearing }
    /// The `animated` of the latest begun appearance change, which endAppearanceTransition passes on.
    var appearanceChangeIsAnimated = false
    /// UIViewController.additionalSafeAreaInsets (SafeArea.swift sets it).
    public internal(set) var additionalSafeAreaInsets = EdgeInsets.zero

    public override init(world: World) {
        super.init(world: world)
    }

    open override var traceName: String {
        if let title { return "\(displayClassName) \"\(title)\"" }
        return displayClassName
    }

    public var viewIfLoaded: View? { loadedView }
    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view on first access: the script's `loadView` if it overrides it (it must
    /// set `self.view`), else a plain view filling the screen; then `viewDidLoad`.
    @discardableResult
    public func loadViewIfNeeded() throws -> View {
        if let loadedView { return loadedView }
        if try callOverride(Hook.ViewController.loadView) != nil || loadedView != nil {
            guard loadedView != nil else {
                throw ModelUsageError.viewHierarchy("\(traceName).loadView did not set self.view")
            }
        } else {
            setView(try makeDefaultView())
        }
        _ = try callOverride(Hook.ViewController.viewDidLoad)
        return loadedView!
    }

    /// UIKit's loadView: a plain view filling the screen (white, as templates make it).
    func makeDefaultView() throws -> View {
        let view = View(world: world, frame: world.screen.bounds)
        world.withoutAnimation { view.backgroundColor = Color(white: 1) }
        return view
    }

    public func setView(_ view: View?) {
        loadedView?.viewController = nil
        loadedView = view
        view?.viewController = self
    }

    // MARK: - Lifecycle callbacks

    /// viewWillAppear / viewWillDisappear, once per change of direction.
    public func beginAppearance(appearing: Bool, animated: Bool) throws {
        if appearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            appearance = .appearing
            appearanceChangeIsAnimated = animated
            _ = try callOverride(Hook.ViewController.viewWillAppear, [.boolean(animated)])
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            appearanceChangeIsAnimated = animated
            _ = try callOverride(Hook.ViewController.viewWillDisappear, [.boolean(animated)])
        }
    }

    /// viewDidAppear / viewDidDisappear for the change begun last.
    public func endAppearance(animated: Bool = false) throws {
        switch appearance {
        case .appearing:
            appearance = .appeared
            _ = try callOverride(Hook.ViewController.viewDidAppear, [.boolean(animated)])
        case .disappearing:
            appearance = .disappeared
            _ = try callOverride(Hook.ViewController.viewDidDisappear, [.boolean(animated)])
        default: break
        }
    }

    func viewWillLayoutSubviews() throws { _ = try callOverride(Hook.ViewController.viewWillLayoutSubviews) }
    func viewDidLayoutSubviews() throws { _ = try callOverride(Hook.ViewController.viewDidLayoutSubviews) }
}

extension World {
    /// Views that asked for layout; laid out at the end of the current turn.
    func viewNeedsLayout(_ view: View) {
        pendingLayout.append(WeakView(view))
    }

    /// UIKit's layout pass at the end of a run-loop turn: every view that asked for layout and
    /// is in the window gets laid out, outermost first.
    public func layoutPendingViews() throws {
        // Layout that keeps asking for more layout waits for the next turn, as UIKit's does.
        var passes = 0
        while !pendingLayout.isEmpty && passes < 8 {
            passes += 1
            let views = pendingLayout.compactMap(\.view)
            pendingLayout.removeAll()
            for view in views { view.isQueuedForLayout = false }
            for view in views where view.window != nil && view.needsLayout {
                try view.layoutIfNeeded()
            }
        }
    }
}

final class WeakView {
    weak var view: View?
    init(_ view: View) { self.view = view }
}

extension ViewController {
    /// A container controller whose view a script set before it loaded has none of its own
    /// content: UIKit's containers own their view (setting it is not supported).
    static func replacedViewMessage(_ className: String, _ action: String) -> String {
        "this \(className)'s view was set by the script before it loaded, so it has no content view to \(action) in; a container controller makes its own view: add views to its view instead of replacing it"
    }
}

