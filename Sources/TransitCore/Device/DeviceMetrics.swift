// What a device profile implies beyond its screen size: the window's safe-area insets and the
// status bar in each orientation, from the screen's shape. The numbers and where they come from
// are in docs/semantics.md ("Safe area and layout margins"). The refresh rate is a field of the
// profile (Device.maximumFramesPerSecond), not something its shape implies.

extension Device {
    /// The screen's shape, which decides its insets: home-button iPhones (up to 736 pt tall),
    /// iPhones with the Dynamic Island (the iPhone 15 family), and iPads.
    enum Shape { case homeButtonPhone, islandPhone, pad }

    var shape: Shape {
        if idiom == .pad { return .pad }
        return max(size.width, size.height) <= 736 ? .homeButtonPhone : .islandPhone
    }

    /// The window's safe-area insets (UIWindow.safeAreaInsets) in an orientation.
    /// - iPhone 15 family: portrait top 59 (status bar and Dynamic Island), bottom 34 (home
    ///   indicator); landscape left and right 59, bottom 21, top 0 (no status bar).
    /// - Home-button iPhones: portrait top 20 (status bar); nothing in landscape, where the
    ///   status bar is hidden.
    /// - iPad: top 24 (status bar), bottom 20 (home indicator), in both orientations.
    /// Upside-down portrait (which iPhones with Face ID do not offer) keeps portrait's insets.
    public func safeAreaInsets(in orientation: Orientation) -> EdgeInsets {
        switch (shape, orientation.isLandscape) {
        case (.pad, _): return EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)
        case (.homeButtonPhone, false): return EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        case (.homeButtonPhone, true): return .zero
        case (.islandPhone, false): return EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)
        case (.islandPhone, true): return EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)
        }
    }

    /// The status bar's height (UIStatusBarManager.statusBarFrame) in an orientation: the top of
    /// the screen where the system draws time, signal and battery over the app.
    /// - iPhone 15 family: 54 in portrait, within the 59-pt top safe area that also clears the
    ///   Dynamic Island; none in landscape.
    /// - Home-button iPhones: 20 in portrait (the whole top safe area); none in landscape.
    /// - iPad: 24 in both orientations (the whole top safe area).
    public func statusBarHeight(in orientation: Orientation) -> Double {
        switch (shape, orientation.isLandscape) {
        case (.pad, _): return 24
        case (.homeButtonPhone, false): return 20
        case (.islandPhone, false): return 54
        case (_, true): return 0
        }
    }

    /// How the status bar's items are laid out on this device.
    public var statusBarLayout: StatusBarContent.Layout {
        switch shape {
        case .pad: return .pad
        case .homeButtonPhone: return .homeButton
        case .islandPhone: return .island
        }
    }
}

extension World {
    /// The window's safe-area insets for the device and the current orientation.
    public var windowSafeAreaInsets: EdgeInsets { device.safeAreaInsets(in: orientation) }
}
