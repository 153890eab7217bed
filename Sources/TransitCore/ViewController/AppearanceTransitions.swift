// Appearance transitions a script drives itself (UIViewController.beginAppearanceTransition /
// endAppearanceTransition), through the same state machine the engine uses, so callbacks stay
// in balanced will/did pairs whoever calls them; and the status bar style a controller prefers
// (which controller decides, and what the bar shows: StatusBar.swift).

public enum StatusBarStyle: String, CaseIterable, Sendable { case `default`, lightContent, darkContent }

extension ViewController {
    /// `beginAppearanceTransition(_:animated:)`: viewWillAppear or viewWillDisappear, unless the
    /// controller is already going that way (or is there).
    public func beginAppearanceTransition(isAppearing: Bool, animated: Bool) throws {
        try beginAppearance(appearing: isAppearing, animated: animated)
    }

    /// `endAppearanceTransition()`: viewDidAppear or viewDidDisappear for the change begun last,
    /// with its `animated`; nothing when no change is under way.
    public func endAppearanceTransition() throws {
        try endAppearance(animated: appearanceChangeIsAnimated)
    }

    /// `preferredStatusBarStyle`: a subclass's override (a method returning a style), else "default".
    public func effectivePreferredStatusBarStyle() throws -> StatusBarStyle {
        let name = Hook.OverridableProperty.preferredStatusBarStyle
        guard let value = try world.scripting?.property(self, name), !value.isNone else { return .default }
        guard case .string(let raw) = value, let style = StatusBarStyle(rawValue: raw) else {
            throw world.hookError(self, name, "\(name) must return one of \(StatusBarStyle.allCases.map(\.rawValue).joined(separator: ", ")) (got \(value.traceDescription))")
        }
        return style
    }
}
