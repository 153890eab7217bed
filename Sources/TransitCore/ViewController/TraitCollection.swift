// UITraitCollection and the trait environments (UIView, UIViewController,
// UIPresentationController): what each reads, and how a presentation changes it for the
// controller it presents (docs/semantics.md, "Trait collections").

/// UITraitCollection: size classes, idiom and display scale, read-only as UIKit's is.
public final class TraitCollection: HostObject {
    public override class var className: String { "UITraitCollection" }
    public let horizontalSizeClass: SizeClass
    public let verticalSizeClass: SizeClass
    public let userInterfaceIdiom: UserInterfaceIdiom
    public let displayScale: Double

    /// The window's traits: the screen's size classes, the device's idiom and scale.
    public override init(world: World) {
        horizontalSizeClass = world.screen.horizontalSizeClass
        verticalSizeClass = world.screen.verticalSizeClass
        userInterfaceIdiom = world.device.idiom
        displayScale = world.screen.scale
        super.init(world: world)
    }

    /// `base` with other size classes (a presentation's override).
    public init(_ base: TraitCollection, horizontal: SizeClass? = nil, vertical: SizeClass? = nil) {
        horizontalSizeClass = horizontal ?? base.horizontalSizeClass
        verticalSizeClass = vertical ?? base.verticalSizeClass
        userInterfaceIdiom = base.userInterfaceIdiom
        displayScale = base.displayScale
        super.init(world: base.world)
    }

    public override var traceName: String { "UITraitCollection(\(horizontalSizeClass.rawValue)/\(verticalSizeClass.rawValue))" }
}

extension PresentationController {
    /// The traits of the presented controller (UIKit: the presentation controller is the
    /// presented controller's trait environment). The presenter's environment, except where the
    /// style floats a smaller panel in regular width: a form sheet or a popover is horizontally
    /// compact and vertically regular there, so its content lays out as on a phone.
    public var traitCollection: TraitCollection {
        let environment = presentingViewController.traitCollection
        guard environment.horizontalSizeClass == .regular else { return environment }
        switch presentationStyle {
        case .formSheet, .popover:
            return TraitCollection(environment, horizontal: .compact, vertical: .regular)
        default:
            return environment
        }
    }
}

extension ViewController {
    /// UIViewController.traitCollection: from its presentation while presented (or shown in
    /// an adapted presentation), else from its parent, else the window's.
    public var traitCollection: TraitCollection {
        if let presentationController, presentationController.adaptiveViewController == nil {
            return presentationController.traitCollection
        }
        if let parent { return parent.traitCollection }
        if let adapted = world.presentationChain.first(where: { $0.presentationController?.adaptiveViewController === self }) {
            return adapted.presentationController!.traitCollection
        }
        return TraitCollection(world: world)
    }
}

extension View {
    /// UIView.traitCollection: its controller's when it is a controller's view, else its
    /// superview's; a view in no hierarchy has the window's.
    public var traitCollection: TraitCollection {
        if let viewController, viewController.viewIfLoaded === self { return viewController.traitCollection }
        if let superview { return superview.traitCollection }
        return TraitCollection(world: world)
    }
}
