// UIApplication.shared: the app object scripts reach for around a transition. It holds the
// status bar setting older code writes (isStatusBarHidden), the interaction-event switch
// (beginIgnoringInteractionEvents / endIgnoringInteractionEvents, counted as UIKit nests them)
// and the windows. docs/semantics.md, "UIApplication".

public final class Application: HostObject {
    public override class var className: String { "UIApplication" }

    /// Set by a script through isStatusBarHidden: the status bar follows it rather than the
    /// view controllers' prefersStatusBarHidden (an app whose Info.plist turns off view
    /// controller-based status bar appearance behaves so; code that sets it expects that).
    public private(set) var statusBarHiddenSetting: Bool?

    /// begin… calls not yet balanced by end… calls.
    public private(set) var ignoringInteractionEventsCount = 0

    /// UIApplication.isIgnoringInteractionEvents: touches reach nothing while it is true.
    public var isIgnoringInteractionEvents: Bool { ignoringInteractionEventsCount > 0 }

    public func beginIgnoringInteractionEvents() {
        ignoringInteractionEventsCount += 1
        world.traceEvent("UIApplication", "beginIgnoringInteractionEvents", ["\(ignoringInteractionEventsCount)"])
    }

    /// An unbalanced end is ignored (UIKit's count does not go below zero).
    public func endIgnoringInteractionEvents() {
        guard ignoringInteractionEventsCount > 0 else { return }
        ignoringInteractionEventsCount -= 1
        world.traceEvent("UIApplication", "endIgnoringInteractionEvents", ["\(ignoringInteractionEventsCount)"])
    }

    /// UIApplication.isStatusBarHidden: whether the status bar is hidden now.
    public var isStatusBarHidden: Bool { world.statusBar.current.isHidden }

    /// setStatusBarHidden(_:with:) / isStatusBarHidden = …: applied at once, or inside an
    /// animation block with it.
    public func setStatusBarHidden(_ hidden: Bool) throws {
        statusBarHiddenSetting = hidden
        try world.updateStatusBarAppearance()
    }

    /// UIApplication.windows: Transit has one window.
    public var windows: [Window] { [world.window] }
    public var keyWindow: Window { world.window }
}

extension World {
    /// UIApplication.shared, made on first use.
    public var application: Application {
        if let made = sharedApplication { return made }
        let made = Application(world: self)
        sharedApplication = made
        return made
    }
}
